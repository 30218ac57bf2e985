import { performance } from 'node:perf_hooks';
import { type DepthLevel, marketApi } from '@app/shared';
import type { Candle } from './candle.js';
import type { CandleStore } from './candle-store.js';
import type { Pair } from './pairs.js';

// The price source is part of the API's contract (`currency/price_source`).
export const FEED_KINDS = marketApi.FEED_KINDS;
export type FeedKind = marketApi.FeedKind;

export type MarketLog = {
  info: (obj: object | string, msg?: string) => void;
  warn: (obj: object | string, msg?: string) => void;
  error: (obj: object | string, msg?: string) => void;
};

/** A book as another exchange shows it: a reference for quoting, never shown as this exchange's book. */
export type ReferenceDepth = { bids: DepthLevel[]; asks: DepthLevel[]; time: number };

/**
 * One venue's price inside an index tick: the venue's name, its last price (decimal string, as the venue
 * sent it) and the venue's own time of that trade (ms). Stored with every recorded sample.
 */
export type IndexConstituent = { venue: string; price: string; time: number };

/** Whether a pair's index can be computed now (a multi-venue index may not be: too few live venues). */
export type IndexStatus = {
  available: boolean;
  /** Why it is unavailable (or, when available, empty). */
  reason: string;
  /** Venues whose price went into the index. */
  constituents: number;
  /** Live constituents the index needs. */
  required: number;
  /** Since when (ms) the status has been what it is. */
  since: number;
};

/** What a feed reports to the market; prices are already rounded to the pair's tick. */
export interface FeedSink {
  /** The forming 1-min candle (`closed` false), or its final state (`closed` true, once per minute). */
  minute(pair: Pair, candle: Candle, closed: boolean): void;
  /** Final 1-min candles recovered after an outage (a reconnect's gap repair), oldest first. */
  repaired(pair: Pair, candles: Candle[]): Promise<void>;
  /**
   * A trade at the source: its price is the pair's index price. A multi-venue index passes the venues'
   * prices it was computed from.
   */
  trade(pair: Pair, price: string, quantity: string, timeMs: number, constituents?: readonly IndexConstituent[]): void;
  /** The index became available or unavailable (only feeds that can lose their index report it). */
  indexStatus(pair: Pair, status: IndexStatus): void;
  referenceDepth(pair: Pair, depth: ReferenceDepth): void;
}

export type FeedContext = {
  pairs: Pair[];
  store: CandleStore;
  sink: FeedSink;
  /** Milliseconds since the epoch (tests fix it). */
  now: () => number;
  log: MarketLog;
  /** Days of 1-minute history on a fresh store (whole UTC days before today, plus today so far). */
  historyDays: number;
  /** Days of daily history on a fresh store (the 1-minute days included). */
  dailyHistoryDays: number;
  /** At most this many missing minutes are filled at a start after downtime; older ones stay a gap. */
  gapFillMaxMinutes: number;
  /** Set when the market stops: long work checks it between steps. */
  signal: AbortSignal;
};

export type PrepareReport = { backfilledPairs: number; gapFilledMinutes: number; rows: number; ms: number };

/**
 * A feed's `prepare`: each pair in turn (none after the market stops), adding to one report, timed as
 * a whole.
 */
export async function preparePairs(
  ctx: FeedContext,
  preparePair: (pair: Pair, nowSec: number, report: PrepareReport) => Promise<void>,
): Promise<PrepareReport> {
  const started = performance.now();
  const report: PrepareReport = { backfilledPairs: 0, gapFilledMinutes: 0, rows: 0, ms: 0 };
  const nowSec = Math.floor(ctx.now() / 1000);
  for (const pair of ctx.pairs) {
    if (ctx.signal.aborted) break;
    await preparePair(pair, nowSec, report);
  }
  report.ms = Math.round(performance.now() - started);
  return report;
}

export interface MarketFeed {
  readonly kind: Exclude<FeedKind, 'off'>;
  /** True for made-up data: the UI labels it "demo market data". */
  readonly demo: boolean;
  /** Backfills the history of pairs with none and fills the gap since the last stored minute of the others. */
  prepare(ctx: FeedContext): Promise<PrepareReport>;
  /** Goes live until `stop`. */
  start(ctx: FeedContext): Promise<void>;
  /** Starts a pair listed while the feed runs, its index at `startPrice` now (feeds that can price a new coin). */
  addPair?(ctx: FeedContext, pair: Pair, startPrice: string): Promise<void>;
  stop(): Promise<void>;
}
