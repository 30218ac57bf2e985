// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { confirmSends, confirmText } from '../../../test/confirm-dialog';
import { type ApiHandler, answerPost, firstPage, mockApi, mockReads, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { AdminUserDetail, LedgerRow } from '../api/users';
import { aliceSummary } from './user.fixture';
import { UserPage } from './user-page';

const detail: AdminUserDetail = {
  profile: { ...aliceSummary({ advanced_state: 'pending' }), card_id: 'TK1234567', lang: 'en', parent_id: null },
  // The server lists accounts alphabetically; the page shows the coin account first.
  balances: [
    { account: 'contract', currency_id: 3, currency_name: 'USDT', available: '0.000000', frozen: '0.000000' },
    { account: 'coin', currency_id: 3, currency_name: 'USDT', available: '1250.500000', frozen: '10.000000' },
    { account: 'coin', currency_id: 1, currency_name: 'BTC', available: '0.00000000', frozen: '0.00000000' },
  ],
  verification: [],
  bank_card: null,
};

const posting: LedgerRow = {
  id: 700,
  entry_id: 350,
  account: 'coin',
  currency_id: 3,
  currency_name: 'USDT',
  bucket: 'available',
  amount: '-20.000000',
  balance_after: '1250.500000',
  reason: 'withdraw_freeze',
  ref_type: 'withdrawal',
  ref_id: '61',
  memo: null,
  created_at: '2026-11-20T10:00:00Z',
};

function serve(extra: ApiHandler = () => undefined) {
  return mockReads({ '/admin/users/12': ok(detail), '/admin/users/12/ledger': firstPage([posting]) }, extra);
}

const renderUser = (id: string) =>
  renderPage(
    <Routes>
      <Route path="/users/:id" element={<UserPage />} />
    </Routes>,
    { path: `/users/${id}` },
  );

const balanceRows = () =>
  [...document.querySelectorAll('[data-testid="user-balances"] tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );

describe('user page', () => {
  it('shows the profile, the non-zero balances with their total, and the ledger history', async () => {
    serve();
    renderUser('12');
    const profile = await screen.findByTestId('user-profile');
    await within(profile).findByText('TK1234567');
    expect(within(profile).getByTestId('user-advanced').textContent).toBe('Pending');
    await waitFor(() => expect(balanceRows()).toEqual([['Coin', 'USDT', '1250.5', '10', '1260.5']]));

    fireEvent.click(screen.getByTestId('balances-show-zero'));
    await waitFor(() => expect(balanceRows()).toHaveLength(3));
    expect(balanceRows().map((r) => `${r[0]} ${r[1]}`)).toEqual(['Coin USDT', 'Coin BTC', expect.stringMatching(/ USDT$/)]);

    const ledger = screen.getByTestId('user-ledger');
    expect(await within(ledger).findByText('-20')).toBeTruthy();
    expect(within(ledger).getByText('entry #350 · withdrawal #61')).toBeTruthy();
  });

  it('files a debit only after the dialog spells it out, and says it waits for a second operator', async () => {
    const api = serve(
      answerPost('/admin/users/12/adjust', ok({ approval_id: 95, status: 'pending_approval', kind: 'user.adjust' })),
    );
    renderUser('12');
    await waitFor(() => expect(balanceRows()).toHaveLength(1));
    fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: '-2.5' } });
    fireEvent.change(screen.getByTestId('adjust-reason'), { target: { value: ' Duplicate credit of 20 Nov ' } });
    fireEvent.submit(screen.getByTestId('adjust-submit').closest('form') as HTMLFormElement);

    const content = await confirmText();
    expect(content).toContain("2.5 USDT will be taken from the available balance of alice@example.test's Coin account.");
    expect(content).toContain('Reason recorded: “Duplicate credit of 20 Nov”.');
    expect((await confirmSends(api, '/admin/users/12/adjust')).body).toEqual({
      currency_id: 3,
      account: 'coin',
      amount: '-2.5',
      reason: 'Duplicate credit of 20 Nov',
    });
    expect(await screen.findByText(/The adjustment is waiting for a second operator \(request #95/)).toBeTruthy();
  });

  it('refuses an amount of zero, and sends nothing', async () => {
    const api = serve();
    renderUser('12');
    await waitFor(() => expect(balanceRows()).toHaveLength(1));
    fireEvent.change(screen.getByTestId('adjust-amount'), { target: { value: '0' } });
    fireEvent.change(screen.getByTestId('adjust-reason'), { target: { value: 'nothing' } });
    fireEvent.submit(screen.getByTestId('adjust-submit').closest('form') as HTMLFormElement);
    await waitFor(() => expect(screen.getByTestId('adjust-card').querySelector('.ant-form-item-has-error')).not.toBeNull());
    expect(screen.queryByTestId('confirm-content')).toBeNull();
    expect(api.posts()).toEqual([]);
  });

  it('asks the server nothing for an address that is not a user ID', async () => {
    const api = serve();
    renderUser('abc');
    expect(await screen.findByText('Not a user ID.')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("shows the server's refusal for an unknown user", async () => {
    mockApi((call) => (call.path === '/admin/users/404' ? refused('User not found.') : firstPage([])));
    renderUser('404');
    await waitFor(() => expect(screen.getAllByText('User not found.').length).toBeGreaterThan(0));
    expect(within(screen.getByTestId('user-profile')).queryByText('TK1234567')).toBeNull();
  });
});
