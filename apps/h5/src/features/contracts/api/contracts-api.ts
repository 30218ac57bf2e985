import type { LeverDeal, LeverMyTrade, LeverPosition, LeverStatusName } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';
import { type PairIds, pairIds } from '../../../lib/market-api';
import { pagedQuery } from '../../../lib/paged-query';

/** Perpetual contracts (`lever/*`, docs/api-contracts.md). */

export type PairRef = PairIds;
export type Side = 'long' | 'short';
export type EntryKind = 'market' | 'limit';

export const contractsKeys = {
  all: ['lever'] as const,
  deal: (pair: PairRef | undefined) => ['lever', 'deal', pair ? `${pair.legal_id}-${pair.currency_id}` : 'default'] as const,
  positions: (pair: PairRef | undefined, status: LeverStatusName) =>
    ['lever', 'positions', pair ? `${pair.legal_id}-${pair.currency_id}` : 'all', status] as const,
};

const STATUS_CODE: Record<LeverStatusName, number> = { entrusted: 0, holding: 1, closed: 3, cancelled: 4 };

/** The pair's contract rules, price, contract balance and open positions (the first open pair without one). */
export const dealQuery = (pair: PairRef | undefined) =>
  apiQuery<LeverDeal>(contractsKeys.deal(pair), 'get', 'lever/deal', { params: pair ? { ...pair } : undefined, staleTime: 0 });

export const positionsQuery = (pair: PairRef | undefined, status: LeverStatusName) =>
  pagedQuery<LeverMyTrade>(contractsKeys.positions(pair, status), 'get', 'lever/my_trade', {
    ...(pair ?? {}),
    status: STATUS_CODE[status],
  });

/**
 * Whether the user holds anything in contracts on any pair: a holding position or a pending limit entry.
 * While contracts are switched off this keeps the contract tab reachable for them (use-contracts-access.ts).
 */
export const holdsContractsQuery = () =>
  queryOptions({
    queryKey: [...contractsKeys.all, 'holds'] as const,
    queryFn: async ({ signal }) => {
      const totals = await Promise.all(
        (['holding', 'entrusted'] as const).map((status) =>
          api.get<LeverMyTrade>('lever/my_trade', { status: STATUS_CODE[status], page: 1, limit: 1 }, { loading: false, signal }),
        ),
      );
      return totals.some((reply) => reply.total > 0);
    },
    staleTime: 30_000,
  });

export type SubmitInput = {
  pair: PairRef;
  side: Side;
  kind: EntryKind;
  lots: string;
  multiple: number;
  price?: string;
  stopProfit?: string;
  stopLoss?: string;
};

/** Opens a position (market) or entrusts a limit entry; margin and fee leave the contract account. */
export const submitPosition = (input: SubmitInput) =>
  api.post<LeverPosition>('lever/submit', {
    ...pairIds(input.pair),
    type: input.side === 'long' ? 1 : 2,
    status: input.kind === 'market' ? 1 : 0,
    share: input.lots,
    multiple: input.multiple,
    ...(input.kind === 'limit' && input.price ? { target_price: input.price } : {}),
    ...(input.stopProfit ? { target_profit_price: input.stopProfit } : {}),
    ...(input.stopLoss ? { stop_loss_price: input.stopLoss } : {}),
  });

export const closePosition = (id: number) => api.post<LeverPosition>('lever/close', { id });
export const cancelPosition = (id: number) => api.post<LeverPosition>('lever/cancel', { id });
export const setStops = (id: number, stopProfit: string, stopLoss: string) =>
  api.post<LeverPosition>('lever/setstop', { id, target_profit_price: stopProfit, stop_loss_price: stopLoss });
/** Closes every holding position of the pair: all, longs only or shorts only. */
export const closeAll = (pair: PairRef, which: 'all' | Side) =>
  api.post<{ closed: LeverPosition[] }>('lever/close_all', { ...pair, type: which === 'all' ? 0 : which === 'long' ? 1 : 2 });
