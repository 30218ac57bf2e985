import type { Db } from '../../db/client.js';
import { D, type Dec, str } from '../../lib/money.js';
import type { ServiceLog } from '../../lib/service-log.js';
import type { MarketService } from '../../market/market-service.js';
import type { Pair } from '../../market/pairs.js';
import { operatorUserId } from './repo.js';
import type { SpotService } from './service.js';

export type MarketMakerConfig = {
  /** Quotes per side. */
  levels: number;
  /** Distance of the best bid and ask from the index price, in basis points (0.01 %). */
  spreadBps: number;
  /** Distance between neighbouring levels, in basis points. */
  stepBps: number;
  /**
   * Value of the first level in the quote coin; deeper levels are larger (level i: × (1 + i / 2)).
   * `levels`, `spreadBps` and `levelQuote` apply to pairs without their own ladder (`pairLadder`).
   */
  levelQuote: string;
  /** Quotes are replaced when the index has moved this many basis points since they were set… */
  refreshBps: number;
  /** …or when they are this old (ms). */
  refreshMs: number;
  /**
   * Without an index price for this long (ms), every quote is withdrawn: no quoting on stale prices. An
   * unavailable index withdraws the pair's quotes at once, without waiting for this.
   */
  staleMs: number;
};

export const DEFAULT_MARKET_MAKER: MarketMakerConfig = {
  levels: 20,
  spreadBps: 10,
  stepBps: 10,
  levelQuote: '1000',
  refreshBps: 5,
  refreshMs: 15_000,
  staleMs: 30_000,
};

type Quote = { side: 'buy' | 'sell'; price: string; amount: string };

/** The ladder of one pair: levels per side, best quote's distance (bps) and the first level's value. */
export type PairLadder = { levels: number; spreadBps: number; levelQuote: string };

/** Σ (1 + i / 2) for i < levels: the first level's share of a side's notional is 1 / this. */
const ladderWeight = (levels: number) => levels + (levels * (levels - 1)) / 4;

/**
 * A pair's own ladder (`pairs.mm_*`, set in the console) where it has one, else the global settings.
 * `mm_depth` is the notional of a whole side; the first level gets its share of the growing sizes.
 */
export function pairLadder(pair: Pair, config: Pick<MarketMakerConfig, 'levels' | 'spreadBps' | 'levelQuote'>): PairLadder {
  const levels = pair.mmLevels ?? config.levels;
  const spreadBps = pair.mmSpreadBps ?? config.spreadBps;
  const levelQuote = pair.mmDepth === null ? config.levelQuote : str(new D(pair.mmDepth).dividedBy(ladderWeight(levels)));
  return { levels, spreadBps, levelQuote };
}
type PairState = {
  center?: Dec;
  quotedAt: number;
  lastTick: number;
  busy?: Promise<void>;
  again: boolean;
  /**
   * Quotes withdrawn (the index went unavailable or stale): nothing is quoted until a fresh tick of an
   * available index, so the last price before the outage is never quoted again as if it were current.
   */
  dark: boolean;
};

/**
 * The operator's market-making account quotes a ladder around the index price on every pair, so every
 * book has depth: per pair, the levels, notional per side and spread set in the console (`pairLadder`). It is an ordinary user on the ledger (seeded balances, `users.is_operator`):
 * each quote is a real post-only limit order placed, and cancelled, through the same engine path as
 * any user's, with its funds frozen. It only provides liquidity — a post-only quote that would trade is
 * refused — and it never trades with itself or makes a trade up; users trade with it at its prices.
 *
 * It follows the market feed's ticks: quotes are replaced when the index has moved `refreshBps`, when
 * they are `refreshMs` old or a level was taken; without ticks for `staleMs` it withdraws them all. The
 * moment a pair's index becomes unavailable its quotes are withdrawn, and they return with the first tick
 * after the index is available again.
 */
