import { createHash } from 'node:crypto';
import { genesisText, type IndexConstituent, sampleText, utcDayOf } from '@app/shared';
import type { Db } from '../../db/client.js';
import { type ChainedSample, insertSamples, lastSamples, pruneSamplesBefore } from './repo.js';

// The recorded samples options settle from: read through the index-samples module, not its repo.
export { type StoredSample, samplesAt } from './repo.js';

/**
 * An index tick as the market publishes it (`app.market.subscribe`), with the venue prices it was built
 * from when the feed reports them (a feed that does not is recorded as its own single constituent).
 */
export type IndexTick = { pairId: number; price: string; time: number; constituents?: readonly IndexConstituent[] };
/** A pair's index became available or unavailable (`since`: the moment it flipped, ms). */
export type IndexStatusChange = { pair: { id: number }; status: { available: boolean; since: number } };
export type TickSource = {
  subscribe(listener: (tick: IndexTick) => void): () => void;
  /** The market's availability flips (`app.market.on('indexStatus')`); a single-source feed never flips. */
  on?(event: 'indexStatus', listener: (change: IndexStatusChange) => void): () => void;
};

export type SamplerLog = { error: (obj: object, msg: string) => void };

export type SamplerOptions = {
  db: Db;
  /** The market stream; absent in tests that feed ticks with `ingest`. */
  stream?: TickSource;
  /** Which feed the prices come from ('simulated', 'binance'), stored with every sample. */
  source: () => string;
  now?: () => number;
  log?: SamplerLog;
  /**
   * A second is final this long after it ends even if no later tick came: the market pushes a pair's
   * ticks at most every 250 ms, so the last price of a second can arrive that late.
   */
  graceMs?: number;
  /**
   * A second without a tick of its own records the price that stood through it, marked `carried`, if that
   * price is at most this old at the second's end (default 2 s: nothing settles on an older index); an
   * older one (the feed stalled) records nothing, and the second is a gap.
   */
  carryMs?: number;
  /**
   * Samples are kept this many days, then pruned (about 86,400 rows per pair a day would otherwise grow
   * without end); the samples settled options used are kept for ever. Pruned hourly while sampling.
   */
  retentionDays?: number;
};

/** How many days samples are kept (`retentionDays`); index:verify does not expect pruned minutes after it. */
export const RETENTION_DAYS = 30;
const PRUNE_EVERY_MS = 3_600_000;
/** Rows deleted per statement, and statements per pruning run: a backlog goes in short steps. */
const PRUNE_BATCH = 20_000;
const PRUNE_MAX_BATCHES = 50;

/** What one flush made final: per pair, every second up to `finalUpTo` is decided (stored or a gap). */
export type FlushReport = { finalUpTo: Map<number, number>; written: ChainedSample[] };

type Price = { price: string; time: number; constituents?: readonly IndexConstituent[] };
/** The newest sample of a pair's chain: the next sample of the same UTC day links to its hash. */
type ChainHead = { second: number; hash: string };
/**
 * A time the pair's index was unavailable, from `from` until `until` (ms; open while it lasts). No second
 * ending in it or after it is recorded from a price older than `until`.
 */
type Outage = { from: number; until?: number };

export const DEFAULT_CARRY_MS = 2000;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
type PairSampling = {
  /** Ticks of seconds not final yet: the last one of each second. */
  bySecond: Map<number, Price>;
  /** The newest tick seen (the open price of an option is read from here). */
  latest?: Price;
  /** The price that stood at the end of the last final second. */
  standing?: Price;
  lastFinal?: number;
  /** Where the chain stands; read back from the database before the pair's first write after a start. */
  head?: ChainHead;
  headLoaded?: boolean;
  /** Outages a price older than their end could still be carried across (pruned once one is fresher). */
  outages: Outage[];
};

/** Whether a price was set before the index came back from the outage (or it has not come back yet). */
const predates = (price: Price, outage: Outage) => price.time < (outage.until ?? Number.POSITIVE_INFINITY);

/**
 * Whether an outage keeps `price` from standing for second `s`: the second ends at or after the flip
 * and the price is older than the index's return.
 */
const darkened = (outages: readonly Outage[], s: number, price: Price) =>
  outages.some((o) => o.from <= s * 1000 + 999 && predates(price, o));

/** An outage that ended before the standing price was set can no longer keep a price out. */
const overtaken = (outage: Outage, standing: Price | undefined) =>
  outage.until !== undefined && standing !== undefined && standing.time >= outage.until;

/** After a long stall, no more than this many seconds are decided in one flush (the rest stays a gap). */
const MAX_SECONDS_PER_FLUSH = 3600;

