/**
 * Market data contract shared by the server and the apps: candle periods, socket events and their
 * payloads. Every price and quantity is a decimal string.
 */

/** Candle periods of `currency/new_timeshar` and of the `kline` socket event (the spec's chart intervals). */
export const CANDLE_PERIODS = ['1min', '5min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type CandlePeriod = (typeof CANDLE_PERIODS)[number];
export const isCandlePeriod = (value: unknown): value is CandlePeriod =>
  typeof value === 'string' && (CANDLE_PERIODS as readonly string[]).includes(value);

/** Most candles one `currency/new_timeshar` call returns; older ones are paged with `next_to`. */
export const MAX_CANDLES_PER_CALL = 1500;

/** Socket.io event names (the original client's, where it had one). */
export const SOCKET_EVENTS = {
  /** client → server: `{symbol, period?}`; `symbol: '*'` receives every pair's `daymarket`. */
  subscribe: 'subscribe',
  /** client → server: `{symbol}`. */
  unsubscribe: 'unsubscribe',
  /** server → pair room: the 24h ticker. */
  daymarket: 'daymarket',
  /** server → a subscriber that named a period (a chart): the live 1-min candle and the live candle of that period. */
  kline: 'kline',
  /** server → pair room: 10 levels of the order book. */
  marketDepth: 'market_depth',
  /** server → pair room: a trade on the exchange's own book. */
  matchTrade: 'match_trade',
} as const;

export type KlineCandle = {
  /** Open time, unix seconds (also the candle's id). */
  id: number;
  open: string;
  close: string;
  high: string;
  low: string;
  /** Volume in the base coin. */
  vol: string;
  /** Turnover in the quote coin. */
  amount: string;
  /** Open time, unix milliseconds. */
  time: number;
};

export type DaymarketEvent = {
  symbol: string;
  pair_id: number;
  legal_id: number;
  currency_id: number;
  now_price: string;
  /** 24h change in percent, two decimals ("-1.25"). */
  change: string;
  high: string;
  low: string;
  volume: string;
  amount: string;
  /** True while prices come from the simulated feed ("demo market data"). */
  demo: boolean;
  time: number;
  /** Server clock (ms) when the socket pushed it (live pushes only): delivery delay = receipt − sent_at. */
  sent_at?: number;
};

export type KlineEvent = KlineCandle & { symbol: string; period: CandlePeriod };

export type DepthLevel = [price: string, quantity: string];
export type MarketDepthEvent = { symbol: string; bids: DepthLevel[]; asks: DepthLevel[]; time: number };

export type MatchTradeEvent = {
  symbol: string;
  id: string | number;
  price: string;
  amount: string;
  /** The taker's side. */
  side: 'buy' | 'sell';
  time: number;
};

export type SubscribeRequest = { symbol: string; period?: CandlePeriod };
export type SubscribeAck =
  | { ok: true; symbol: string; period?: CandlePeriod }
  /** `subscription_limit`: one connection follows at most 30 pairs. */
  | { ok: false; error: 'pair_unknown' | 'period_unknown' | 'subscription_limit' };
