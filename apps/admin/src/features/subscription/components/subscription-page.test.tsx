// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmSends, confirmText } from '../../../test/confirm-dialog';
import { type ApiHandler, answerPost, firstPage, mockReads, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { tableSpinner } from '../../../test/table-spinner';
import type { AdminProject } from '../api/subscription';
import { SubscriptionPage } from './subscription-page';

const base: AdminProject = {
  id: 7,
  code: 'NEWC',
  name: 'New Coin',
  decimals: 4,
  subscribe_currency_id: 3,
  subscribe_currency_name: 'USDT',
  issue_price: '0.10000000',
  total_supply: '1000000.00000000',
  min_amount: '10.000000',
  max_amount: '5000.000000',
  start_at: '2026-11-20T00:00:00Z',
  end_at: '2026-11-27T00:00:00Z',
  launch_at: '2026-12-01T00:00:00Z',
  lock_days: 30,
  introduction: { en: 'A coin for testing.', jp: 'テスト用のコイン。', zh: '' },
  status: 'open',
  phase: 'under_review',
  closed_at: null,
  allocated_at: null,
  launched_at: null,
  currency_id: null,
  pair_id: null,
  launch_price: null,
  demand: '152000.500000',
  orders: 48,
  subscribers: 41,
};

const subscribing: AdminProject = {
  ...base,
  id: 8,
  code: 'GRN',
  name: 'Green Token',
  phase: 'subscribing',
  demand: '0.000000',
  orders: 0,
  subscribers: 0,
  introduction: { en: 'Green energy.' },
};

function serve(list: AdminProject[], extra: ApiHandler = () => undefined) {
  return mockReads(
    {
      '/admin/subscription/projects': firstPage(list),
      '/admin/currency-settings': ok([{ currency_id: 3, currency_name: 'USDT', decimals: 6 }]),
    },
    extra,
  );
}

const table = () => screen.getByTestId('subscription-table');
const spinner = () => tableSpinner(table());

describe('subscription page', () => {
  it('shows a spinner, then each project with its terms, demand and phase', async () => {
    const api = serve([base, subscribing]);
    renderPage(<SubscriptionPage />, { path: '/subscription' });
    expect(spinner()).not.toBeNull();

    const row = await screen.findByTestId('subscription-row-NEWC');
    expect(within(row).getByText('New Coin')).toBeTruthy();
    expect(within(row).getByTestId('subscription-row-demand').textContent).toBe('152000.5 USDT48 orders · 41 users');
    expect(within(row).getByTestId('subscription-row-phase').textContent).toBe('Under review');
    expect(within(row).getByText('1000000 at 0.1 USDT', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('subscription-langs-NEWC').textContent).toBe('English shown for: kr, esp, zh, hk, th');
    // Only a project whose subscription has ended can be allocated.
    expect(within(row).queryByTestId('subscription-allocate')).not.toBeNull();
    const other = screen.getByTestId('subscription-row-GRN');
    expect(within(other).getByTestId('subscription-row-phase').textContent).toBe('Subscribing');
    expect(within(other).queryByTestId('subscription-allocate')).toBeNull();
    expect(spinner()).toBeNull();
    expect(api.callsTo('GET', '/admin/subscription/projects')[0]?.query.get('page')).toBe('1');
  });

  it('says there is no project yet when the list is empty', async () => {
    serve([]);
    renderPage(<SubscriptionPage />, { path: '/subscription' });
    expect(await within(table()).findByText('No projects yet')).toBeTruthy();
  });

  it('allocates only after the dialog spells out the demand against the offering', async () => {
    const api = serve(
      [base],
      answerPost(
        '/admin/subscription/projects/7/allocate',
        ok({
          project: { ...base, status: 'allocated', phase: 'passed' },
          allocation: {
            status: 'allocated',
            orders: 48,
            demand: '152000.5',
            oversubscribed: false,
            allocated: '1520005',
            unallocated: '0',
            proceeds: '152000.5',
            refunded: '0',
          },
        }),
      ),
    );
    renderPage(<SubscriptionPage />, { path: '/subscription' });
    fireEvent.click(await screen.findByTestId('subscription-allocate'));
    const content = await confirmText();
    expect(content).toContain('152000.5 USDT subscribed in 48 orders for 1000000 coins at 0.1.');
    expect(content).toContain('rounded down to 4 decimals');
    await confirmSends(api, '/admin/subscription/projects/7/allocate');
    expect(await screen.findByText('NEWC allocated: 1520005 coins to 48 subscriptions; 0 refunded.')).toBeTruthy();
  });

  it('refuses an empty new project and sends nothing', async () => {
    const api = serve([base]);
    renderPage(<SubscriptionPage />, { path: '/subscription' });
    await screen.findByTestId('subscription-row-NEWC');
    fireEvent.click(screen.getByTestId('subscription-new'));
    expect(await screen.findByText('New subscription project')).toBeTruthy();
    fireEvent.click(screen.getByTestId('subscription-form-submit'));
    expect(await screen.findByText('Enter the coin name.')).toBeTruthy();
    expect(await screen.findByText('Write at least the English introduction.')).toBeTruthy();
    expect(await screen.findByText('Choose the start time.')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it("lists a project's subscriptions in the orders drawer", async () => {
    const api = serve([base], (call) =>
      call.method === 'GET' && call.path === '/admin/subscription/projects/7/orders'
        ? firstPage([
            {
              id: 301,
              user: { id: 12, email: 'alice@example.test', phone: null, area_code: null },
              amount: '2500.000000',
              status: 'pending',
              quantity: null,
              cost: null,
              refund: null,
              unlock_at: null,
              unlocked_at: null,
              created_at: '2026-11-21T09:00:00Z',
            },
          ])
        : undefined,
    );
    renderPage(<SubscriptionPage />, { path: '/subscription' });
    fireEvent.click(await screen.findByTestId('subscription-orders'));
    const orders = await screen.findByTestId('subscription-orders-table');
    expect(await within(orders).findByText('alice@example.test (#12)')).toBeTruthy();
    expect(within(orders).getByText('2500')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/subscription/projects/7/orders')[0]?.query.get('page')).toBe('1');
  });
});