export class MarketMaker {
  private userId: number | undefined;
  private readonly states = new Map<number, PairState>();
  private off: (() => void)[] = [];
  private watchdog: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly options: {
      db: Db;
      spot: SpotService;
      market: MarketService;
      config: MarketMakerConfig;
      log: ServiceLog;
      now?: () => number;
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get accountId(): number | undefined {
    return this.userId;
  }

  /** Starts quoting on the feed's ticks; without a seeded market-making account it logs and stays idle. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.options.spot.ready();
    this.userId = await operatorUserId(this.options.db);
    if (this.userId === undefined) {
      this.options.log.warn({}, 'no market-making account (users.is_operator): books get no quotes');
      return;
    }
    this.running = true;
    const started = this.now();
    for (const pair of this.options.market.listPairs())
      this.states.set(pair.id, { quotedAt: 0, lastTick: started, again: false, dark: !this.available(pair.id) });
    this.off = [
      this.options.market.subscribe(({ pairId, price }) => this.onFreshTick(pairId, price)),
      this.options.market.on('indexStatus', ({ pair, status }) => {
        if (!status.available) this.onUnavailable(pair.id);
      }),
    ];
    const every = Math.max(250, Math.floor(this.options.config.staleMs / 3));
    this.watchdog = setInterval(() => this.checkStale(), every);
    this.watchdog.unref();
    // Quote at once on the prices the market already has (not on a pair whose index is unavailable).
    for (const pair of this.options.market.listPairs()) {
      const price = this.options.market.indexPrice(pair.id);
      if (price) this.onTick(pair.id, price);
    }
  }

  /** Stops quoting (the quotes stay on the book, as any user's orders would). */
  // admin-config: the console changes the quoting parameters at runtime; every quote
  // computed after this uses them (the next refresh replaces the ladder).
  get config(): Readonly<MarketMakerConfig> {
    return this.options.config;
  }

  setConfig(next: Partial<MarketMakerConfig>): void {
    Object.assign(this.options.config, next);
  }

  /** Whether it is quoting now (started and not stopped). */
  get quoting(): boolean {
    return this.running;
  }

  async stop(): Promise<void> {
    this.running = false;
    for (const off of this.off) off();
    this.off = [];
    clearInterval(this.watchdog);
    await Promise.allSettled([...this.states.values()].map((s) => s.busy));
  }

  /** Whether the market has an index for the pair now (feeds with one source always do once priced). */
  private available(pairId: number): boolean {
    return this.options.market.indexStatus(pairId)?.available !== false;
  }

  /** The pair's state; a pair listed at runtime (SpotService.listPair) is quoted from its first tick on. */
  private stateOf(pairId: number): PairState {
    let state = this.states.get(pairId);
    if (!state) {
      state = { quotedAt: 0, lastTick: this.now(), again: false, dark: false };
      this.states.set(pairId, state);
    }
    return state;
  }

  /** A tick the market published: the index is current again, so a withdrawn pair may quote. */
  private onFreshTick(pairId: number, price: string): void {
    if (!this.running) return;
    const state = this.stateOf(pairId);
    if (this.available(pairId)) state.dark = false;
    this.onTick(pairId, price);
  }

  /** The index is unavailable: the last price is not a current one, so no quote may stand on it. */
  private onUnavailable(pairId: number): void {
    if (!this.running) return;
    this.goDark(pairId);
  }

  private goDark(pairId: number): void {
    const state = this.stateOf(pairId);
    state.dark = true;
    state.center = undefined;
    this.run(pairId, () => this.withdraw(pairId));
  }

  private onTick(pairId: number, price: string): void {
    if (!this.running) return;
    const state = this.stateOf(pairId);
    if (state.dark) return;
    state.lastTick = this.now();
    const index = new D(price);
    const { refreshBps, refreshMs } = this.options.config;
    const pair = this.options.market.getPair(pairId);
    const levels = pair ? pairLadder(pair, this.options.config).levels : this.options.config.levels;
    const moved = state.center ? index.minus(state.center).abs().dividedBy(state.center).times(10_000).gte(refreshBps) : true;
    const old = this.now() - state.quotedAt >= refreshMs;
    const taken = (this.options.spot.loadedBook(pairId)?.liveOrdersOf(this.userId!).length ?? 0) < levels * 2;
    if (moved || old || taken) this.run(pairId, () => this.requote(pairId, index));
  }

  private checkStale(): void {
    const now = this.now();
    for (const [pairId, state] of this.states) {
      if (state.center && now - state.lastTick > this.options.config.staleMs) this.goDark(pairId);
    }
  }

  /**
   * One task per pair at a time; anything asked meanwhile runs afterwards: a withdrawal if the pair went
   * dark during the task (a requote in flight must not leave its quotes standing), else a requote.
   */
  private run(pairId: number, task: () => Promise<void>): void {
    const state = this.states.get(pairId)!;
    if (state.busy) {
      state.again = true;
      return;
    }
    state.busy = task()
      .catch((error) => this.options.log.warn({ err: error, pairId }, 'market maker requote failed'))
      .finally(() => {
        state.busy = undefined;
        if (!state.again || !this.running) return;
        state.again = false;
        if (state.dark) {
          this.run(pairId, () => this.withdraw(pairId));
          return;
        }
        const price = this.options.market.indexPrice(pairId);
        if (price) this.onTick(pairId, price);
      });
  }

  /** The ladder to quote around `index` (empty when the account's level would be below the pair's minimum). */
  ladder(pair: Pair, index: Dec): Quote[] {
    const { stepBps } = this.options.config;
    const { levels, spreadBps, levelQuote } = pairLadder(pair, this.options.config);
    const tick = new D(pair.tickSize);
    const lot = new D(pair.lotSize);
    const baseSize = new D(levelQuote).dividedBy(index).dividedBy(lot).floor().times(lot);
    if (baseSize.lt(pair.minAmount) || baseSize.lte(0)) return [];
    const quotes: Quote[] = [];
    const seen = new Set<string>();
    for (let i = 0; i < levels; i++) {
      const offset = new D(spreadBps + i * stepBps).dividedBy(10_000);
      const size = baseSize
        .times(1 + i / 2)
        .dividedBy(lot)
        .floor()
        .times(lot);
      const bid = index.times(new D(1).minus(offset)).dividedBy(tick).floor().times(tick);
      const ask = index.times(new D(1).plus(offset)).dividedBy(tick).ceil().times(tick);
      if (bid.gt(0) && !seen.has(`b${bid}`)) {
        seen.add(`b${bid}`);
        quotes.push({ side: 'buy', price: str(bid), amount: str(size) });
      }
      if (!seen.has(`a${ask}`)) {
        seen.add(`a${ask}`);
        quotes.push({ side: 'sell', price: str(ask), amount: str(size) });
      }
    }
    return quotes;
  }

  /**
   * Cancels the quotes that are off the new ladder (or more than half taken) and places the missing
   * ones, cancels first: they are queued in that order on the pair's engine.
   */
  private async requote(pairId: number, index: Dec): Promise<void> {
    const { spot, market } = this.options;
    const pair = market.getPair(pairId);
    const book = spot.loadedBook(pairId);
    const userId = this.userId;
    if (!pair || !book || userId === undefined || !pair.openCoinTrade) return;
    const wanted = this.ladder(pair, index);
    const key = (side: string, price: string) => `${side}:${new D(price).toFixed()}`;
    const want = new Map(wanted.map((q) => [key(q.side, q.price), q]));
    const cancels: Promise<unknown>[] = [];
    for (const order of book.liveOrdersOf(userId)) {
      const k = key(order.side, order.price ?? '0');
      const quote = want.get(k);
      const remaining = new D(order.amount ?? 0).minus(order.filled);
      if (quote && remaining.gte(new D(quote.amount).dividedBy(2))) want.delete(k);
      else cancels.push(spot.cancel(userId, order.id));
    }
    const places = [...want.values()].map((q) =>
      spot.place(userId, pairId, { side: q.side, orderType: 'limit', price: q.price, amount: q.amount }, { postOnly: true }),
    );
    const results = await Promise.allSettled([...cancels, ...places]);
    const refused = results.filter((r) => r.status === 'rejected').length;
    if (refused) this.options.log.info({ pair: pair.symbol, refused }, 'market maker: some quotes were refused');
    const state = this.states.get(pairId)!;
    // Gone dark meanwhile: the withdrawal queued behind this requote takes these quotes down again.
    if (state.dark) return;
    state.center = index;
    state.quotedAt = this.now();
  }

  /** Cancels every quote of the pair (stale or unavailable index). */
  private async withdraw(pairId: number): Promise<void> {
    const { spot } = this.options;
    const book = spot.loadedBook(pairId);
    const userId = this.userId;
    if (!book || userId === undefined) return;
    await Promise.allSettled(book.liveOrdersOf(userId).map((o) => spot.cancel(userId, o.id)));
  }
}
