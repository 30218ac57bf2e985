// @vitest-environment happy-dom
import { REVIEW_STATUS } from '@app/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type ApiCall, mockApi, renderPage } from '../../../test/render-page';
import { WithdrawDetailPage } from './withdraw-detail-page';

const info = {
  currency_id: 3,
  currency_name: 'USDT',
  decimals: 2,
  chains: ['TRC20', 'ERC20'],
  available: '500',
  fee: '1',
  min: '10',
  deposit_min: '1',
  withdrawals_left_today: 3,
  daily_limit: 5,
  arrival_hours: 2,
};
const address = {
  id: 7,
  currency_id: 3,
  currency_name: 'USDT',
  chain: 'TRC20',
  address: 'TXabcdefghijklmnopqrstuvwxyz123456',
  label: 'Cold wallet',
  created_at: '2026-01-01',
};
const user = { id: 1, review_status: REVIEW_STATUS.verified, has_pay_password: true };

/** The server as the page reads it: the coin's rules, one address on TRC20, a verified user with a fund password. */
const server = (call: ApiCall) => {
  if (call.path === 'wallet/get_info') return info;
  if (call.path === 'wallet/get_address') return [address];
  if (call.path === 'user/center') return user;
  if (call.path === 'wallet/list') return { total_usdt: '0', demo_prices: false, accounts: [] };
  return undefined;
};

const amountInput = () => screen.getByTestId('withdraw-amount').querySelector('input')!;

describe('withdraw detail page', () => {
  it('shows the loader while the coin rules are on their way', async () => {
    mockApi(() => new Promise(() => {}));
    await renderPage(<WithdrawDetailPage />, { path: '/withdraw/detail?currency=3' });
    expect(await screen.findByTestId('page-loader')).toBeTruthy();
    expect(screen.getByTestId('withdraw-detail-page')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-submit')).toBeNull();
  });

  it("shows the coin's fee, minimum and today's count, with the chain's only address preselected", async () => {
    const api = mockApi(server);
    await renderPage(<WithdrawDetailPage />, { path: '/withdraw/detail?currency=3' });
    expect((await screen.findByTestId('withdraw-fee')).textContent).toBe('1 USDT');
    expect(screen.getByTestId('withdraw-min').textContent).toBe('10 USDT');
    expect(screen.getByTestId('withdraw-left').textContent).toContain('3');
    expect(screen.getByTestId('withdraw-receive').textContent).toBe('—');
    await waitFor(() => expect(screen.getByTestId('withdraw-address-pick').textContent).toContain('Cold wallet'));
    expect(screen.queryByTestId('withdraw-verify-first')).toBeNull();
    expect(api.callsTo('POST', 'wallet/get_info')[0]?.body).toEqual({ currency: 3 });
    expect(api.unknown).toEqual([]);
  });

  it('says what is wrong with the amount and sends nothing', async () => {
    const api = mockApi(server);
    await renderPage(<WithdrawDetailPage />, { path: '/withdraw/detail?currency=3' });
    await screen.findByTestId('withdraw-fee');
    fireEvent.change(amountInput(), { target: { value: '5' } });
    expect(screen.getByTestId('withdraw-total').textContent).toBe('6 USDT');
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect(await screen.findByTestId('withdraw-amount-error')).toBeTruthy();
    expect(screen.getByTestId('withdraw-amount-error').textContent).not.toBe('');
    expect(api.callsTo('POST', 'wallet/out')).toEqual([]);
  });
});
