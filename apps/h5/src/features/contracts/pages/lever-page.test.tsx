// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { contractDeal } from '../../../test/contract-deal';
import { type ApiCall, mockApi, renderPage } from '../../../test/render-page';
import { LeverPage } from './lever-page';

// The realtime client stays out of a page test: no pushed ticker, no reconnects, no user events.
vi.mock('../../../lib/use-market-stream', () => ({
  useMarketStream: () => ({ status: 'connected', reconnects: 0, trades: [] }),
  useTickerStream: () => ({ tickers: {}, status: 'connected' }),
  useUserEvent: () => {},
}));

const deal = contractDeal;
const noPositions = { list: [], total: 0, page: 1, limit: 20, profits_total: '0', hazard_rate: null };

/** Contracts on, the pair's deal and no positions; `dealReply` replaces the deal's answer. */
const server =
  (dealReply: () => unknown = () => deal) =>
  (call: ApiCall) => {
    if (call.path === 'products') return { contracts: true, options: true, wealth: true, subscription: true };
    if (call.path === 'lever/deal') return dealReply();
    if (call.path === 'lever/my_trade') return noPositions;
    return undefined;
  };

describe('lever page', () => {
  it('shows the loader under the header while the deal is on its way', async () => {
    mockApi(server(() => new Promise(() => {})));
    await renderPage(<LeverPage />, { path: '/lever' });
    expect(await screen.findByTestId('page-loader')).toBeTruthy();
    expect(screen.getByTestId('lever-symbol').textContent).toBe('Contract');
    expect(screen.queryByTestId('lever-form')).toBeNull();
  });

  it('shows the pair, its index price, the contract account and the opening form once loaded', async () => {
    const api = mockApi(server());
    await renderPage(<LeverPage />, { path: '/lever' });
    await waitFor(() => expect(screen.getByTestId('lever-symbol').textContent).toBe('BTC/USDT'));
    await waitFor(() => expect(screen.getByTestId('lever-page').getAttribute('data-symbol')).toBe('BTC/USDT'));
    expect(screen.getByTestId('lever-price').textContent).toBe('60,000.00');
    expect(screen.getByTestId('lever-balance').textContent).toBe('1,000');
    expect(screen.getByTestId('lever-form')).toBeTruthy();
    expect(screen.getByTestId('lever-summary')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET', 'lever/my_trade').length).toBeGreaterThan(0));
    expect(api.unknown).toEqual([]);
  });

  it('refuses zero lots and opens nothing', async () => {
    mockApi(server());
    await renderPage(<LeverPage />, { path: '/lever' });
    const lots = (await screen.findByTestId('lever-lots')).querySelector('input')!;
    fireEvent.change(lots, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('lever-submit'));
    expect((await screen.findByTestId('lever-lots-error')).textContent).not.toBe('');
    expect(screen.queryByTestId('lever-confirm')).toBeNull();
  });
});
