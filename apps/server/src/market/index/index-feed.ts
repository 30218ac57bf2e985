import { D } from '../../lib/money.js';
import { BinanceFeed } from '../binance-feed.js';
import type { Candle } from '../candle.js';
import type { FeedContext, IndexStatus, MarketFeed, PrepareReport } from '../feed.js';
import { formatPrice, type Pair } from '../pairs.js';
import { computeIndex, type IndexResult, type MethodologyConfig, type VenueVerdict } from './methodology.js';
import { VenueConnection } from './venue-connection.js';
import { VENUES, type VenueName, type VenueTrade } from './venues.js';

/**
 * The production price source (MARKET_FEED=index): each pair's index computed from several public
 * venues' live trade streams by the methodology of docs/index.md (methodology.ts). Every tick carries
 * its constituents (venue, price, venue time). Below the minimum of live constituents the index is
 * unavailable: no tick, `indexSample` undefined, a status event and a log line — nothing is guessed.
 *
 * Candles are built from the index ticks. The history of a fresh store, and any whole minute in which
 * the index published nothing (downtime, an unavailable index), come from Binance's 1-minute klines over
 * REST — chart history only: such a minute has no per-second samples, so nothing settles on it.
 */

export type IndexFeedOptions = {
  /** The venues to connect to, each at its websocket URL. */
  venues: readonly { name: VenueName; wsUrl: string }[];
  /** Binance's REST base URL: history and gap repairs of the candles (klines). */
  historyRestUrl: string;
  methodology: MethodologyConfig;
  /** Reconnect backoff per venue (tests shorten it). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A venue connection with no message at all for this long is dropped and reopened. */
  silenceMs?: number;
  /** How often every pair is re-evaluated (staleness, minute close, a tick per second). */
  evaluateMs?: number;
};

/** One venue's state for a pair, for metrics and the console. */
export type VenueState = {
  venue: VenueName;
  connected: boolean;
  price?: string;
  /** The venue's own time of its last trade (ms). */
  time?: number;
  state: VenueVerdict;
};

type Quote = { price: string; time: number };

/** Venue trades read within this many ms of each other are evaluated together. */
const COALESCE_MS = 5;

type PairIndex = {
  pair: Pair;
  /** Venue symbol per venue. */
  markets: Map<VenueName, string>;
  quotes: Map<VenueName, Quote>;
  result?: IndexResult;
  status?: IndexStatus;
  /** The forming 1-min candle built from index ticks. */
  candle?: Candle;
  /** Open time (unix s) of the last final minute stored. */
  lastClosed?: number;
  /** Unix second of the last published tick. */
  lastTickSecond: number;
  /** Trades read since the last evaluation (their volume goes into the candle). */
  pending: { venue: VenueName; trade: VenueTrade }[];
  evaluation?: NodeJS.Timeout;
  repairing?: Promise<void>;
};

