import { aggregateUnits, type UnitCandle, unitCandleToCandle, writeUnitCandle } from './candle.js';
import { CopyBuffer } from './copy-buffer.js';
import { type FeedContext, type MarketFeed, type PrepareReport, preparePairs } from './feed.js';
import type { Pair } from './pairs.js';
import { bucketStart, type CandlePeriod } from './periods.js';
import { hashString, Rng, SecureDraws } from './prng.js';
import { unitsToPlain } from './units.js';

/**
 * The simulated feed: geometric Brownian motion with occasional jumps, per pair, sampled once a second.
 *
 * The past and the future are drawn differently, so that no one can predict or choose a live price:
 * - History (a fresh start's backfill and a restart's gap fill, minutes that already ended) is drawn from
 *   a generator keyed by (MARKET_SEED, pair, minute): the same seed gives the same history.
 * - Live seconds are drawn, each when it comes, from the operating system's CSPRNG (`SecureDraws`):
 *   nothing about them follows from the seed, the stored candles or earlier samples, and no second is
 *   computed before it happens. The forming minute's candle is built from these live seconds.
 * Floats are used inside the random walk; every price leaves rounded to the pair's tick.
 */

export type SimParams = {
  /** Annualised volatility, jumps included (0.55 = 55 %). */
  annualVol: number;
  /** Average number of jumps a day, and their size (standard deviation of the log jump). */
  jumpsPerDay: number;
  jumpSigma: number;
  /** Average turnover a minute in USDT. */
  turnoverPerMinute: number;
};

/** e^x; a per-second step is tiny, where a short series is exact to the last bit that matters and far cheaper. */
function expStep(x: number): number {
  return x > -1e-3 && x < 1e-3 ? 1 + x * (1 + x * 0.5 * (1 + x * (1 / 3) * (1 + x * 0.25))) : Math.exp(x);
}

/** Realistic figures for the seeded coins; any other pair gets the default. */
const PARAMS: Record<string, SimParams> = {
  BTC: { annualVol: 0.55, jumpsPerDay: 0.25, jumpSigma: 0.012, turnoverPerMinute: 600_000 },
  ETH: { annualVol: 0.7, jumpsPerDay: 0.25, jumpSigma: 0.015, turnoverPerMinute: 300_000 },
  TRX: { annualVol: 0.8, jumpsPerDay: 0.2, jumpSigma: 0.02, turnoverPerMinute: 25_000 },
  SOL: { annualVol: 0.85, jumpsPerDay: 0.3, jumpSigma: 0.02, turnoverPerMinute: 150_000 },
  XRP: { annualVol: 0.8, jumpsPerDay: 0.3, jumpSigma: 0.025, turnoverPerMinute: 100_000 },
  BNB: { annualVol: 0.55, jumpsPerDay: 0.2, jumpSigma: 0.015, turnoverPerMinute: 60_000 },
  DOGE: { annualVol: 1.0, jumpsPerDay: 0.4, jumpSigma: 0.03, turnoverPerMinute: 80_000 },
  ADA: { annualVol: 0.85, jumpsPerDay: 0.25, jumpSigma: 0.025, turnoverPerMinute: 30_000 },
  LTC: { annualVol: 0.75, jumpsPerDay: 0.2, jumpSigma: 0.02, turnoverPerMinute: 25_000 },
  TON: { annualVol: 0.9, jumpsPerDay: 0.25, jumpSigma: 0.025, turnoverPerMinute: 20_000 },
};
const DEFAULT_PARAMS: SimParams = { annualVol: 0.9, jumpsPerDay: 0.2, jumpSigma: 0.025, turnoverPerMinute: 10_000 };

export const simParamsFor = (pair: Pair): SimParams => PARAMS[pair.currencyName] ?? DEFAULT_PARAMS;

const SECONDS_PER_YEAR = 365 * 86_400;
const DAY_STEPS = 48;
/** Kinds of draw streams, so a minute and a day with the same index never share randomness. */
const MINUTE_STREAM = 1;
const DAY_STREAM = 2;

