import { beforeEach, describe, expect, it, vi } from 'vitest';

const prefetched: unknown[] = [];
vi.mock('../lib/query-client', () => ({
  queryClient: {
    prefetchQuery: async (options: { queryKey: unknown }) => {
      prefetched.push(options.queryKey);
    },
  },
}));
vi.mock('../lib/market-api', () => ({ quotationQuery: () => ({ queryKey: ['market', 'quotation'] }) }));

const { prefetchRouteData } = await import('./boot-data');

describe('prefetchRouteData', () => {
  beforeEach(() => {
    prefetched.length = 0;
  });

  it('starts the market list for the trade and K-line pages, whose headline price comes from it', () => {
    prefetchRouteData('#/pages/trade/index');
    prefetchRouteData('#/pages/trade/kline?symbol=BTC%2FUSDT');
    expect(prefetched).toEqual([
      ['market', 'quotation'],
      ['market', 'quotation'],
    ]);
  });

  it('fetches nothing for home or any other page', async () => {
    for (const hash of ['', '#/', '#/pages/index/index', '#/pages/user/login/login', '#/pages/assets/index']) {
      await expect(prefetchRouteData(hash)).resolves.toBeUndefined();
    }
    expect(prefetched).toEqual([]);
  });
});
