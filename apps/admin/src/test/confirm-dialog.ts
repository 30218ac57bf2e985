import { fireEvent, screen } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiCall, MockApi } from './mock-api';

/** The text of the open confirmation dialog (components/confirm.tsx), once it shows. */
export async function confirmText(): Promise<string> {
  return (await screen.findByTestId('confirm-content')).textContent ?? '';
}

/**
 * Confirms the open dialog, after checking that nothing was sent to `path` before the operator
 * confirmed, and returns the one call confirming sends.
 */
export async function confirmSends(api: MockApi, path: string, method = 'POST'): Promise<ApiCall> {
  expect(api.callsTo(method, path)).toHaveLength(0);
  fireEvent.click(screen.getByTestId('confirm-ok'));
  return api.sentOnce(method, path);
}
