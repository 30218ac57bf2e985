// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../../lib/auth-store';
import { mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { Dashboard } from '../api/dashboard';
import { HomePage } from './home-page';

const dashboard: Dashboard = {
  generated_at: '2026-11-20T10:00:00Z',
  demo_prices: true,
  users: { total: 1520, today: 12 },
  identity_queue: 4,
  pending_deposits: {
    count: 2,
    usdt: '1500',
    by_coin: [{ currency_id: 3, currency_name: 'USDT', count: 2, amount: '1500', usdt: '1500' }],
  },
  pending_withdrawals: { count: 0, usdt: '0', by_coin: [] },
  spot_volume_24h: [],
  contracts_open: [],
  options_open: [],
  house: [],
};

const me = (role: string) => ({ id: 2, email: `${role}@example.test`, role, sessions: 3 });

afterEach(() => useAuthStore.setState({ auth: null }));

describe('home page', () => {
  it('shows a finance operator the dashboard figures and who is signed in', async () => {
    mockApi((call) => {
      if (call.path === '/admin/me') return ok(me('finance'));
      if (call.path === '/admin/dashboard') return ok(dashboard);
      return undefined;
    });
    renderPage(<HomePage />);
    const board = await screen.findByTestId('dashboard');
    expect(within(board).getByTestId('dashboard-users').textContent).toContain('+12 today (UTC)');
    expect(within(board).getByTestId('dashboard-deposits').textContent).toContain('1500 USDT (2)');
    expect(within(board).getByTestId('dashboard-demo-prices')).toBeTruthy();
    expect(within(board).getByText('No pairs')).toBeTruthy();
    expect(within(screen.getByTestId('signed-in-as')).getByText('finance@example.test')).toBeTruthy();
    expect(within(screen.getByTestId('signed-in-as')).getByText('3')).toBeTruthy();
  });

  it('shows a support operator no dashboard and does not ask for one', async () => {
    const api = mockApi((call) => (call.path === '/admin/me' ? ok(me('support')) : undefined));
    renderPage(<HomePage />);
    expect(await within(screen.getByTestId('signed-in-as')).findByText('support@example.test')).toBeTruthy();
    expect(screen.queryByTestId('dashboard')).toBeNull();
    expect(api.callsTo('GET', '/admin/dashboard')).toEqual([]);
  });

  it('says the dashboard could not be loaded, with the reason', async () => {
    useAuthStore.setState({
      auth: { token: 't', expires_at: null, admin: { id: 1, email: 'root@example.test', role: 'super' } },
    });
    mockApi((call) => {
      if (call.path === '/admin/me') return ok({ ...me('super'), email: 'root@example.test' });
      if (call.path === '/admin/dashboard') return refused('The dashboard is being rebuilt.');
      return undefined;
    });
    renderPage(<HomePage />);
    expect(await screen.findByText('The dashboard could not be loaded')).toBeTruthy();
    expect(screen.getAllByText('The dashboard is being rebuilt.').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
