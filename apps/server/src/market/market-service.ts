import { EventEmitter } from 'node:events';
import type { DaymarketEvent, DepthLevel, MarketDepthEvent, MatchTradeEvent } from '@app/shared';
import type { Database } from '../db/client.js';
import { D, type Dec } from '../lib/money.js';
import { type LivePrices, type PriceSource, USDT_ID } from '../lib/valuation.js';
import { type Candle, candleFromRow, mergeCandle } from './candle.js';
import { CandleStore } from './candle-store.js';
import type {
  FeedContext,
  FeedKind,
  FeedSink,
  IndexConstituent,
  IndexStatus,
  MarketFeed,
  MarketLog,
  PrepareReport,
  ReferenceDepth,
} from './feed.js';
import type { IndexFeedOptions, VenueState } from './index/index-feed.js';
import { loadPairs, type Pair, symbolKey } from './pairs.js';
import { bucketStart, CANDLE_PERIODS, type CandlePeriod, ROLL_UP } from './periods.js';

export type MarketOptions = {
  database: Database;
  feed: FeedKind;
  seed: string;
  historyDays: number;
  dailyHistoryDays: number;
  gapFillMaxMinutes: number;
  restUrl: string;
  wsUrl: string;
  log: MarketLog;
  /** Milliseconds since the epoch; tests fix it. */
  now?: () => number;
  /** Binance adapter tuning (tests shorten the backoff). */
  binance?: { backoffMs?: number; maxBackoffMs?: number; staleMs?: number };
  /** The multi-venue index (MARKET_FEED=index): venues, their URLs, the methodology's limits. */
  index?: IndexFeedOptions;
};

/** The 24h figures of a pair. Decimal strings; `change` in percent with two places. */
export type Ticker = {
  price: string;
  open: string;
  high: string;
  low: string;
  volume: string;
  amount: string;
  change: string;
  time: number;
};

export type IndexSample = {
  pairId: number;
  price: string;
  time: number;
  source: Exclude<FeedKind, 'off'>;
  /** The venues' prices a multi-venue index was computed from (absent for single-source feeds). */
  constituents?: readonly IndexConstituent[];
};

/** An index price tick as `subscribe` listeners get it. */
export type IndexTick = {
  pairId: number;
  symbol: string;
  price: string;
  time: number;
  /** The venues' prices behind this tick (the multi-venue index only). */
  constituents?: readonly IndexConstituent[];
};

/** A trade on this exchange's own book, as the spot module reports it. */
export type BookTrade = { id: string | number; price: string; amount: string; side: 'buy' | 'sell'; time: number };
export type BookDepth = { bids: DepthLevel[]; asks: DepthLevel[] };

/**
 * The exchange's own order book per pair, registered by the spot module. Until it is, the depth is empty
 * and there are no trades: nothing is made up.
 */
export interface BookProvider {
  depth(pairId: number, levels: number): BookDepth | Promise<BookDepth>;
  trades(pairId: number, limit: number): BookTrade[] | Promise<BookTrade[]>;
}

export type MarketEvents = {
  /** A new index price (at most every TICK_MIN_MS per pair), with the pair's 24h ticker. */
  tick: { pair: Pair; price: string; time: number; daymarket: DaymarketEvent; constituents?: readonly IndexConstituent[] };
  /** A pair's index became available or unavailable (the multi-venue index: too few live venues). */
  indexStatus: { pair: Pair; status: IndexStatus };
  /** The live candle of one period (every period on each tick). */
  kline: { pair: Pair; period: CandlePeriod; candle: Candle };
  depth: { pair: Pair; depth: MarketDepthEvent };
  trade: { pair: Pair; trade: MatchTradeEvent };
};
type EventName = keyof MarketEvents;

/**
 * cluster: what the leader's feed did, relayed over Redis to the other nodes, which apply it
 * to their own state without a feed of their own (and without storing candles: the leader does).
 */
