import type { marketApi } from '@app/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** Where the server's index prices come from (`GET /api/currency/price_source`, public). */
export type PriceSource = marketApi.PriceSourceReply;

export const priceSourceQuery = () =>
  queryOptions({
    queryKey: ['price-source'] as const,
    queryFn: ({ signal }) => api<PriceSource>('/currency/price_source', { method: 'GET', signal, quiet: true }),
    // The source changes only with a restart; a minute's polling follows one without a reload.
    refetchInterval: 60_000,
    staleTime: 60_000,
  });

export const usePriceSource = () => useQuery(priceSourceQuery());