/** One simulated minute: its candle and, second by second, price, lots traded and turnover. */
export type SimMinute = {
  candle: UnitCandle;
  /** Close as a float, to continue the walk from. */
  close: number;
  prices: Float64Array;
  lots: Float64Array;
  amounts: Float64Array;
};

/** Busier in the afternoon UTC: the volume factor of minute m. */
function volumeSeason(m: number): number {
  const hour = ((m * 60) % 86_400) / 3600;
  return 1 + 0.3 * Math.cos((2 * Math.PI * (hour - 14)) / 24);
}

/** E[0.3 + |Z|] for a standard normal Z: a live second's volume weight averages 1 after dividing by it. */
const MEAN_SECOND_WEIGHT = 0.3 + Math.sqrt(2 / Math.PI);

/**
 * The forming live minute of a pair: only what has happened (seconds 0…`last`), as a candle in units,
 * and the float price the next second continues from.
 */
export type LiveMinute = {
  m: number;
  /** The last second walked (−1: none yet). */
  last: number;
  price: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  a: number;
  /** Mean lots a second this minute (the minute's volume level), and the fraction of a lot owed. */
  lotsPerSecond: number;
  carry: number;
  /** Lots traded in the last second walked. */
  lots: number;
};

export const liveCandle = (live: LiveMinute): UnitCandle => ({
  t: live.m * 60,
  o: live.o,
  h: live.h,
  l: live.l,
  c: live.c,
  v: live.v,
  a: live.a,
});

export class PairModel {
  private readonly seed: number;
  private readonly stream: number;
  private readonly sigmaSec: number;
  private readonly jumpPerMinute: number;
  private readonly jumpSigma: number;
  private readonly turnoverPerMinute: number;
  private readonly scale: number;
  private readonly lot: number;
  private readonly lotScale: number;
  private readonly steps = new Float64Array(60);
  private readonly rng = new Rng(0, 0, 0);
  private readonly jumpPerSecond: number;
  /** The price the backfill walks back from: the operators' fallback price of the base in the quote coin. */
  readonly anchor: number;

  constructor(
    readonly pair: Pair,
    seed: string,
    params: SimParams = simParamsFor(pair),
  ) {
    this.seed = hashString(seed);
    this.stream = hashString(pair.symbol);
    // The jumps carry part of the variance; the diffusion carries the rest (at least a quarter).
    const total = params.annualVol ** 2;
    const jumps = params.jumpsPerDay * 365 * params.jumpSigma ** 2;
    this.sigmaSec = Math.sqrt(Math.max(total - jumps, total / 4) / SECONDS_PER_YEAR);
    this.jumpPerMinute = params.jumpsPerDay / 1440;
    this.jumpPerSecond = this.jumpPerMinute / 60;
    this.jumpSigma = params.jumpSigma;
    const base = Number(pair.fallbackBase);
    const quote = Number(pair.fallbackQuote);
    this.anchor = base > 0 && quote > 0 ? base / quote : 1;
    this.turnoverPerMinute = params.turnoverPerMinute / (quote > 0 ? quote : 1);
    this.scale = 10 ** pair.priceDecimals;
    this.lot = Number(pair.lotSize);
    this.lotScale = 10 ** pair.lotDecimals;
  }

  /**
   * The turnover of `lots` lots at `price` units, in units of the quote's last price place, from integers
   * only: lots × lot units × price, then divided by the lot's power of ten, rounded half up. (The lot as a
   * float, 0.01 say, is not exact and would be multiplied in.) A product past 2^53 (a busy half hour of
   * the daily history) is taken in bigints.
   */
  turnoverUnits(lots: number, price: number): number {
    const product = lots * this.pair.lotUnits * price;
    if (Number.isSafeInteger(product)) return Math.round(product / this.lotScale);
    const scale = BigInt(this.lotScale);
    const exact = BigInt(lots) * BigInt(this.pair.lotUnits) * BigInt(price);
    return Number((exact * 2n + scale) / (scale * 2n));
  }

  /**
   * The model's walk is a float (a log-normal path); this is where it lands on the tick grid, as integer
   * units of the last price place, never below one tick. Everything after it is integer arithmetic.
   */
  units(price: number): number {
    const tick = this.pair.tickUnits;
    return Math.max(tick, Math.round((price * this.scale) / tick) * tick);
  }