export class IndexFeed implements MarketFeed {
  readonly kind = 'index' as const;
  readonly demo = false;
  private readonly history: BinanceFeed;
  private connections = new Map<VenueName, VenueConnection>();
  private pairs = new Map<number, PairIndex>();
  /** Venue → venue symbol → pair id. */
  private routes = new Map<VenueName, Map<string, number>>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: IndexFeedOptions) {
    if (options.venues.length < options.methodology.minConstituents)
      throw new Error(
        `the index needs ${options.methodology.minConstituents} live venues but only ${options.venues.length} are configured`,
      );
    // History only: the Binance adapter's REST backfill and gap fill, never its stream.
    this.history = new BinanceFeed({ restUrl: options.historyRestUrl, wsUrl: 'ws://127.0.0.1:9', backoffMs: options.backoffMs });
  }

  async prepare(ctx: FeedContext): Promise<PrepareReport> {
    const report = await this.history.prepare(ctx);
    for (const pair of ctx.pairs) {
      const last = await ctx.store.last(pair.id, '1min');
      this.entry(pair).lastClosed = last?.openTime;
    }
    return report;
  }

  async start(ctx: FeedContext): Promise<void> {
    for (const pair of ctx.pairs) this.entry(pair);
    for (const { name, wsUrl } of this.options.venues) {
      const protocol = VENUES[name];
      const markets = [...this.pairs.values()].map((p) => p.markets.get(name)!);
      const connection = new VenueConnection({
        protocol,
        wsUrl,
        markets,
        log: ctx.log,
        backoffMs: this.options.backoffMs,
        maxBackoffMs: this.options.maxBackoffMs,
        silenceMs: this.options.silenceMs,
        onTrade: (trade) => this.onTrade(ctx, name, trade),
        // A venue back after a drop: whatever minutes the index missed meanwhile are repaired.
        onOpen: (reconnect) => {
          if (reconnect) for (const p of this.pairs.values()) void this.repair(ctx, p);
        },
      });
      this.connections.set(name, connection);
      connection.start();
    }
    this.timer = setInterval(() => this.evaluateAll(ctx), this.options.evaluateMs ?? 1000);
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const p of this.pairs.values()) clearTimeout(p.evaluation);
    await Promise.all([...this.connections.values()].map((c) => c.stop()));
    this.connections.clear();
    await Promise.allSettled([...this.pairs.values()].map((p) => p.repairing));
  }

  /** Connections accepted per venue (tests, the log). */
  connectionCount(venue: VenueName): number {
    return this.connections.get(venue)?.connections ?? 0;
  }

  venueStates(pairId: number): VenueState[] {
    const p = this.pairs.get(pairId);
    if (!p) return [];
    return this.options.venues.map(({ name }) => {
      const quote = p.quotes.get(name);
      return {
        venue: name,
        connected: this.connections.get(name)?.connected ?? false,
        ...(quote ? { price: quote.price, time: quote.time } : {}),
        state: p.result?.verdicts[name] ?? (quote ? 'stale' : 'none'),
      };
    });
  }

  private entry(pair: Pair): PairIndex {
    let p = this.pairs.get(pair.id);
    if (p) return p;
    const markets = new Map<VenueName, string>();
    for (const { name } of this.options.venues) {
      const market = VENUES[name].market(pair.currencyName, pair.legalName);
      markets.set(name, market);
      const routes = this.routes.get(name) ?? new Map<string, number>();
      this.routes.set(name, routes);
      routes.set(market, pair.id);
    }
    p = { pair, markets, quotes: new Map(), lastTickSecond: 0, pending: [] };
    this.pairs.set(pair.id, p);
    return p;
  }

  private onTrade(ctx: FeedContext, venue: VenueName, trade: VenueTrade): void {
    const pairId = this.routes.get(venue)?.get(trade.market);
    const p = pairId === undefined ? undefined : this.pairs.get(pairId);
    if (!p) return;
    const previous = p.quotes.get(venue);
    // Trades can arrive out of order (a burst, a snapshot): the venue's price is its latest trade.
    if (previous && trade.time < previous.time) return;
    p.quotes.set(venue, { price: trade.price, time: trade.time });
    p.pending.push({ venue, trade });
    // Trades of several venues arriving within a few ms make one index tick (one computation, one
    // push) instead of a tick per message, the later of which the market would hold back 250 ms.
    p.evaluation ??= setTimeout(() => {
      p.evaluation = undefined;
      this.evaluate(ctx, p);
    }, COALESCE_MS);
  }

  private evaluateAll(ctx: FeedContext): void {
    for (const p of this.pairs.values()) this.evaluate(ctx, p);
  }

  /**
   * Recomputes a pair's index from the venues' last prices. New venue trades publish a tick; the
   * periodic run publishes one when the current second has none yet (a venue may be quiet for a moment
   * while the index stands), closes the minute and notices venues going stale.
   */
  private evaluate(ctx: FeedContext, p: PairIndex): void {
    try {
      this.evaluateNow(ctx, p);
    } catch (error) {
      // Runs on timers: a fault must be logged, never take the process down.
      ctx.log.error({ err: (error as Error).message, pair: p.pair.symbol }, 'index feed: evaluation failed');
    }
  }

  private evaluateNow(ctx: FeedContext, p: PairIndex): void {
    const traded = p.pending;
    p.pending = [];
    const now = ctx.now();
    const quotes = this.options.venues.map(({ name }) => ({ venue: name, ...p.quotes.get(name) }));
    const result = computeIndex(quotes, now, this.options.methodology);
    p.result = result;
    this.closeMinute(ctx, p, now);
    this.report(ctx, p, result, now);
    if (!result.available || !result.price) return;
    const second = Math.floor(now / 1000);
    if (!traded.length && second <= p.lastTickSecond) return;
    p.lastTickSecond = second;
    const price = formatPrice(p.pair, result.price);
    // The candle's volume: what the venues inside the index traded (not the stale ones, not outliers).
    const counted = traded.filter((t) => result.verdicts[t.venue] === 'live').map((t) => t.trade);
    this.addToCandle(p, now, price, counted);
    ctx.sink.minute(p.pair, { ...p.candle! }, false);
    const quantity = counted.reduce((sum, t) => sum.plus(t.quantity), new D(0)).toFixed();
    ctx.sink.trade(p.pair, price, quantity, now, result.constituents);
  }

  /** Reports availability changes (and changes of the constituent count) to the market. */
  private report(ctx: FeedContext, p: PairIndex, result: IndexResult, now: number): void {
    const required = this.options.methodology.minConstituents;
    const old = p.status;
    if (
      old &&
      old.available === result.available &&
      old.constituents === result.constituents.length &&
      old.reason === result.reason
    )
      return;
    const status: IndexStatus = {
      available: result.available,
      reason: result.reason,
      constituents: result.constituents.length,
      required,
      since: old && old.available === result.available ? old.since : now,
    };
    p.status = status;
    ctx.sink.indexStatus(p.pair, status);
    // Back after a time without an index: the minutes with no tick at all are filled from the history venue.
    if (result.available && old && !old.available) void this.repair(ctx, p);
  }

  private addToCandle(p: PairIndex, now: number, price: string, trades: readonly VenueTrade[]): void {
    const t = Math.floor(now / 60_000) * 60;
    const volume = trades.reduce((sum, x) => sum.plus(x.quantity), new D(0));
    const amount = trades.reduce((sum, x) => sum.plus(new D(x.quantity).times(x.price)), new D(0));
    const c = p.candle;
    if (!c || c.t !== t) {
      p.candle = { t, o: price, h: price, l: price, c: price, v: volume.toFixed(), a: amount.toDecimalPlaces(8).toFixed() };
      return;
    }
    if (new D(price).gt(c.h)) c.h = price;
    if (new D(price).lt(c.l)) c.l = price;
    c.c = price;
    c.v = volume.plus(c.v).toFixed();
    c.a = amount.plus(c.a).toDecimalPlaces(8).toFixed();
  }

  /** Stores the forming minute once the clock is past it (whether or not the index is available now). */
  private closeMinute(ctx: FeedContext, p: PairIndex, now: number): void {
    const c = p.candle;
    if (!c || c.t >= Math.floor(now / 60_000) * 60) return;
    p.candle = undefined;
    if (p.lastClosed !== undefined && c.t <= p.lastClosed) return;
    const gap = p.lastClosed !== undefined && c.t > p.lastClosed + 60;
    if (gap) {
      // Minutes without any tick lie before this one: repair them first, then store this one after them.
      void this.repair(ctx, p, c.t).then(() => this.storeClosed(ctx, p, c));
      return;
    }
    this.storeClosed(ctx, p, c);
  }

  private storeClosed(ctx: FeedContext, p: PairIndex, c: Candle): void {
    if (p.lastClosed !== undefined && c.t <= p.lastClosed) return;
    p.lastClosed = c.t;
    ctx.sink.minute(p.pair, { ...c }, true);
  }

  /**
   * Fills the whole minutes after the last stored one and before `until` (unix s; default the current
   * minute) from Binance's final 1-min klines. One repair per pair at a time.
   */
  private repair(ctx: FeedContext, p: PairIndex, until?: number): Promise<void> {
    if (p.repairing) return p.repairing;
    const task = (async () => {
      try {
        const nowMinute = Math.floor(ctx.now() / 60_000) * 60;
        const end = Math.min(until ?? nowMinute, p.candle?.t ?? nowMinute);
        const from = Math.max((p.lastClosed ?? end) + 60, nowMinute - ctx.gapFillMaxMinutes * 60);
        if (from >= end) return;
        const minutes = (await this.history.klines(ctx, p.pair, '1m', from, end)).filter(
          (c) => c.t > (p.lastClosed ?? -1) && c.t < end,
        );
        if (!minutes.length) return;
        await ctx.sink.repaired(p.pair, minutes);
        p.lastClosed = Math.max(p.lastClosed ?? 0, minutes.at(-1)!.t);
        ctx.log.info({ pair: p.pair.symbol, minutes: minutes.length, from }, 'index feed: filled minutes without index ticks');
      } catch (error) {
        ctx.log.warn({ err: (error as Error).message, pair: p.pair.symbol }, 'index feed: gap repair failed');
      }
    })().finally(() => {
      // Always after the assignment below (a `finally` callback runs later), even for a repair with nothing to do.
      if (p.repairing === task) p.repairing = undefined;
    });
    p.repairing = task;
    return task;
  }
}