export type RelayedFeedEvent =
  | { kind: 'minute'; pairId: number; candle: Candle; closed: boolean }
  | { kind: 'trade'; pairId: number; price: string; quantity: string; time: number; constituents?: readonly IndexConstituent[] }
  | { kind: 'status'; pairId: number; status: IndexStatus }
  | { kind: 'reference'; pairId: number; depth: ReferenceDepth }
  /** Candles were written in bulk (a repair or a fresh history): read them from the database. */
  | { kind: 'reload'; pairId?: number };

/** Ticks of one pair are pushed at most this often (an exchange feed can report dozens of trades a second). */
const TICK_MIN_MS = 250;
/** Per-second index samples kept for `priceAt`. */
const SAMPLES_KEPT = 900;
const DAY = 86_400;

type PairState = {
  pair: Pair;
  /** Final 1-min candles of the last 24 hours, oldest first. */
  minutes: Candle[];
  /** The forming 1-min candle. */
  live?: Candle;
  /** Per longer period, the stored candle of the current bucket (its final minutes rolled up). */
  closed: Map<CandlePeriod, Candle>;
  index?: { price: string; time: number; constituents?: readonly IndexConstituent[] };
  /** Reported by feeds that can lose their index; absent means available whenever there is a price. */
  status?: IndexStatus;
  samples: { second: number; price: string }[];
  reference?: ReferenceDepth;
  window?: { since: number; candle: Candle | undefined };
  lastFlush: number;
  /** When the last push that moved the index price went out, and the price it showed. */
  lastMoveFlush: number;
  pushedPrice?: string;
  flushTimer?: NodeJS.Timeout;
  flushQueued: boolean;
  /** When the queued push goes out (ms). */
  flushAt: number;
};

/**
 * The market: pairs, the feed, index prices, 24h tickers, live candles and their storage. Other modules
 * read prices through it (`indexPrice`, `indexSample`, `priceAt`, `usdtPrice`) and listen to it (`on`);
 * the socket plugin pushes its events to clients; the spot module plugs its order book in
 * (`setBookProvider`, `publishDepth`, `publishTrade`).
 */
export class MarketService {
  readonly feedKind: FeedKind;
  readonly store: CandleStore;
  private pairs: Pair[] = [];
  private byId = new Map<number, Pair>();
  private byKey = new Map<string, Pair>();
  private states = new Map<number, PairState>();
  private events = new EventEmitter();
  private feed: MarketFeed | undefined;
  private abort = new AbortController();
  private running: Promise<void> | undefined;
  private pairsLoading: Promise<void> | undefined;
  private ctx: FeedContext | undefined;
  private book: BookProvider | undefined;
  private readonly now: () => number;
  /** What the last start did (backfill or gap fill), for the log and tests. */
  lastPrepare: PrepareReport | undefined;
  live = false;
  // cluster: the leader relays its feed; followers apply what it relays
  private relay: ((event: RelayedFeedEvent) => void) | undefined;
  private following = false;

  constructor(private readonly options: MarketOptions) {
    this.feedKind = options.feed;
    this.store = new CandleStore(options.database);
    this.now = options.now ?? Date.now;
    this.events.setMaxListeners(0);
  }

  /** Prices from the simulated feed (or none at all) are demo data; only real venues' are not. */
  get demo(): boolean {
    return this.feedKind !== 'binance' && this.feedKind !== 'index';
  }

  /** Reads the pairs once (the first caller waits; later ones return at once). */
  ensurePairs(): Promise<void> {
    this.pairsLoading ??= this.loadPairs();
    return this.pairsLoading;
  }

  /** Reads the pairs (again, after operators change them). */
  async loadPairs(): Promise<void> {
    this.pairs = await loadPairs(this.options.database.db);
    this.byId = new Map(this.pairs.map((p) => [p.id, p]));
    this.byKey = new Map(this.pairs.map((p) => [symbolKey(p.symbol), p]));
    for (const pair of this.pairs) {
      const state = this.states.get(pair.id);
      if (state) state.pair = pair;
      else
        this.states.set(pair.id, {
          pair,
          minutes: [],
          closed: new Map(),
          samples: [],
          lastFlush: 0,
          lastMoveFlush: 0,
          flushQueued: false,
          flushAt: 0,
        });
    }
  }