/**
 * Records one index sample per pair per second from the market stream: the last index price of the
 * second, with its time. Ticks are kept in memory until their second is over (a tick of a later second
 * arrived, or `graceMs` passed), then every pair's final seconds are written in one statement. Listeners
 * (the options settlement) hear of each flush after it is stored.
 *
 * A restart does not invent the seconds it missed: sampling resumes from the first tick it receives.
 * Neither does an unavailable index: from the second it flips in, nothing is recorded (not even a price
 * carried from before) until a tick after the index is available again.
 *
 * Each sample is hash-chained to the one before it of the same pair and UTC day (docs/index-record.md);
 * the chain's newest hash per pair is kept in memory and read back from the database after a restart.
 */
export class IndexSampler {
  private readonly pairs = new Map<number, PairSampling>();
  private readonly listeners = new Set<(report: FlushReport) => void>();
  private now: () => number;
  private readonly graceMs: number;
  private readonly carryMs: number;
  private unsubscribe: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private soon = false;
  private readonly genesisCache = new Map<string, string>();
  private stopped = false;

  constructor(private readonly options: SamplerOptions) {
    this.now = options.now ?? Date.now;
    this.graceMs = options.graceMs ?? 500;
    this.carryMs = options.carryMs ?? DEFAULT_CARRY_MS;
  }

