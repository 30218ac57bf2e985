// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { type ApiHandler, answerPost, firstPage, mockApi, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { ConsolePosition, ContractPairRow } from '../api/contracts';
import { ContractsPage } from './contracts-page';

const pairs: ContractPairRow[] = [
  {
    pair_id: 1,
    symbol: 'BTC/USDT',
    open_lever: true,
    open_positions: 14,
    settings: {
      contract_size: '0.01000000',
      multiples: [5, 10, 20, 50],
      lot_presets: [1, 5, 10],
      open_fee_rate: '0.00050000',
      close_fee_rate: '0.00050000',
      maintenance_margin_rate: '0.00500000',
      max_lots: 500,
    },
  },
  { pair_id: 4, symbol: 'DOGE/USDT', open_lever: false, open_positions: 0, settings: null },
];

const position: ConsolePosition = {
  id: 9001,
  user_id: 12,
  symbol: 'BTC/USDT',
  pair_id: 1,
  legal_id: 3,
  currency_id: 1,
  type: 1,
  side: 'long',
  status: 1,
  status_name: 'holding',
  entry: 'market',
  share: 3,
  multiple: 20,
  lever_share_num: '0.01',
  target_price: null,
  open_price: '65000.5',
  open_price_time: 1_795_000_000_000,
  current_price: '66000.5',
  market_value: '1980.015',
  margin: '97.500750',
  fee: '0.975007',
  close_fee: null,
  profits: '30.000000',
  risk_rate: '130.77',
  maintenance_margin: '9.900075',
  liquidation_price: '62075.25',
  target_profit_price: null,
  stop_loss_price: '63000',
  close_price: null,
  close_price_time: null,
  close_reason: null,
  created_at: '2026-11-27T08:00:00Z',
  opened_at: '2026-11-27T08:00:00Z',
  closed_at: null,
};

function serve(list: ConsolePosition[], extra: ApiHandler = () => undefined) {
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/contracts/settings') return ok(pairs);
    if (call.method === 'GET' && call.path === '/admin/contracts/positions') {
      const user = call.query.get('user_id');
      const rows = user ? list.filter((p) => String(p.user_id) === user) : list;
      return firstPage(rows);
    }
    return extra(call);
  });
}

const value = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;
const positions = () => screen.getByTestId('contract-positions');

describe('contracts page', () => {
  it("shows spinners, then each pair's rules as stored and the open positions", async () => {
    serve([position]);
    renderPage(<ContractsPage />, { path: '/contracts' });
    expect(screen.getByTestId('contract-settings').querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(positions().querySelector('.ant-spin-spinning')).not.toBeNull();

    await waitFor(() => expect(value('contract-1-multiples')).toBe('5, 10, 20, 50'));
    expect(value('contract-1-contract_size')).toBe('0.01');
    expect(value('contract-1-open_fee_rate')).toBe('0.0005');
    expect(value('contract-1-max_lots')).toBe('500');
    // A pair without rules is not open for contracts and shows empty fields.
    expect(value('contract-4-contract_size')).toBe('');
    expect(within(screen.getByTestId('contract-settings')).getByText('contracts off')).toBeTruthy();

    const row = (await within(positions()).findByText('9001')).closest('tr') as HTMLElement;
    expectTexts(row, ['3 × 0.01', '20×', '97.50075', '130.77%', '— / 63000']);
  });

  it('shows an empty positions table when nobody holds a position', async () => {
    serve([]);
    renderPage(<ContractsPage />, { path: '/contracts' });
    expect((await within(positions()).findAllByText('No data')).length).toBeGreaterThan(0);
    await waitFor(() => expect(value('contract-1-max_lots')).toBe('500'));
  });

  it("asks the server for one user's positions when a user id is typed", async () => {
    const api = serve([position]);
    renderPage(<ContractsPage />, { path: '/contracts' });
    await within(positions()).findByText('9001');
    expect(api.callsTo('GET', '/admin/contracts/positions')[0]?.query.has('user_id')).toBe(false);
    fireEvent.change(screen.getByTestId('contract-positions-user'), { target: { value: ' 77 ' } });
    await waitFor(() => expect(api.callsTo('GET', '/admin/contracts/positions').at(-1)?.query.get('user_id')).toBe('77'));
    await waitFor(() => expect(within(positions()).queryByText('9001')).toBeNull());
  });

  it("saves one pair's edited rules, trimmed, as text", async () => {
    const api = serve([position], answerPost('/admin/contracts/settings', ok(pairs[0])));
    renderPage(<ContractsPage />, { path: '/contracts' });
    await waitFor(() => expect(value('contract-1-multiples')).toBe('5, 10, 20, 50'));
    fireEvent.change(screen.getByTestId('contract-1-multiples'), { target: { value: ' 5, 10, 25 ' } });
    fireEvent.click(screen.getByTestId('contract-1-save'));
    await expectSent(
      api.sentOnce('POST', '/admin/contracts/settings'),
      {
        pair_id: 1,
        contract_size: '0.01',
        multiples: '5, 10, 25',
        lot_presets: '1, 5, 10',
        open_fee_rate: '0.0005',
        close_fee_rate: '0.0005',
        maintenance_margin_rate: '0.005',
        max_lots: '500',
      },
      'BTC/USDT contract rules saved.',
    );
  });
});