  /**
   * A live minute starting now from `prevClose`: its volume level is drawn from `draws` (a secure source);
   * its seconds come one by one from `liveSecond`.
   */
  beginLive(m: number, prevClose: number, draws: SecureDraws): LiveMinute {
    const noise = Math.exp(0.45 * draws.normal() - 0.10125);
    const openPrice = this.units(prevClose) / this.scale;
    const lotsPerSecond = (this.turnoverPerMinute / 60 / openPrice / this.lot) * volumeSeason(m) * noise;
    return { m, last: -1, price: prevClose, o: 0, h: 0, l: 0, c: 0, v: 0, a: 0, lotsPerSecond, carry: 0, lots: 0 };
  }

  /**
   * Walks a live minute on to second `second` (0–59), one freshly drawn step per second; seconds missed
   * by a late tick are walked too, so the candle holds every second. The minute's `lots` are those of
   * its last second.
   */
  liveSecond(live: LiveMinute, second: number, draws: SecureDraws): void {
    const s = this.sigmaSec;
    const drift = -0.5 * s * s;
    const inverseSigma = 1 / s;
    for (let i = live.last + 1; i <= second; i++) {
      let x = drift + s * draws.gauss();
      if (draws.next() < this.jumpPerSecond) x += -0.5 * this.jumpSigma ** 2 + this.jumpSigma * draws.normal();
      live.price *= expStep(x);
      const p = this.units(live.price);
      if (live.last < 0) {
        live.o = p;
        live.h = p;
        live.l = p;
      }
      if (p > live.h) live.h = p;
      if (p < live.l) live.l = p;
      live.c = p;
      // Busier on big moves, like the history's minutes; the fraction of a lot is carried to the next second.
      const due = (live.lotsPerSecond * (0.3 + Math.abs(x) * inverseSigma)) / MEAN_SECOND_WEIGHT + live.carry;
      const lots = Math.floor(due);
      live.carry = due - lots;
      live.lots = lots;
      live.v += lots;
      live.a += this.turnoverUnits(lots, p);
      live.last = i;
    }
  }

  /** Fills `this.steps` with minute m's 60 log increments; returns the minute's volume draw. */
  private drawMinute(m: number): number {
    const rng = this.rng.reset(this.seed, this.stream, m, MINUTE_STREAM);
    const s = this.sigmaSec;
    const drift = -0.5 * s * s;
    for (let i = 0; i < 60; i++) this.steps[i] = drift + s * rng.gauss();
    if (rng.next() < this.jumpPerMinute) {
      const at = Math.floor(rng.next() * 60);
      this.steps[at]! += -0.5 * this.jumpSigma ** 2 + this.jumpSigma * rng.normal();
    }
    return rng.normal();
  }

  /**
   * Seeded minute m (minutes since the epoch) walked forward from the previous minute's close: history
   * only (a restart's gap fill), never a live second. The per-second arrays are the model's own buffers,
   * overwritten by the next call.
   */
  minute(m: number, prevClose: number): SimMinute {
    return this.walkMinute(m, prevClose, this.drawMinute(m));
  }

  /** Minute m such that it closes at `close` (the backfill walks backwards in time); returns its candle. */
  minuteEndingAt(m: number, close: number): { candle: UnitCandle; prevClose: number } {
    const z = this.drawMinute(m);
    let sum = 0;
    for (let i = 0; i < 60; i++) sum += this.steps[i]!;
    const prevClose = close / Math.exp(sum);
    return { candle: this.walkMinute(m, prevClose, z).candle, prevClose };
  }

  private readonly prices = new Float64Array(60);
  private readonly lots = new Float64Array(60);
  private readonly amounts = new Float64Array(60);
  private readonly weight = new Float64Array(60);

