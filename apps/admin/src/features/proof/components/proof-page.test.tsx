// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTexts } from '../../../test/expect-texts';
import { mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { Published } from '../api/proof';
import { ProofPage } from './proof-page';

const ROOT_A = 'a'.repeat(64);
const ROOT_B = 'b'.repeat(64);

const published = (over: Partial<Published> = {}): Published => ({
  day: '2026-11-19',
  created_at: '2026-11-19T00:05:00Z',
  user_count: 42,
  roots: [
    {
      currency_id: 3,
      currency_name: 'USDT',
      decimals: 6,
      root: ROOT_A,
      total_units: '125000500000',
      total: '125000.5',
      leaf_count: 40,
    },
  ],
  ...over,
});

const notYet = refused('No proof has been published yet.', 'proof_not_available');

describe('proof of liabilities page', () => {
  it('shows the newest published day with each coin’s total and Merkle root', async () => {
    const api = mockApi((call) => (call.path === '/proof/root' ? ok(published()) : undefined));
    renderPage(<ProofPage />, { path: '/proof' });
    expect((await screen.findByTestId('proof-day')).textContent).toBe('2026-11-19');
    const roots = screen.getByTestId('proof-roots');
    expectTexts(roots, ['125000.5', ROOT_A]);
    expect(screen.getByText('42')).toBeTruthy();
    expect(api.unknown).toEqual([]);
  });

  it('says nothing is published yet when the server has no proof', async () => {
    mockApi((call) => (call.path === '/proof/root' ? notYet : undefined));
    renderPage(<ProofPage />, { path: '/proof' });
    expect(await screen.findByTestId('proof-empty')).toBeTruthy();
    expect(screen.queryByTestId('proof-roots')).toBeNull();
    // The refusal is the empty state, not an error: no toast may follow it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(document.querySelector('.ant-message-notice')).toBeNull();
  });

  it('shows any other refusal of the published proof as an error', async () => {
    mockApi((call) => (call.path === '/proof/root' ? refused('The proof could not be read.') : undefined));
    renderPage(<ProofPage />, { path: '/proof' });
    expect(await screen.findByText('The proof could not be read.')).toBeTruthy();
  });

  it('rebuilds today’s snapshot and shows it at once', async () => {
    const api = mockApi((call) => {
      if (call.path === '/proof/root') return notYet;
      if (call.method === 'POST' && call.path === '/admin/proof/run')
        return ok(published({ day: '2026-11-20', user_count: 43, roots: [{ ...published().roots[0]!, root: ROOT_B }] }));
      return undefined;
    });
    renderPage(<ProofPage />, { path: '/proof' });
    await screen.findByTestId('proof-empty');
    fireEvent.click(screen.getByTestId('proof-run'));
    await api.sentOnce('POST', '/admin/proof/run');
    expect((await screen.findByTestId('proof-day')).textContent).toBe('2026-11-20');
    expect(within(screen.getByTestId('proof-roots')).getByText(ROOT_B)).toBeTruthy();
    expect(await screen.findByText('Snapshot of 2026-11-20 rebuilt and published: 43 users')).toBeTruthy();
  });

  it("shows the server's refusal to rebuild and keeps the published day", async () => {
    mockApi((call) => {
      if (call.path === '/proof/root') return ok(published());
      if (call.path === '/admin/proof/run') return refused('Only the super admin can publish a proof.');
      return undefined;
    });
    renderPage(<ProofPage />, { path: '/proof' });
    await screen.findByTestId('proof-day');
    fireEvent.click(screen.getByTestId('proof-run'));
    expect(await screen.findByText('Only the super admin can publish a proof.')).toBeTruthy();
    expect(screen.getByTestId('proof-day').textContent).toBe('2026-11-19');
  });
});