  listPairs(): readonly Pair[] {
    return this.pairs;
  }

  /** A pair by id or by symbol ("BTC/USDT", "BTCUSDT", any case). */
  getPair(idOrSymbol: number | string): Pair | undefined {
    if (typeof idOrSymbol === 'number') return this.byId.get(idOrSymbol);
    return this.byKey.get(symbolKey(idOrSymbol));
  }

  pairOf(currencyId: number, legalId: number): Pair | undefined {
    return this.pairs.find((p) => p.currencyId === currencyId && p.legalId === legalId);
  }

  /** The pair's index price (the feed's last trade, rounded to the tick), or undefined before the feed has one. */
  indexPrice(pairId: number): string | undefined {
    const state = this.states.get(pairId);
    return state?.index?.price ?? state?.live?.c ?? state?.minutes.at(-1)?.c;
  }

  /**
   * The index price with the moment and source it comes from: what a settlement stores. Undefined while
   * the index is unavailable (too few live venues): nothing may use the last price as if it were current.
   */
  indexSample(pairId: number): IndexSample | undefined {
    const state = this.states.get(pairId);
    if (!state?.index || this.feedKind === 'off' || state.status?.available === false) return undefined;
    const { price, time, constituents } = state.index;
    return { pairId, price, time, source: this.feedKind, ...(constituents ? { constituents } : {}) };
  }

  /**
   * Whether the pair's index is available now, and why not. Feeds with one source report nothing: their
   * index is available once it has a price.
   */
  indexStatus(pairId: number): IndexStatus | undefined {
    const state = this.states.get(pairId);
    if (!state) return undefined;
    if (state.status) return state.status;
    const has = !!state.index && this.feedKind !== 'off';
    return {
      available: has,
      reason: has ? '' : 'no price yet',
      constituents: has ? 1 : 0,
      required: 1,
      since: state.index?.time ?? 0,
    };
  }

  /** Per venue of the multi-venue index: its last price and time, and whether it is live, stale or an outlier. */
  venueStates(pairId: number): VenueState[] {
    const feed = this.feed as { venueStates?: (pairId: number) => VenueState[] } | undefined;
    return feed?.venueStates?.(pairId) ?? [];
  }

  /** The index price as it stood at the end of a unix second within the last 15 minutes. */
  priceAt(pairId: number, second: number): string | undefined {
    const samples = this.states.get(pairId)?.samples ?? [];
    for (let i = samples.length - 1; i >= 0; i--) if (samples[i]!.second <= second) return samples[i]!.price;
    return undefined;
  }

  /** USDT value of one coin, from its USDT pair's index price (the wallet's valuation). */
  readonly usdtPrice: PriceSource = (currencyId: number): Dec | undefined => {
    if (currencyId === USDT_ID) return new D(1);
    const pair = this.pairOf(currencyId, USDT_ID);
    const price = pair && this.indexPrice(pair.id);
    return price ? new D(price) : undefined;
  };

  /** The wallet's valuation source: index prices, labelled demo while the feed is simulated. */
  get livePrices(): LivePrices {
    return { price: this.usdtPrice, demo: this.demo };
  }