  private walkMinute(m: number, prevClose: number, volumeDraw: number): SimMinute {
    const { prices, lots, amounts, weight, steps, sigmaSec } = this;
    const inverseSigma = 1 / sigmaSec;
    let price = prevClose;
    let moved = 0;
    let weights = 0;
    let h = 0;
    let l = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 60; i++) {
      const x = steps[i]!;
      price *= expStep(x);
      moved += x;
      const p = this.units(price);
      prices[i] = p;
      if (p > h) h = p;
      if (p < l) l = p;
      const w = 0.3 + Math.abs(x) * inverseSigma;
      weight[i] = w;
      weights += w;
    }
    // Volume: the pair's turnover, busier in the afternoon UTC, on big moves, and at random.
    const season = volumeSeason(m);
    const shock = 0.6 + 0.4 * Math.min(4, Math.abs(moved) / (sigmaSec * Math.sqrt(60)));
    const noise = Math.exp(0.45 * volumeDraw - 0.10125);
    const openPrice = prices[0]! / this.scale;
    const totalLots = Math.floor((this.turnoverPerMinute / openPrice / this.lot) * season * shock * noise);
    let given = 0;
    let a = 0;
    for (let i = 0; i < 60; i++) {
      const share = i === 59 ? totalLots - given : Math.floor((totalLots * weight[i]!) / weights);
      lots[i] = share;
      given += share;
      const amount = this.turnoverUnits(share, prices[i]!);
      amounts[i] = amount;
      a += amount;
    }
    const candle: UnitCandle = { t: m * 60, o: prices[0]!, h, l, c: prices[59]!, v: totalLots, a };
    return { candle, close: price, prices, lots, amounts };
  }

  /** Day d (days since the epoch) of the older daily history, closing at `close`, in 48 half-hour steps. */
  dayEndingAt(d: number, close: number): { candle: UnitCandle; prevClose: number } {
    const rng = new Rng(this.seed, this.stream, d, DAY_STREAM);
    const s = this.sigmaSec * Math.sqrt(86_400 / DAY_STEPS);
    const steps = new Float64Array(DAY_STEPS);
    let sum = 0;
    for (let i = 0; i < DAY_STEPS; i++) {
      steps[i] = -0.5 * s * s + s * rng.normal();
      sum += steps[i]!;
    }
    if (rng.next() < Math.min(0.9, this.jumpPerMinute * 1440)) {
      const jump = -0.5 * this.jumpSigma ** 2 + this.jumpSigma * rng.normal();
      steps[Math.floor(rng.next() * DAY_STEPS)]! += jump;
      sum += jump;
    }
    const noise = Math.exp(0.35 * rng.normal() - 0.06125);
    const prevClose = close / Math.exp(sum);
    let logPrice = Math.log(prevClose);
    const stepLots = Math.floor((this.turnoverPerMinute * 1440 * noise) / (prevClose * this.lot) / DAY_STEPS);
    let o = 0;
    let h = 0;
    let l = 0;
    let c = 0;
    let a = 0;
    for (let i = 0; i < DAY_STEPS; i++) {
      logPrice += steps[i]!;
      const p = this.units(Math.exp(logPrice));
      if (i === 0) {
        o = p;
        h = p;
        l = p;
      }
      if (p > h) h = p;
      if (p < l) l = p;
      c = p;
      a += this.turnoverUnits(stepLots, p);
    }
    return { candle: { t: d * 86_400, o, h, l, c, v: stepLots * DAY_STEPS, a }, prevClose };
  }
}

export type SimHistory = {
  /** 1-minute candles from `historyDays` whole UTC days before today up to the minute before `nowSec`. */
  minutes: UnitCandle[];
  /** Daily candles of the older days (before the 1-minute history). */
  olderDays: UnitCandle[];
  /** The close of the last minute, which the live walk continues from. */
  lastClose: number;
};

/**
 * The history of a fresh start: walked backwards from the anchor price at `nowSec`, so the present price
 * is the operators' reference price and the past is a random walk ending there. Deterministic for a
 * given seed and start minute.
 */