  /** Listens to the market and flushes once a second (and as soon as a tick closes a second). */
  start(): void {
    const stream = this.options.stream;
    if (this.unsubscribe.length || !stream) return;
    this.stopped = false;
    this.unsubscribe = [stream.subscribe((tick) => this.ingest(tick))];
    if (stream.on) this.unsubscribe.push(stream.on('indexStatus', ({ pair, status }) => this.indexStatus(pair.id, status)));
    this.arm();
    this.pruneTimer = setInterval(() => void this.prune(), PRUNE_EVERY_MS);
    this.pruneTimer.unref?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const off of this.unsubscribe) off();
    this.unsubscribe = [];
    clearTimeout(this.timer);
    clearInterval(this.pruneTimer);
    this.pruneTimer = undefined;
    await this.chain;
  }

  /**
   * Deletes samples older than the retention, keeping those settlements used. Runs in the flush chain,
   * so it never overlaps a write. Returns how many rows went.
   */
  prune(): Promise<number> {
    const days = this.options.retentionDays ?? RETENTION_DAYS;
    // Whole UTC days go, so a day past the retention keeps no half minute.
    const cutoff = Math.floor(this.now() / 1000) - days * 86_400;
    const before = cutoff - (cutoff % 86_400);
    let removed = 0;
    const run = this.chain.then(async () => {
      for (let i = 0; i < PRUNE_MAX_BATCHES; i++) {
        const n = await pruneSamplesBefore(this.options.db, before, PRUNE_BATCH);
        removed += n;
        if (n < PRUNE_BATCH) break;
      }
    });
    this.chain = run.catch((error) => this.options.log?.error({ err: error }, 'pruning index samples failed'));
    return this.chain.then(() => removed);
  }

  /** Replaces the clock (tests drive time by hand). */
  useClock(now: () => number): void {
    this.now = now;
  }

  onFlush(listener: (report: FlushReport) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * The newest index tick of a pair (price and time), if any arrived since the start; none while the
   * pair's index is unavailable, so nothing is bought on the last price from before the outage.
   */
  latest(pairId: number): Price | undefined {
    const state = this.pairs.get(pairId);
    const latest = state?.latest;
    return latest && !state.outages.some((o) => predates(latest, o)) ? latest : undefined;
  }

  private stateOf(pairId: number): PairSampling {
    let state = this.pairs.get(pairId);
    if (!state) {
      state = { bySecond: new Map(), outages: [] };
      this.pairs.set(pairId, state);
    }
    return state;
  }

  /**
   * Takes a flip of the pair's index availability (the market's `indexStatus`, or a test). While the index
   * is unavailable the market publishes no tick, and the last price must not be carried into that time:
   * a delivery second then has no sample and its options are void, never settled on a price from before.
   */
  indexStatus(pairId: number, status: { available: boolean; since: number }): void {
    const { outages } = this.stateOf(pairId);
    const open = outages.at(-1);
    if (!status.available) {
      if (!open || open.until !== undefined) outages.push({ from: status.since });
    } else if (open && open.until === undefined) open.until = status.since;
  }

  /** Takes one tick. A tick for a second already final is too late and only updates `latest`. */
  ingest(tick: IndexTick): void {
    const state = this.stateOf(tick.pairId);
    const price: Price = { price: tick.price, time: tick.time, constituents: tick.constituents };
    if (!state.latest || tick.time >= state.latest.time) state.latest = price;
    const second = Math.floor(tick.time / 1000);
    if (state.lastFinal !== undefined && second <= state.lastFinal) return;
    const held = state.bySecond.get(second);
    if (!held || tick.time >= held.time) state.bySecond.set(second, price);
    // A tick of a new second closes the earlier ones: flush once this turn's ticks (all pairs) are in.
    for (const s of state.bySecond.keys()) {
      if (s < second) {
        this.flushSoon();
        break;
      }
    }
  }

  private flushSoon(): void {
    if (this.soon || this.stopped) return;
    this.soon = true;
    setImmediate(() => {
      this.soon = false;
      void this.flush();
    });
  }

  /** Fires just after each second's grace ends, so quiet pairs are sampled too. */
  private arm(): void {
    if (this.stopped) return;
    const now = this.now();
    const wait = 1000 - ((now - this.graceMs) % 1000) + 5;
    this.timer = setTimeout(() => {
      void this.flush().finally(() => this.arm());
    }, wait);
    this.timer.unref?.();
  }

  /** Decides every second that is over and stores the samples (serialised: one flush at a time). */
  flush(): Promise<void> {
    const run = this.chain.then(() => this.flushNow());
    this.chain = run.catch((error) => this.options.log?.error({ err: error }, 'storing index samples failed'));
    return this.chain;
  }

  /** The genesis hash of a pair's UTC day (cached: one per pair and day). */
  private genesis(pairId: number, day: string): string {
    const key = `${pairId}:${day}`;
    let hash = this.genesisCache.get(key);
    if (!hash) {
      if (this.genesisCache.size > 1000) this.genesisCache.clear();
      hash = sha256(genesisText(pairId, day));
      this.genesisCache.set(key, hash);
    }
    return hash;
  }

  /**
   * Reads back where each new pair's chain stands: its newest stored sample. Seconds up to that one are
   * already decided (a restart never writes a second twice), and the chain continues from its hash.
   */
  private async loadHeads(): Promise<void> {
    const unread = [...this.pairs].filter(([, state]) => !state.headLoaded);
    if (!unread.length) return;
    const stored = await lastSamples(
      this.options.db,
      unread.map(([pairId]) => pairId),
    );
    for (const [pairId, state] of unread) {
      const last = stored.get(pairId);
      if (last && (!state.head || last.second > state.head.second)) {
        state.head = last;
        if (state.lastFinal === undefined || last.second > state.lastFinal) state.lastFinal = last.second;
      }
      state.headLoaded = true;
    }
  }

  private async flushNow(): Promise<void> {
    await this.loadHeads();
    const byClock = Math.floor((this.now() - this.graceMs) / 1000) - 1;
    const source = this.options.source();
    const written: ChainedSample[] = [];
    const decided: { pairId: number; state: PairSampling; finalUpTo: number; standing?: Price; head?: ChainHead }[] = [];
    for (const [pairId, state] of this.pairs) {
      const seconds = [...state.bySecond.keys()];
      const newestTick = seconds.length ? Math.max(...seconds) : undefined;
      const finalUpTo = Math.max(byClock, newestTick === undefined ? -Infinity : newestTick - 1);
      let start = state.lastFinal === undefined ? (seconds.length ? Math.min(...seconds) : undefined) : state.lastFinal + 1;
      if (start === undefined || finalUpTo < start) continue;
      if (finalUpTo - start >= MAX_SECONDS_PER_FLUSH) start = finalUpTo - MAX_SECONDS_PER_FLUSH + 1;
      let standing = state.standing;
      let head = state.head;
      for (let s = start; s <= finalUpTo; s++) {
        const own = state.bySecond.get(s);
        if (own) standing = own;
        // No tick in this second: the price that stood through it, unless the feed has gone quiet too long.
        else if (!standing || s * 1000 + 999 - standing.time > this.carryMs) continue;
        if (darkened(state.outages, s, standing)) {
          // The index was unavailable at the second's end, or the price predates its return.
          standing = undefined;
          continue;
        }
        const day = utcDayOf(s);
        const fields = {
          pairId,
          second: s,
          price: standing.price,
          priceTime: standing.time,
          source,
          carried: !own,
          constituents: [...(standing.constituents ?? [{ venue: source, price: standing.price, time: standing.time }])],
          prevHash: head && utcDayOf(head.second) === day ? head.hash : this.genesis(pairId, day),
        };
        const hash = sha256(sampleText(fields));
        written.push({ ...fields, hash });
        head = { second: s, hash };
      }
      decided.push({ pairId, state, finalUpTo, standing, head });
    }
    if (!decided.length) return;
    await insertSamples(this.options.db, written);
    const finalUpTo = new Map<number, number>();
    for (const d of decided) {
      for (const s of d.state.bySecond.keys()) if (s <= d.finalUpTo) d.state.bySecond.delete(s);
      d.state.lastFinal = d.finalUpTo;
      d.state.standing = d.standing;
      d.state.head = d.head;
      d.state.outages = d.state.outages.filter((o) => !overtaken(o, d.standing));
      finalUpTo.set(d.pairId, d.finalUpTo);
    }
    const report = { finalUpTo, written };
    for (const listener of this.listeners) {
      try {
        listener(report);
      } catch (error) {
        this.options.log?.error({ err: error }, 'an index sample listener failed');
      }
    }
  }
}
