import type { CandlePeriod, DaymarketEvent, KlineCandle, MarketDepthEvent, MatchTradeEvent, marketApi } from '@app/shared';
import { api } from './api';
import { apiQuery } from './api-query';
import { QUOTATION_PATH } from './first-screen-data';
import { formatPercent, formatSignedPercent } from './number-format';

/**
 * The market data the home page and the trade pages share (features may not import each other):
 * pairs with their 24h figures, one pair, depth, recent trades, candles and the user's favourites.
 * Every price and amount is a decimal string; `now_price` is null until the feed has a price.
 */
export type PairView = marketApi.PairView;

export type QuotationGroup = marketApi.QuotationGroup;

/** A pair as the server's pair-scoped requests name it: its quote coin and base coin ids. */
export type PairIds = Pick<PairView, 'legal_id' | 'currency_id'>;

/** Only the ids of a pair, for a request or a stored choice (not the rest of what is known of it). */
export const pairIds = (pair: PairIds): PairIds => ({ legal_id: pair.legal_id, currency_id: pair.currency_id });

export const marketKeys = {
  all: ['market'] as const,
  quotation: ['market', 'quotation'] as const,
  deal: (symbol: string) => ['market', 'deal', symbol] as const,
  depth: (symbol: string) => ['market', 'depth', symbol] as const,
  trades: (symbol: string) => ['market', 'trades', symbol] as const,
  favourites: ['market', 'favourites'] as const,
};

/** Every pair, flattened from the quote-coin groups, in the server's order. */
export function allPairs(groups: readonly QuotationGroup[] | undefined): PairView[] {
  return groups?.flatMap((g) => g.quotation) ?? [];
}

// Prices arrive over the socket afterwards; a revisit refreshes the 24h figures. The few seconds
// keep the page that mounts right after the boot prefetch (app/boot-data.ts) from asking again.
export const quotationQuery = () => apiQuery<QuotationGroup[]>(marketKeys.quotation, 'get', QUOTATION_PATH, { staleTime: 5_000 });

export const dealQuery = (pair: Pick<PairView, 'symbol' | 'legal_id' | 'currency_id'>) =>
  apiQuery<PairView>(marketKeys.deal(pair.symbol), 'get', 'currency/deal', {
    params: pairIds(pair),
    staleTime: 0,
  });

export const depthQuery = (symbol: string) =>
  apiQuery<MarketDepthEvent>(marketKeys.depth(symbol), 'get', 'market/depth', { params: { symbol }, toast: false, staleTime: 0 });

/** The book deeper than the drawn 10 levels (a market order's estimate walks it), fetched when asked. */
export const fetchDeepDepth = (symbol: string) =>
  api.get<MarketDepthEvent>('market/depth', { symbol, limit: 100 }, { loading: false, toast: false });

export const tradesQuery = (symbol: string) =>
  apiQuery<{ symbol: string; list: MatchTradeEvent[] }>(marketKeys.trades(symbol), 'get', 'market/trades', {
    params: { symbol, limit: 30 },
    toast: false,
    staleTime: 0,
  });

export const favouritesQuery = () => apiQuery<PairView[]>(marketKeys.favourites, 'get', 'currency/user_currency_list');

/** Stars or unstars a pair; replies with the whole list. */
export const setFavourite = (pairId: number, on: boolean) =>
  api.post<PairView[]>(`currency/user_currency_list/${on ? 'add' : 'remove'}`, { pair_id: pairId }, { loading: false });

/**
 * Up to `limit` candles ending at `to` (unix seconds; now when omitted), oldest first. The reply's
 * envelope is `{code: 1, data}`, of which the client keeps `data`: a full page means older candles
 * may follow, a short one that the history begins there.
 */
export const fetchCandles = (symbol: string, period: CandlePeriod, opts: { to?: number; limit?: number } = {}) =>
  api.get<KlineCandle[]>(
    'currency/new_timeshar',
    { symbol, period, ...(opts.to !== undefined ? { to: opts.to } : {}), limit: opts.limit ?? 500 },
    { loading: false },
  );

/** The pair's figures with a ticker pushed over the socket laid over them. */
export function withTicker(pair: PairView, ticker: DaymarketEvent | undefined): PairView {
  if (!ticker || ticker.symbol !== pair.symbol) return pair;
  return {
    ...pair,
    now_price: ticker.now_price,
    change: ticker.change,
    high: ticker.high,
    low: ticker.low,
    volume: ticker.volume,
    amount: ticker.amount,
    demo: ticker.demo,
  };
}

/** "up", "down" or "flat" from a signed change text, for colours. */
export function changeDirection(change: string | null | undefined): 'up' | 'down' | 'flat' {
  if (!change) return 'flat';
  const text = change.trim();
  if (text.startsWith('-')) return /[1-9]/.test(text) ? 'down' : 'flat';
  return /[1-9]/.test(text) ? 'up' : 'flat';
}

/** "+1.25%" / "-0.40%" / "0.00%". */
export function formatChange(change: string | null | undefined): string {
  return change ? formatSignedPercent(change) : formatPercent('0');
}

/**
 * The gainers leaderboard: only pairs that rose over 24h, best first; ties keep the server's order.
 * A falling pair is not a gainer, so a down market leaves it empty.
 */
export function byGain(pairs: readonly PairView[]): PairView[] {
  return pairs
    .map((pair, index) => ({ pair, index }))
    .filter((x) => compareChange(x.pair.change, '0') > 0)
    .sort((a, b) => compareChange(b.pair.change, a.pair.change) || a.index - b.index)
    .map((x) => x.pair);
}

/** Compares two percent texts with two decimals exactly (no floats). */
function compareChange(a: string, b: string): number {
  const units = (text: string) => {
    const match = /^(-?)(\d+)(?:\.(\d{1,2}))?/.exec(text.trim());
    if (!match) return 0n;
    const value = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0') || '0');
    return match[1] ? -value : value;
  };
  const x = units(a);
  const y = units(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The pair a route names ("BTC/USDT", "btc_usdt"), or undefined. */
export function findPair(pairs: readonly PairView[], symbol: string | null | undefined): PairView | undefined {
  if (!symbol) return undefined;
  const key = symbol.replace(/[/_\-\s]/g, '').toUpperCase();
  return pairs.find((p) => p.symbol.replace('/', '').toUpperCase() === key);
}