export async function simulateHistory(
  model: PairModel,
  nowSec: number,
  historyDays: number,
  dailyHistoryDays: number,
  /** Called between slices of about a day of minutes (the backfill yields to waiting requests there). */
  pause?: () => Promise<void>,
): Promise<SimHistory> {
  const nowMinute = Math.floor(nowSec / 60);
  const firstDay = bucketStart('1day', nowSec) / 86_400 - historyDays;
  const firstMinute = firstDay * 1440;
  const minutes: UnitCandle[] = new Array(nowMinute - firstMinute);
  let close = model.anchor;
  let lastClose = close;
  for (let m = nowMinute - 1; m >= firstMinute; m--) {
    const r = model.minuteEndingAt(m, close);
    minutes[m - firstMinute] = r.candle;
    if (m === nowMinute - 1) lastClose = r.candle.c / 10 ** model.pair.priceDecimals;
    close = r.prevClose;
    if (pause && m % 1440 === 0) await pause();
  }
  const olderDays: UnitCandle[] = [];
  for (let d = firstDay - 1; d >= firstDay - Math.max(0, dailyHistoryDays - historyDays); d--) {
    const r = model.dayEndingAt(d, close);
    olderDays.push(r.candle);
    close = r.prevClose;
  }
  olderDays.reverse();
  return { minutes, olderDays, lastClose };
}

/** Every period of a fresh history, rolled up in memory (the same rules as CandleStore.rollUp). */
export function rollUpHistory(history: SimHistory): Record<CandlePeriod, UnitCandle[]> {
  const m5 = aggregateUnits('5min', history.minutes);
  const m30 = aggregateUnits('30min', m5);
  const m60 = aggregateUnits('60min', m30);
  const days = [...history.olderDays, ...aggregateUnits('1day', m60)];
  return {
    '1min': history.minutes,
    '5min': m5,
    '30min': m30,
    '60min': m60,
    '1day': days,
    '1week': aggregateUnits('1week', days),
    '1mon': aggregateUnits('1mon', days),
  };
}

type LivePair = {
  model: PairModel;
  /** The last minute whose final candle was reported, and its close. */
  lastMinute: number;
  lastClose: number;
  forming?: LiveMinute;
};

export type SimulatedFeedOptions = { seed: string; tickMs?: number };