  ticker(pairId: number): Ticker | undefined {
    const state = this.states.get(pairId);
    if (!state) return undefined;
    const window = this.window(state);
    const candle = state.live ? mergeCandle(window, state.live, state.live.t) : window;
    const price = this.indexPrice(pairId);
    if (!candle || !price) return undefined;
    const open = new D(candle.o);
    const change = open.isZero() ? new D(0) : new D(price).minus(open).dividedBy(open).times(100);
    return {
      price,
      open: candle.o,
      high: Number(price) > Number(candle.h) ? price : candle.h,
      low: Number(price) < Number(candle.l) ? price : candle.l,
      volume: candle.v,
      amount: candle.a,
      change: change.toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2),
      time: state.index?.time ?? (state.live ?? candle).t * 1000,
    };
  }

  daymarket(pair: Pair): DaymarketEvent | undefined {
    const t = this.ticker(pair.id);
    if (!t) return undefined;
    return {
      symbol: pair.symbol,
      pair_id: pair.id,
      legal_id: pair.legalId,
      currency_id: pair.currencyId,
      now_price: t.price,
      change: t.change,
      high: t.high,
      low: t.low,
      volume: t.volume,
      amount: t.amount,
      demo: this.demo,
      time: t.time,
    };
  }

  /** The forming candle of a period (the stored part of its bucket plus the live minute). */
  currentCandle(pairId: number, period: CandlePeriod): Candle | undefined {
    const state = this.states.get(pairId);
    if (!state) return undefined;
    const { live } = state;
    if (period === '1min') return live;
    const closed = state.closed.get(period);
    if (!live) return closed;
    const start = bucketStart(period, live.t);
    return closed && closed.t === start ? mergeCandle(closed, live, start) : { ...live, t: start };
  }

  /**
   * Candles with open time in [from, to], oldest first, at most `limit` of the newest; `more` when older
   * ones in the range were left out. The forming candle is included.
   */
  async candles(pair: Pair, period: CandlePeriod, from: number, to: number, limit: number) {
    const rows = await this.store.range(pair.id, period, from, to, limit + 1);
    const list = rows.map((row) => candleFromRow(pair, row));
    const current = this.currentCandle(pair.id, period);
    if (current && current.t >= from && current.t <= to) {
      if (list[0]?.t === current.t) list[0] = current;
      else if (!list[0] || current.t > list[0].t) list.unshift(current);
    }
    const more = list.length > limit;
    if (more) list.length = limit;
    return { list: list.reverse(), more };
  }

  /** The source exchange's book (a real feed only): a reference for market making, never shown as ours. */
  referenceDepth(pairId: number): ReferenceDepth | undefined {
    return this.states.get(pairId)?.reference;
  }

  on<E extends EventName>(event: E, listener: (payload: MarketEvents[E]) => void): () => void {
    this.events.on(event, listener);
    return () => this.events.off(event, listener);
  }

  /** Index price ticks of every pair (with their constituents when the index is multi-venue). */
  subscribe(listener: (tick: IndexTick) => void): () => void {
    return this.on('tick', ({ pair, price, time, constituents }) =>
      listener({ pairId: pair.id, symbol: pair.symbol, price, time, ...(constituents ? { constituents } : {}) }),
    );
  }

  setBookProvider(provider: BookProvider): void {
    this.book = provider;
  }

  async depth(pair: Pair, levels = 10): Promise<MarketDepthEvent> {
    const book = (await this.book?.depth(pair.id, levels)) ?? { bids: [], asks: [] };
    return { symbol: pair.symbol, bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels), time: this.now() };
  }

  async trades(pair: Pair, limit = 50): Promise<MatchTradeEvent[]> {
    const trades = (await this.book?.trades(pair.id, limit)) ?? [];
    return trades.slice(0, limit).map((t) => ({ symbol: pair.symbol, ...t }));
  }

  /** Pushes the pair's current depth to its room (the spot module calls it when its book changes). */
  async publishDepth(pairId: number): Promise<void> {
    const pair = this.byId.get(pairId);
    if (pair) this.events.emit('depth', { pair, depth: await this.depth(pair) });
  }

  /** Pushes a trade of the pair's book to its room. */
  publishTrade(pairId: number, trade: BookTrade): void {
    const pair = this.byId.get(pairId);
    if (pair) this.events.emit('trade', { pair, trade: { symbol: pair.symbol, ...trade } });
  }

  /**
   * Starts the feed: history first (backfill on a fresh store, a bounded gap fill after downtime), then
   * live ticks. Runs in the background of a start; API replies never wait for it.
   */
  start(): Promise<void> {
    this.running ??= this.run().catch((error) => {
      this.options.log.error({ err: error }, 'market feed failed to start');
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
    await this.feed?.stop();
    await this.store.drain();
    for (const state of this.states.values()) clearTimeout(state.flushTimer);
    this.live = false;
    // cluster: a node that stops leading may lead again later: start() begins afresh.
    this.running = undefined;
    this.feed = undefined;
    this.ctx = undefined;
    this.abort = new AbortController();
  }

  // cluster ──────────────────────────────────────────────────────────────────────────────

  /** The leader: every feed event also goes to `relay` (the cluster publishes it to the followers). */
  relayTo(relay: ((event: RelayedFeedEvent) => void) | undefined): void {
    this.relay = relay;
  }

  /** A follower: no feed here; state comes from the database and the leader's relayed events. */
  async follow(): Promise<void> {
    this.following = true;
    await this.ensurePairs();
    await this.loadState();
  }

  /** Stops applying relayed events (this node is about to run the feed itself). */
  unfollow(): void {
    this.following = false;
  }

  applyRelayed(event: RelayedFeedEvent): void {
    if (!this.following) return;
    if (event.kind === 'reload') {
      const states = event.pairId === undefined ? [...this.states.values()] : [this.states.get(event.pairId)].filter((x) => !!x);
      void (async () => {
        if (event.pairId !== undefined && !this.byId.has(event.pairId)) await this.loadPairs();
        for (const state of states) {
          await this.loadPairState(state);
          this.schedule(state);
        }
      })().catch((error) => this.options.log.warn({ err: error }, 'reloading relayed candles failed'));
      return;
    }
    const pair = this.byId.get(event.pairId);
    if (!pair) {
      // A pair listed on another node: read the pairs again; its next event finds it.
      void this.loadPairs().catch(() => {});
      return;
    }
    if (event.kind === 'minute') this.sink.minute(pair, event.candle, event.closed);
    else if (event.kind === 'trade') this.sink.trade(pair, event.price, event.quantity, event.time, event.constituents);
    else if (event.kind === 'status') this.sink.indexStatus(pair, event.status);
    else this.sink.referenceDepth(pair, event.depth);
  }

  private context(): FeedContext {
    const o = this.options;
    const market = this;
    return {
      // Read at each use: a pair listed at runtime (`addPair`) joins the running feed.
      get pairs() {
        return market.pairs;
      },
      store: this.store,
      sink: this.sink,
      now: this.now,
      log: o.log,
      historyDays: o.historyDays,
      dailyHistoryDays: o.dailyHistoryDays,
      gapFillMaxMinutes: o.gapFillMaxMinutes,
      signal: this.abort.signal,
    };
  }

  private async run(): Promise<void> {
    await this.ensurePairs();
    if (this.feedKind === 'off') {
      await this.loadState();
      return;
    }
    const feed = await createFeed(this.options);
    this.feed = feed;
    // Never mix demo history with an exchange's: a change of feed starts the history afresh.
    const stored = await this.store.source();
    if (stored && stored !== feed.kind) {
      this.options.log.warn({ from: stored, to: feed.kind }, 'market feed changed: dropping the stored candles');
      await this.store.serial(() => this.store.wipe());
    }
    if (stored !== feed.kind) await this.store.setSource(feed.kind);
    const ctx = this.context();
    this.ctx = ctx;
    this.lastPrepare = await feed.prepare(ctx);
    this.options.log.info({ feed: feed.kind, ...this.lastPrepare }, 'market history ready');
    if (this.abort.signal.aborted) return;
    await this.loadState();
    this.relay?.({ kind: 'reload' }); // cluster: the history is in the database now
    if (this.abort.signal.aborted) return;
    await feed.start(ctx);
    this.live = true;
  }

  /** Loads what the tickers and live candles need: the last 24h of minutes, the current buckets. */
  private async loadState(): Promise<void> {
    for (const state of this.states.values()) await this.loadPairState(state);
  }

  private async loadPairState(state: PairState): Promise<void> {
    const nowSec = Math.floor(this.now() / 1000);
    const rows = await this.store.since(state.pair.id, '1min', Math.floor(nowSec / 60) * 60 - DAY);
    state.minutes = rows.map((row) => candleFromRow(state.pair, row));
    state.window = undefined;
    await this.loadClosed(state, nowSec);
  }

  /**
   * A pair inserted at runtime (a new coin's listing, `SpotService.listPair`): reads the pairs again and,
   * when the feed runs, starts the pair's simulated index at `startPrice` now — labelled demo like every
   * simulated price. A feed that has not started yet picks the pair up at its start (history anchored
   * at the coin's fallback price, which the listing sets to the start price). With a real exchange feed
   * a new coin has no source: the pair is read but gets no index (documented limitation).
   */
  async addPair(pairId: number, startPrice: string): Promise<Pair> {
    // A start in progress finishes first: its feed must have prepared every pair it will tick.
    if (this.running) await this.running;
    await this.loadPairs();
    this.pairsLoading ??= Promise.resolve();
    const pair = this.byId.get(pairId);
    if (!pair) throw new Error(`pair ${pairId} is not in the database`);
    const feed = this.feed;
    if (this.live && this.ctx && feed?.addPair) {
      await feed.addPair(this.ctx, pair, startPrice);
      await this.loadPairState(this.states.get(pair.id)!);
    } else if (this.live && (this.feedKind === 'binance' || this.feedKind === 'index')) {
      this.options.log.warn({ pair: pair.symbol }, 'a pair listed at runtime has no index price with the exchange feed');
    }
    return pair;
  }

  private async loadClosed(state: PairState, at: number): Promise<void> {
    state.closed.clear();
    for (const { period } of ROLL_UP) {
      const row = await this.store.at(state.pair.id, period, bucketStart(period, at));
      if (row) state.closed.set(period, candleFromRow(state.pair, row));
    }
  }

  /** The 24h window of final minutes before the live one, folded into one candle (cached per minute). */
  private window(state: PairState): Candle | undefined {
    const current = state.live?.t ?? (state.minutes.at(-1)?.t ?? 0) + 60;
    const since = current - DAY + 60;
    if (state.window?.since === since) return state.window.candle;
    let candle: Candle | undefined;
    for (const m of state.minutes) if (m.t >= since && m.t < current) candle = mergeCandle(candle, m, m.t);
    state.window = { since, candle };
    return candle;
  }

  private readonly sink: FeedSink = {
    minute: (pair, candle, closed) => {
      const state = this.states.get(pair.id);
      if (!state) return;
      if (!this.following) this.relay?.({ kind: 'minute', pairId: pair.id, candle, closed }); // followers apply it
      if (!closed) {
        state.live = candle;
      } else {
        if (state.live && state.live.t <= candle.t) state.live = undefined;
        this.addMinutes(state, [candle]);
        for (const { period } of ROLL_UP) {
          const start = bucketStart(period, candle.t);
          const closedCandle = state.closed.get(period);
          state.closed.set(
            period,
            closedCandle && closedCandle.t === start ? mergeCandle(closedCandle, candle, start) : { ...candle, t: start },
          );
        }
        // cluster: a follower's minutes are the leader's, which stores them.
        if (!this.following)
          void this.store
            .serial(() => this.store.storeMinutes(pair.id, [candle]))
            .catch((error) => this.options.log.error({ err: error, pair: pair.symbol }, 'storing a candle failed'));
      }
      this.schedule(state);
    },
    repaired: async (pair, candles) => {
      const state = this.states.get(pair.id);
      if (!state || !candles.length) return;
      await this.store.serial(() => this.store.storeMinutes(pair.id, candles));
      this.addMinutes(state, candles);
      await this.loadClosed(state, Math.floor(this.now() / 1000));
      this.schedule(state);
      this.relay?.({ kind: 'reload', pairId: pair.id }); // followers apply it
    },
    trade: (pair, price, quantity, timeMs, constituents) => {
      const state = this.states.get(pair.id);
      if (!state) return;
      // the cluster's followers apply what the leader relays
      if (!this.following)
        this.relay?.({
          kind: 'trade',
          pairId: pair.id,
          price,
          quantity,
          time: timeMs,
          ...(constituents ? { constituents } : {}),
        });
      state.index = { price, time: timeMs, ...(constituents ? { constituents } : {}) };
      const second = Math.floor(timeMs / 1000);
      const last = state.samples.at(-1);
      if (last && last.second === second) last.price = price;
      else if (!last || last.second < second) {
        state.samples.push({ second, price });
        if (state.samples.length > SAMPLES_KEPT) state.samples.splice(0, state.samples.length - SAMPLES_KEPT);
      }
      this.schedule(state);
    },
    indexStatus: (pair, status) => {
      const state = this.states.get(pair.id);
      if (!state) return;
      const flipped = state.status?.available !== status.available;
      state.status = status;
      if (!this.following) this.relay?.({ kind: 'status', pairId: pair.id, status }); // followers apply it
      if (!flipped) return;
      const log = { pair: pair.symbol, constituents: status.constituents, required: status.required, reason: status.reason };
      if (status.available) this.options.log.info(log, 'index available');
      else this.options.log.warn(log, 'index unavailable: no index price is published');
      this.events.emit('indexStatus', { pair, status });
    },
    referenceDepth: (pair, depth) => {
      const state = this.states.get(pair.id);
      if (state) state.reference = depth;
      if (state && !this.following) this.relay?.({ kind: 'reference', pairId: pair.id, depth }); // followers apply it
    },
  };

  private addMinutes(state: PairState, candles: readonly Candle[]): void {
    const byTime = new Map(state.minutes.map((m) => [m.t, m]));
    for (const c of candles) byTime.set(c.t, c);
    const newest = Math.max(...byTime.keys());
    state.minutes = [...byTime.values()].filter((m) => m.t > newest - DAY).sort((a, b) => a.t - b.t);
    state.window = undefined;
  }

  /**
   * Emits the pair's tick and candles now, or once TICK_MIN_MS have passed since the last emit. A push
   * that moves the index price waits only for the last push that moved it: one that merely repeats the
   * price (the index's once-a-second tick, a candle's close) must not hold a move back. Each kind goes
   * out at most once per TICK_MIN_MS.
   */
  private schedule(state: PairState): void {
    const now = Date.now();
    const moves = state.index !== undefined && state.index.price !== state.pushedPrice;
    const at = Math.max(now, (moves ? state.lastMoveFlush : state.lastFlush) + TICK_MIN_MS);
    if (state.flushQueued) {
      // A queued push (a microtask's is due now) already goes out in time.
      if (at >= state.flushAt) return;
      clearTimeout(state.flushTimer);
    }
    state.flushQueued = true;
    state.flushAt = at;
    if (at <= now) {
      state.flushTimer = undefined;
      queueMicrotask(() => this.flush(state));
    } else state.flushTimer = setTimeout(() => this.flush(state), at - now);
  }

  private flush(state: PairState): void {
    if (!state.flushQueued) return; // a rescheduled push already went out
    state.flushQueued = false;
    clearTimeout(state.flushTimer);
    state.flushTimer = undefined;
    state.lastFlush = Date.now();
    if (state.index && state.index.price !== state.pushedPrice) {
      state.lastMoveFlush = state.lastFlush;
      state.pushedPrice = state.index.price;
    }
    const { pair } = state;
    const daymarket = this.daymarket(pair);
    // No tick while the index is unavailable: the last price is not a current one.
    if (daymarket && state.status?.available !== false)
      this.events.emit('tick', {
        pair,
        price: daymarket.now_price,
        time: daymarket.time,
        daymarket,
        ...(state.index?.constituents ? { constituents: state.index.constituents } : {}),
      });
    for (const period of CANDLE_PERIODS) {
      const candle = this.currentCandle(pair.id, period) ?? (period === '1min' ? state.minutes.at(-1) : undefined);
      if (candle) this.events.emit('kline', { pair, period, candle });
    }
  }
}

async function createFeed(options: MarketOptions): Promise<MarketFeed> {
  if (options.feed === 'index') {
    if (!options.index) throw new Error('MARKET_FEED=index needs the index settings');
    const { IndexFeed } = await import('./index/index-feed.js');
    return new IndexFeed(options.index);
  }
  if (options.feed === 'binance') {
    // Loaded only when used: the simulated default starts without the websocket client.
    const { BinanceFeed } = await import('./binance-feed.js');
    return new BinanceFeed({ restUrl: options.restUrl, wsUrl: options.wsUrl, ...options.binance });
  }
  const { SimulatedFeed } = await import('./simulated-feed.js');
  return new SimulatedFeed({ seed: options.seed });
}
