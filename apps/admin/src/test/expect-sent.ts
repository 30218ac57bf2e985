import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiCall } from './mock-api';

/**
 * Checks the body of the one write a page sent (`sent`: `api.sentOnce(…)` or `confirmSends(…)`), then
 * the text that tells the operator it was done.
 */
export async function expectSent(sent: Promise<ApiCall>, body: unknown, receipt: string | RegExp) {
  expect((await sent).body).toEqual(body);
  expect(await screen.findByText(receipt)).toBeTruthy();
}
