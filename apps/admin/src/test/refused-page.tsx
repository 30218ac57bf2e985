import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { expect } from 'vitest';
import { mockApi, refused } from './mock-api';
import { renderPage } from './render-page';

/** Renders `page` at `path` with the server refusing every request with `reason`, and waits until the page shows it. */
export async function renderRefused(page: ReactElement, path: string, reason: string) {
  mockApi(() => refused(reason));
  renderPage(page, { path });
  expect(await screen.findByText(reason)).toBeTruthy();
}