export class SimulatedFeed implements MarketFeed {
  readonly kind = 'simulated' as const;
  readonly demo = true;
  private live = new Map<number, LivePair>();
  /** The live seconds' randomness: the OS CSPRNG, fetched tick by tick (never the seed). */
  readonly draws = new SecureDraws(512);
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: SimulatedFeedOptions) {}

  model(pair: Pair): PairModel {
    return new PairModel(pair, this.options.seed);
  }

  async prepare(ctx: FeedContext): Promise<PrepareReport> {
    return preparePairs(ctx, async (pair, nowSec, report) => {
      const model = this.model(pair);
      const last = await ctx.store.last(pair.id, '1min');
      if (!last) {
        // The walk yields now and then, so requests are answered during a first start, and a stop is quick.
        const history = await simulateHistory(model, nowSec, ctx.historyDays, ctx.dailyHistoryDays, async () => {
          await new Promise((resolve) => setImmediate(resolve));
          if (ctx.signal.aborted) throw new Error('market stopped');
        });
        const periods = rollUpHistory(history);
        const out = new CopyBuffer(16 << 20);
        let rows = 0;
        for (const [period, list] of Object.entries(periods) as [CandlePeriod, UnitCandle[]][]) {
          for (const u of list) writeUnitCandle(out, pair, period, u);
          rows += list.length;
        }
        await ctx.store.serial(() => ctx.store.copy(out.chunks(1 << 20)));
        report.backfilledPairs++;
        report.rows += rows;
        this.live.set(pair.id, { model, lastMinute: Math.floor(nowSec / 60) - 1, lastClose: history.lastClose });
        return;
      }
      const filled = await this.continueFrom(ctx, model, last, nowSec);
      report.gapFilledMinutes += filled;
      report.rows += filled;
    });
  }

  /**
   * A restart: the walk continues from the stored close; at most gapFillMaxMinutes are filled, the rest
   * stays a gap. Returns the minutes filled.
   */
  private async continueFrom(
    ctx: FeedContext,
    model: PairModel,
    last: { openTime: number; close: string },
    nowSec: number,
  ): Promise<number> {
    const { pair } = model;
    const nowMinute = Math.floor(nowSec / 60);
    const lastMinute = Math.floor(last.openTime / 60);
    let close = Number(last.close);
    const first = Math.max(lastMinute + 1, nowMinute - ctx.gapFillMaxMinutes);
    const out = new CopyBuffer();
    for (let m = first; m < nowMinute; m++) {
      const sim = model.minute(m, close);
      writeUnitCandle(out, pair, '1min', sim.candle);
      close = sim.candle.c / 10 ** pair.priceDecimals;
    }
    const filled = Math.max(0, nowMinute - first);
    if (filled) {
      await ctx.store.serial(async () => {
        await ctx.store.copy(out.chunks(1 << 20));
        await ctx.store.rollUp(pair.id, first * 60, nowMinute * 60);
      });
    }
    this.live.set(pair.id, { model, lastMinute: Math.max(lastMinute, nowMinute - 1), lastClose: close });
    return filled;
  }

  /**
   * A pair listed while the feed runs (a new coin): its index starts now at `startPrice` (the issue
   * price) — no invented past, only the one simulated minute that ends at that price is stored, so a
   * restart continues the walk from the database like any pair's. A pair that already has history
   * continues from it.
   */
  async addPair(ctx: FeedContext, pair: Pair, startPrice: string): Promise<void> {
    if (this.live.has(pair.id)) return;
    const model = this.model(pair);
    const nowSec = Math.floor(ctx.now() / 1000);
    const last = await ctx.store.last(pair.id, '1min');
    if (last) {
      await this.continueFrom(ctx, model, last, nowSec);
      return;
    }
    const minute = Math.floor(nowSec / 60) - 1;
    const { candle } = model.minuteEndingAt(minute, Number(startPrice));
    await ctx.store.serial(() => ctx.store.storeMinutes(pair.id, [unitCandleToCandle(pair, candle)]));
    this.live.set(pair.id, { model, lastMinute: minute, lastClose: candle.c / 10 ** pair.priceDecimals });
  }

  async start(ctx: FeedContext): Promise<void> {
    this.stopped = false;
    for (const pair of ctx.pairs) {
      if (!this.live.has(pair.id)) throw new Error(`simulated feed: ${pair.symbol} was not prepared`);
    }
    const tickMs = this.options.tickMs ?? 1000;
    const loop = () => {
      if (this.stopped) return;
      try {
        this.advance(ctx);
      } catch (error) {
        ctx.log.error({ err: error }, 'simulated feed tick failed');
      }
      // Fire just after each second boundary, so every tick lands in the second it reports.
      const now = Date.now();
      this.timer = setTimeout(loop, tickMs - (now % tickMs) + 2);
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Brings every pair up to the current second: walks the seconds that have come (drawn now from the
   * CSPRNG), closes finished minutes, reports the forming one. Unused draws are wiped afterwards.
   */
  advance(ctx: FeedContext): void {
    const nowSec = Math.floor(ctx.now() / 1000);
    const minute = Math.floor(nowSec / 60);
    const second = nowSec - minute * 60;
    const { draws } = this;
    try {
      for (const pair of ctx.pairs) {
        const state = this.live.get(pair.id);
        if (!state) continue;
        const { model } = state;
        // Minutes that ended since the last tick (normally one; more after a stall, bounded like a restart).
        if (minute - 1 - state.lastMinute > ctx.gapFillMaxMinutes) state.lastMinute = minute - 1 - ctx.gapFillMaxMinutes;
        for (let m = state.lastMinute + 1; m < minute; m++) {
          const live = state.forming?.m === m ? state.forming : model.beginLive(m, state.lastClose, draws);
          model.liveSecond(live, 59, draws);
          const candle = unitCandleToCandle(pair, liveCandle(live));
          ctx.sink.minute(pair, candle, true);
          state.lastMinute = m;
          state.lastClose = live.c / 10 ** pair.priceDecimals;
          state.forming = undefined;
        }
        if (state.forming?.m !== minute) state.forming = model.beginLive(minute, state.lastClose, draws);
        const live = state.forming;
        model.liveSecond(live, second, draws);
        const candle = unitCandleToCandle(pair, liveCandle(live));
        ctx.sink.minute(pair, candle, false);
        ctx.sink.trade(pair, candle.c, unitsToPlain(live.lots * pair.lotUnits, pair.lotDecimals), nowSec * 1000);
      }
    } finally {
      draws.discard();
    }
  }
}
