// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectTexts } from '../../../test/expect-texts';
import { mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { LedgerCheckPage } from './ledger-check-page';

describe('ledger check page', () => {
  it('scans nothing until the operator asks', async () => {
    const api = mockApi(() => ok({ sound: true, faults: [] }));
    renderPage(<LedgerCheckPage />, { path: '/ledger' });
    await screen.findByTestId('ledger-verify');
    // Give a mount-time request the chance to happen before asserting there was none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
    expect(screen.queryByTestId('ledger-verdict')).toBeNull();
  });

  it('says the ledger is sound when the server finds no fault', async () => {
    const api = mockApi((call) => (call.path === '/admin/ledger/verify' ? ok({ sound: true, faults: [] }) : undefined));
    renderPage(<LedgerCheckPage />, { path: '/ledger' });
    fireEvent.click(await screen.findByTestId('ledger-verify'));
    expect((await screen.findByTestId('ledger-verdict')).textContent).toBe('sound');
    expect(screen.getByText(/^The ledger is sound\./)).toBeTruthy();
    expect(api.callsTo('GET', '/admin/ledger/verify')).toHaveLength(1);
    expect(screen.queryByTestId('ledger-faults')).toBeNull();
  });

  it('lists every fault with its detail, repairing nothing', async () => {
    mockApi((call) =>
      call.path === '/admin/ledger/verify'
        ? ok({
            sound: false,
            faults: [
              { check: 'entry_sums_to_zero', detail: { entry_id: 88, currency_id: 3, sum: '0.5' } },
              { check: 'balance_matches_postings', detail: { user_id: 12, balance: '100', postings: '99' } },
            ],
          })
        : undefined,
    );
    renderPage(<LedgerCheckPage />, { path: '/ledger' });
    fireEvent.click(await screen.findByTestId('ledger-verify'));
    expect((await screen.findByTestId('ledger-verdict')).textContent).toBe('2 faults');
    const faults = screen.getByTestId('ledger-faults');
    expectTexts(faults, ['entry_sums_to_zero', 'balance_matches_postings']);
    expect(faults.textContent).toContain('"entry_id": 88');
    expect(faults.textContent).toContain('"postings": "99"');
  });

  it("shows the server's refusal and no verdict", async () => {
    mockApi(() => refused('Only the super admin can verify the ledger.'));
    renderPage(<LedgerCheckPage />, { path: '/ledger' });
    fireEvent.click(await screen.findByTestId('ledger-verify'));
    expect(await screen.findByText('Only the super admin can verify the ledger.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ledger-verify').className).not.toContain('loading'));
    expect(screen.queryByTestId('ledger-verdict')).toBeNull();
  });
});
