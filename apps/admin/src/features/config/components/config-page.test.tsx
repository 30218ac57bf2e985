// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { type ApiHandler, answerPost, mockApi, mockReads, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { ConsoleConfig } from '../api/config';
import { ConfigPage } from './config-page';

const config: ConsoleConfig = {
  coins: [
    {
      id: 3,
      name: 'USDT',
      full_name: 'Tether USD',
      decimals: 6,
      sort: 1,
      deposit_min: '10',
      withdraw_min: '20',
      withdraw_fee: '1',
      chains: ['TRC20', 'ERC20'],
      enabled: true,
      chain_addresses: [
        { id: 1, name: 'TRC20', address: 'TXYZdeposit111' },
        { id: 2, name: 'ERC20', address: null },
      ],
    },
  ],
  pairs: [
    {
      id: 1,
      symbol: 'BTC/USDT',
      price_decimals: 2,
      tick_size: '0.01',
      lot_size: '0.0001',
      min_amount: '0.0001',
      maker_fee_rate: '0.001',
      taker_fee_rate: '0.0015',
      open_coin_trade: true,
      open_lever: true,
      open_microtrade: false,
      open_orders: 42,
      price_band: '0.05',
      mm_levels: null,
      mm_depth: null,
      mm_spread_bps: null,
    },
  ],
  withdraw_daily_limit: 3,
  market_maker: {
    enabled: true,
    quoting: true,
    levels: 10,
    spreadBps: 5,
    stepBps: 3,
    levelQuote: '500',
    refreshBps: 2,
    refreshMs: 5000,
    staleMs: 30000,
  },
  feed: {
    kind: 'binance',
    connected: true,
    demo: false,
    pairs: [{ pair_id: 1, symbol: 'BTC/USDT', price: '65012.34', last_tick_at: '2026-11-28T00:00:00Z' }],
  },
};

function serve(value: ConsoleConfig, extra: ApiHandler = () => undefined) {
  return mockReads({ '/admin/config': ok(value) }, extra);
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('config page', () => {
  it('shows a skeleton, then the coins, the pairs, the limit, the market maker and the feed as stored', async () => {
    serve(config);
    renderPage(<ConfigPage />, { path: '/config' });
    // antd's Skeleton does not pass a test id on, so the loading state is found by its class.
    expect(document.querySelector('.ant-skeleton-active')).not.toBeNull();
    expect(screen.queryByTestId('config-page')).toBeNull();

    const coins = await screen.findByTestId('config-coins');
    expect(within(coins).getByText('Tether USD')).toBeTruthy();
    expect(within(coins).getByTestId('chain-USDT-TRC20')).toBeTruthy();
    const pairs = screen.getByTestId('config-pairs');
    expectTexts(pairs, ['0.1 %', '0.15 %']);
    expect(screen.getByTestId('pair-band-BTC/USDT').textContent).toBe('5 %');
    expect(screen.getByTestId('pair-tick-BTC/USDT').textContent).toBe('0.01');
    expect(within(pairs).getByText('42')).toBeTruthy();
    expect(input('withdraw-limit').value).toBe('3');
    expect(input('mm-levelQuote').value).toBe('500');
    expect(input('mm-refreshMs').value).toBe('5000');
    expect(within(screen.getByTestId('config-market-maker')).getByText('quoting')).toBeTruthy();
    expect(within(screen.getByTestId('config-feed')).getByText('65012.34')).toBeTruthy();
    expect(document.querySelector('.ant-skeleton-active')).toBeNull();
  });

  it('shows empty tables when there is no coin, pair or feed price', async () => {
    serve({ ...config, coins: [], pairs: [], feed: { ...config.feed, connected: false, pairs: [] } });
    renderPage(<ConfigPage />, { path: '/config' });
    const coins = await screen.findByTestId('config-coins');
    expect(within(coins).getAllByText('No data').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('config-pairs')).getAllByText('No data').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('config-feed')).getByText('no')).toBeTruthy();
    expect(screen.queryByTestId('coin-edit-USDT')).toBeNull();
  });

  it("shows the server's refusal when the configuration cannot be read", async () => {
    mockApi(() => refused('Only a super operator can read the configuration.'));
    renderPage(<ConfigPage />, { path: '/config' });
    expect(await screen.findByText('The configuration could not be loaded')).toBeTruthy();
    expect(screen.getAllByText('Only a super operator can read the configuration.').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('config-page')).toBeNull();
  });

  it('saves a changed withdrawal limit, and only once it differs', async () => {
    const api = serve(config, answerPost('/admin/config/withdraw-limit', ok(true)));
    renderPage(<ConfigPage />, { path: '/config' });
    await screen.findByTestId('config-withdraw-limit');
    const save = screen.getByTestId('withdraw-limit-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(input('withdraw-limit'), { target: { value: '5' } });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await expectSent(
      api.sentOnce('POST', '/admin/config/withdraw-limit'),
      { withdraw_daily_limit: 5 },
      'Withdrawal limit saved.',
    );
  });

  it("refuses the market maker's first level without an amount, then saves the new value", async () => {
    const api = serve(config, answerPost('/admin/config/market-maker', ok(true)));
    renderPage(<ConfigPage />, { path: '/config' });
    await screen.findByTestId('config-market-maker');
    fireEvent.change(input('mm-levelQuote'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('mm-save'));
    expect(await screen.findByText('A decimal amount')).toBeTruthy();
    expect(api.posts()).toEqual([]);

    fireEvent.change(input('mm-levelQuote'), { target: { value: '750' } });
    fireEvent.click(screen.getByTestId('mm-save'));
    await expectSent(
      api.sentOnce('POST', '/admin/config/market-maker'),
      {
        levels: 10,
        spreadBps: 5,
        stepBps: 3,
        levelQuote: '750',
        refreshBps: 2,
        refreshMs: 5000,
        staleMs: 30000,
      },
      'Market maker saved.',
    );
  });

  it("opens a pair's rules, refuses a fee rate of 1 or more, and sends nothing", async () => {
    const api = serve(config);
    renderPage(<ConfigPage />, { path: '/config' });
    fireEvent.click(await screen.findByTestId('pair-edit-BTC/USDT'));
    expect(await screen.findByText('Rules of BTC/USDT')).toBeTruthy();
    await waitFor(() => expect(input('pair-maker-fee').value).toBe('0.001'));
    expect(input('pair-price-band').value).toBe('0.05');
    fireEvent.change(input('pair-maker-fee'), { target: { value: '1.5' } });
    expect(await screen.findByText('A fraction below 1, up to 8 places')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });
});
