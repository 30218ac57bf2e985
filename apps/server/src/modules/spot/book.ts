import {
  type CancelReason,
  Engine,
  type EngineEvent,
  type EngineSnapshot,
  type SnapshotLevel,
  type TradeEvent,
} from '@app/engine';
import type { Database, Db } from '../../db/client.js';
import { LedgerBatch } from '../../ledger/batch.js';
import type { EntryInput, Leg } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { hasSqlState, isDatabaseUnavailable } from '../../lib/db-errors.js';
import { D, type Dec, dec, str } from '../../lib/money.js';
import {
  addFill,
  baseAccount,
  clearingAccount,
  feeLegs,
  feesAccount,
  freezeLegs,
  type OrderType,
  quoteAccount,
  releaseLegs,
  type Side,
  type SpotMarket,
  type SpotOrder,
  tradeLegs,
} from './orders.js';
import {
  batchCtes,
  batchFenceCheck,
  claimEpoch,
  FENCED_OUT_STATE,
  loadCounters,
  recentTrades,
  renewEpoch,
  SPOT_BATCH_LOCK,
  type TradeRow,
  waitingOrders,
} from './repo.js';

/** A checked order, ready for the engine: integer units and the amount to freeze already worked out. */
export type PlaceInput = {
  userId: number;
  side: Side;
  type: OrderType;
  priceTicks: number | null;
  lots: number | null;
  /** Market buys: the engine's budget in quote units. */
  quoteBudget: number | null;
  price: string | null;
  amount: string | null;
  total: string | null;
  locked: Dec;
  /** Market making: never take liquidity (refused with `post_only` instead). */
  postOnly?: boolean;
  /** Market orders: the worst price (ticks) they may trade at, from the pair's price band. */
  protectTicks?: number;
};

/**
 * `notAfter` (this node's clock, ms): a forwarded command's caller stops waiting soon after; a command
 * whose batch starts later is refused with nothing stored, so a caller that timed out (and told its
 * client to try again) never has the order go through behind its back.
 */
type Reply = { resolve: (order: SpotOrder) => void; reject: (error: unknown) => void; notAfter?: number };
type Command = ({ kind: 'place'; input: PlaceInput } | { kind: 'cancel'; userId: number; orderId: number }) & Reply;
type Outcome = { order: SpotOrder } | { error: AppError };
type PlaceCommand = Extract<Command, { kind: 'place' }>;
const isPlace = (c: Command): c is PlaceCommand => c.kind === 'place';
/** How a batch's transaction tells it of the batch before it and lets the COMMIT follow its write. */
type BatchStep = { previous: Promise<boolean>; commitWithNext: () => void; written: () => void };
/** A batch after `admit`: the commands in time, their order ids, and the ledger with their accounts locked. */
type Admitted = { batch: Command[]; ids: number[]; ledger: LedgerBatch; outcomes: Map<Command, Outcome> };
/** What `match` did: orders touched (and which are new), trades, and the ledger entries still to post. */
type Matched = {
  touched: Map<number, SpotOrder>;
  created: Set<number>;
  trades: TradeRow[];
  later: { entry: EntryInput; legs: Leg[] }[];
  now: Date;
  bookChanged: boolean;
};

/** What a committed batch changed, for the socket pushes. */
export type Committed = { market: SpotMarket; orders: SpotOrder[]; trades: TradeRow[]; bookChanged: boolean };

export type BookOptions = {
  database: Database;
  market: SpotMarket;
  /**
   * Orders the batches of every pair (`WriteLocks.batch`, write-lock.ts): one batch at a time takes its
   * locks; it releases once its write is on its way, and the next may start while it commits.
   */
  writeLock: <T>(task: (release: () => void) => Promise<T>) => Promise<T>;
  /** `n` unused order ids (inside the batch's transaction). */
  takeIds: (tx: Db, n: number) => Promise<number[]>;
  onCommit: (committed: Committed) => void;
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
  /** Ledger account ids by key, shared by the books (LedgerBatch `knownIds`); filled after commits. */
  accountIds?: Map<string, number>;
  /** Commands one batch takes at most. */
  maxBatch?: number;
  /** Commands that may wait; beyond this a new one is refused with `rate_limited`. */
  maxQueue?: number;
  /** Told of every batch transaction that ended (metrics): its commands, how long it took, whether it committed. */
  onBatch?: (batch: BatchObservation) => void;
};

/** One batch transaction as the metrics see it. */
export type BatchObservation = { pair: string; commands: number; seconds: number; committed: boolean };

const CANCEL_REASONS: Record<CancelReason, string> = {
  user: 'user',
  'no liquidity': 'no_liquidity',
  'price band': 'price_band',
  'quote exhausted': 'quote_exhausted',
  ioc: 'ioc',
  'self-trade': 'self_trade',
  'quantity limit': 'quantity_limit',
};

const RECENT_TRADES = 100;

/** A price in the tick's format; a trade from before a tick-size change may be off the grid: shown as stored. */
function onGrid(m: SpotMarket, price: string): string {
  try {
    return m.units.fromTicks(m.units.toTicks(price));
  } catch {
    return price;
  }
}
const copy = (o: SpotOrder): SpotOrder => ({ ...o });

type RecentTrade = { id: number; price: string; amount: string; side: Side; time: number };
/** A book as read from the database, before it replaces the running one. */
type Built = { engine: Engine; live: Map<number, SpotOrder>; epoch: number; trades: RecentTrade[] };

/**
 * A batch's place in the pipeline, as the batch after it sees it. The next batch starts as soon as this
 * one's write is on its way, reads its accounts (the database answers once this one's transaction has
 * ended), and only then touches the engine — if this one committed; otherwise it rolls back untouched
 * and waits for this one to be over (the book repaired, the batch retried or refused).
 */
type Turn = {
  /** True once the batch's transaction committed and the book took its result; false if it failed. */
  outcome: Promise<boolean>;
  /** The batch is over: answered, retried or refused, the book repaired if it needed to be. */
  done: Promise<void>;
};
const IDLE: Turn = { outcome: Promise.resolve(true), done: Promise.resolve() };

/** The batch before this one did not commit: this one rolled back without touching the engine. */
class PreviousBatchFailed extends Error {
  constructor() {
    super('the batch before this one did not commit');
  }
}

/** A batch found the market claimed by a newer build of its book (another node took the engine). */
class FencedOut extends Error {
  constructor(symbol: string) {
    super(`spot book of ${symbol} was fenced out by a newer build`);
  }
}

/**
 * The order book of one pair: a single-writer engine fed by a queue, persisted by group commit.
 *
 * Commands (place, cancel) are queued; one batch at a time takes everything queued, and, inside one
 * database transaction, locks the accounts that will freeze funds, applies the commands to the engine
 * one by one (a place whose funds do not suffice is refused before the engine sees it), then writes the
 * orders, the trades, every ledger entry (freezes, settlements, fees, releases) and the engine's
 * counters. Only after the commit does each command get its reply, so a client never hears of an order
 * the database does not have. Commands that arrive while a batch is being written wait for the next one.
 *
 * If a batch fails to commit, the engine (already changed in memory) is rebuilt from the database, the
 * batch is tried once more, and then refused with `internal_error`. A restart rebuilds the same way:
 * the waiting orders at their remaining quantity, in their original sequence.
 */
export class PairBook {
  readonly market: SpotMarket;
  private engine = new Engine();
  /** Waiting orders by id (the engine holds their remaining lots; this their money). */
  private live = new Map<number, SpotOrder>();
  private trades: RecentTrade[] = [];
  private queue: Command[] = [];
  private running: Promise<void> | undefined;
  /** Wakes the running drain when a command is queued (it may go out behind a batch still committing). */
  private arrived: (() => void) | undefined;
  private closed = false;
  /**
   * The engine is ahead of the database: a batch failed and the rebuild after it failed too (the
   * database out of reach). Nothing runs on it until a rebuild succeeds; one is retried every second,
   * so the book shown is the database's again as soon as the database is back.
   */
  private stale = false;
  private repairTimer: NodeJS.Timeout | undefined;
  /** The fencing token this book's last build claimed (`spot_markets.owner_epoch`). */
  private epoch = 0;
  private readonly maxBatch: number;
  private readonly maxQueue: number;

  constructor(private readonly options: BookOptions) {
    this.market = options.market;
    this.maxBatch = options.maxBatch ?? 1000;
    this.maxQueue = options.maxQueue ?? 20_000;
  }

  get pairId(): number {
    return this.market.pair.id;
  }

  /** The engine's state (tests compare it across a restart). */
  snapshot(): EngineSnapshot {
    return this.engine.snapshot();
  }

  depth(levels: number): { bids: [string, string][]; asks: [string, string][] } {
    const { units } = this.market;
    const depth = this.engine.depth(levels);
    const side = (list: [number, number][]) =>
      list.map(([price, qty]) => [units.fromTicks(price), units.fromLots(qty)] as [string, string]);
    return { bids: side(depth.bids), asks: side(depth.asks) };
  }

  recentTrades(limit: number) {
    return this.trades.slice(0, limit);
  }

  /** A waiting order of this book, if it is one. */
  liveOrder(id: number): SpotOrder | undefined {
    const order = this.live.get(id);
    return order && copy(order);
  }

  /** Commands waiting for a batch (metrics: the engine's queue depth). */
  get queueDepth(): number {
    return this.queue.length;
  }

  /** Closed: given up by this node, or fenced out by a newer build; it takes no more commands. */
  get isClosed(): boolean {
    return this.closed;
  }

  /** Waiting orders of one user (the market maker's own quotes). */
  liveOrdersOf(userId: number): SpotOrder[] {
    return [...this.live.values()].filter((o) => o.userId === userId).map(copy);
  }

  place(input: PlaceInput, notAfter?: number): Promise<SpotOrder> {
    return this.submit((reply) => ({ kind: 'place', input, ...reply, notAfter }));
  }

  cancel(userId: number, orderId: number, notAfter?: number): Promise<SpotOrder> {
    return this.submit((reply) => ({ kind: 'cancel', userId, orderId, ...reply, notAfter }));
  }

  private submit(make: (reply: Reply) => Command): Promise<SpotOrder> {
    if (this.closed) return Promise.reject(new AppError('request_timeout'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new AppError('rate_limited'));
    return new Promise<SpotOrder>((resolve, reject) => {
      this.queue.push(make({ resolve, reject }));
      this.arrived?.();
      // The first command of an idle book waits one turn of the event loop, so requests that arrived
      // together share its transaction; later ones gather while a batch is being written.
      this.running ??= new Promise<void>((done) => setImmediate(() => void this.drain().finally(done)));
    });
  }

  /**
   * Runs the queue as a pipeline of batches: a batch starts as soon as the one before it has its write
   * on its way, so its reads wait in the database for that COMMIT rather than behind the replies this
   * process writes after it.
   */
  private async drain(): Promise<void> {
    let previous = IDLE;
    try {
      for (;;) {
        if (!this.queue.length) {
          const arrival = new Promise<void>((resolve) => {
            this.arrived = resolve;
          });
          await Promise.race([previous.done, arrival]);
          this.arrived = undefined;
          // Commands that arrive together share a batch, as on an idle book.
          if (this.queue.length) await new Promise((resolve) => setImmediate(resolve));
        }
        if (!this.queue.length) break;
        const turn = this.runBatch(this.queue.splice(0, this.maxBatch), previous);
        await turn.written;
        previous = turn;
      }
    } finally {
      this.arrived = undefined;
      this.running = undefined;
    }
  }

  /** Resolves once every queued command has been applied (admin-config: before a tick or lot change). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Lets queued commands finish and refuses new ones. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.repairTimer);
    while (this.running) await this.running;
  }

  /** Back to what the database holds; false (and another try in a second) if it cannot be read. */
  private async repair(): Promise<boolean> {
    if (this.closed) return false;
    try {
      await this.rebuildBounded();
      // Closed while rebuilding (this node gave the engine up): it must not run another batch.
      if (this.closed) return false;
      this.stale = false;
      return true;
    } catch (error) {
      if (error instanceof FencedOut) {
        this.options.log.warn({ pair: this.market.pair.symbol }, 'spot book fenced out while repairing');
        this.closed = true;
        return false;
      }
      this.stale = true;
      this.options.log.error({ err: error, pair: this.market.pair.symbol }, 'spot book rebuild failed');
      this.scheduleRepair();
      return false;
    }
  }

  private scheduleRepair(): void {
    if (this.repairTimer || this.closed) return;
    this.repairTimer = setTimeout(() => {
      this.repairTimer = undefined;
      if (!this.stale || this.closed) return;
      // A batch running now repairs first; otherwise repair here, then run what queued meanwhile.
      if (this.running) return this.scheduleRepair();
      this.running = this.repair().then(() => this.drain());
    }, 1000);
    this.repairTimer.unref?.();
  }

  /** Starts a batch behind `previous`; `written` settles once its write is on its way (or it is over). */
  private runBatch(batch: Command[], previous: Turn): Turn & { written: Promise<void> } {
    let settle!: (committed: boolean) => void;
    let wrote!: () => void;
    const outcome = new Promise<boolean>((resolve) => {
      settle = resolve;
    });
    const written = new Promise<void>((resolve) => {
      wrote = resolve;
    });
    const done = this.attempt(batch, previous, settle, wrote).finally(() => {
      settle(false);
      wrote();
    });
    return { outcome, done, written };
  }

  private async attempt(
    batch: Command[],
    previous: Turn,
    settle: (committed: boolean) => void,
    wrote: () => void,
  ): Promise<void> {
    const { database, writeLock } = this.options;
    const refuse = (code: 'service_unavailable' | 'internal_error' | 'engine_unavailable') => {
      for (const command of batch) command.reject(new AppError(code));
    };
    for (let attempt = 1; ; attempt++) {
      // The database is still out of reach: nothing is stored, and the client may send it again.
      if (this.stale && !(await this.repair())) return refuse(this.closed ? 'engine_unavailable' : 'service_unavailable');
      const startedAt = performance.now();
      const observe = (committed: boolean) =>
        this.options.onBatch?.({
          pair: this.market.pair.symbol,
          // (commands that joined while the batch waited for the one before are in it by now)
          commands: batch.length,
          seconds: (performance.now() - startedAt) / 1000,
          committed,
        });
      try {
        const result = await writeLock((release) =>
          database.quickTransaction(
            (tx, commitWithNext) =>
              this.apply(tx, batch, {
                previous: previous.outcome,
                commitWithNext,
                written: () => {
                  release();
                  wrote();
                },
              }),
            { lockPhase: SPOT_BATCH_LOCK },
          ),
        );
        this.committed(batch, result);
        settle(true);
        observe(true);
        return;
      } catch (error) {
        // First of all the batch behind this one learns it must not build on this one's engine state.
        settle(false);
        if (error instanceof PreviousBatchFailed) {
          // Nothing of this batch touched the book: run it again once the one before is over.
          await previous.done;
          previous = IDLE;
          attempt--;
          continue;
        }
        observe(false);
        // A closed book (this node gave the engine up) must not rebuild: that would claim the market
        // back from the book that owns it now.
        if (this.closed) return refuse('engine_unavailable');
        if (error instanceof FencedOut) {
          // The market is another book's now: this one stops; the caller may send it again (forwarded).
          this.options.log.warn({ pair: this.market.pair.symbol }, 'spot book fenced out by a newer build');
          this.closed = true;
          return refuse('engine_unavailable');
        }
        // The engine ran ahead of a transaction that did not commit: back to what the database holds.
        const repaired = await this.repair();
        if (this.closed) return refuse('engine_unavailable');
        if (attempt < 2 && repaired) {
          this.options.log.warn({ err: error, pair: this.market.pair.symbol }, 'spot batch failed; retrying once');
          continue;
        }
        this.options.log.error({ err: error, pair: this.market.pair.symbol }, 'spot batch failed');
        return refuse(isDatabaseUnavailable(error) ? 'service_unavailable' : 'internal_error');
      }
    }
  }

  /**
   * One batch, in the stages an exchange's pipeline has: `admit` (deadlines, order ids, the accounts
   * locked and read, the batch before confirmed), `match` (each command's risk check, then the engine),
   * `release` (what finished orders no longer need frozen) and `journal` (everything in one write).
   */
  private async apply(tx: Db, commands: Command[], step: BatchStep) {
    const admitted = await this.admit(tx, commands, step);
    const matched = this.match(admitted);
    await this.release(matched, admitted.ledger);
    const all = [...matched.touched.values()];
    await this.journal(admitted.ledger, all, matched, step);
    return {
      outcomes: admitted.outcomes,
      orders: all.map(copy),
      trades: matched.trades,
      bookChanged: matched.bookChanged,
      accounts: admitted.ledger.seenIds(),
    };
  }

  /**
   * Admits the commands still in time, takes ids for the orders and locks and reads the accounts they
   * may freeze from, confirms the batch before this one committed, and lets commands queued meanwhile join.
   */
  private async admit(tx: Db, commands: Command[], step: BatchStep): Promise<Admitted> {
    const m = this.market;
    const outcomes = new Map<Command, Outcome>();
    const startedAt = Date.now();
    const inTime = (command: Command) => {
      if (command.notAfter === undefined || startedAt <= command.notAfter) return true;
      outcomes.set(command, { error: new AppError('engine_unavailable') });
      return false;
    };
    const coinAccounts = (list: PlaceCommand[]) =>
      list.flatMap((c) => [quoteAccount(m, c.input.userId), baseAccount(m, c.input.userId)]);
    const batch = commands.filter(inTime);
    const places = batch.filter(isPlace);
    // (On PostgreSQL the transaction holds the cluster-wide lock phase, SPOT_BATCH_LOCK, from its BEGIN:
    // these reads queue behind it on the connection and run once it is granted.)
    const ids = await this.options.takeIds(tx, places.length);
    const ledger = new LedgerBatch(tx, this.options.accountIds);
    // Both coin accounts of everyone placing, and the fees account: most batches need no second read.
    await ledger.load([feesAccount(m), clearingAccount(m), ...coinAccounts(places)]);
    // Every batch of the pair locks its fees account first, so these balances were read once the batch
    // before this one had ended: what it committed, or what was there before it if it failed. Only in the
    // first case is the engine (which has that batch in it) the database's, and may this batch go on.
    if (!(await step.previous)) throw new PreviousBatchFailed();
    // Commands queued while this batch waited for the one before join it (they are answered, and retried,
    // with it): most are a trader's next order, whose accounts this batch holds already, so they cost no
    // read; they would otherwise wait for the next batch, a whole commit later.
    const joining = this.queue.splice(0, Math.max(0, this.maxBatch - commands.length));
    if (joining.length) {
      commands.push(...joining);
      const joined = joining.filter(inTime);
      batch.push(...joined);
      const joinedPlaces = joined.filter(isPlace);
      ids.push(...(await this.options.takeIds(tx, joinedPlaces.length)));
      await ledger.load(coinAccounts(joinedPlaces));
    }
    return { batch, ids, ledger, outcomes };
  }

  /** Runs the admitted commands through the engine in order, each against the balances so far. */
  private match({ batch, ids, ledger, outcomes }: Admitted): Matched {
    const matched: Matched = {
      touched: new Map(),
      created: new Set(),
      trades: [],
      later: [],
      now: new Date(),
      bookChanged: false,
    };
    for (const command of batch) {
      const outcome =
        command.kind === 'place'
          ? this.matchPlace(command.input, ids.shift()!, ledger, matched)
          : this.matchCancel(command, matched);
      outcomes.set(command, outcome);
    }
    return matched;
  }

  /** The risk check (the freeze must fit the balance), then the engine; the order's freeze is posted. */
  private matchPlace(input: PlaceInput, id: number, ledger: LedgerBatch, matched: Matched): Outcome {
    const m = this.market;
    const freeze = freezeLegs(m, input);
    if (!ledger.fits(freeze)) {
      const code = input.side === 'buy' ? 'insufficient_balance' : 'insufficient_sellable';
      const field = input.side === 'buy' && input.type === 'market' ? 'total' : 'amount';
      return { error: new AppError(code, { fields: { [field]: code } }) };
    }
    const events = this.engine.place({
      id,
      userId: input.userId,
      side: input.side,
      type: input.type,
      ...(input.priceTicks !== null ? { price: input.priceTicks } : {}),
      ...(input.lots !== null ? { quantity: input.lots } : {}),
      ...(input.quoteBudget !== null ? { quoteAmount: input.quoteBudget } : {}),
      ...(input.postOnly ? { postOnly: true } : {}),
      ...(input.protectTicks !== undefined ? { protectPrice: input.protectTicks } : {}),
    });
    const first = events[0]!;
    // Only the market maker's post-only quotes can get here (every other check came first).
    if (first.type === 'rejected') return { error: new AppError('validation_failed') };
    const { now } = matched;
    const order: SpotOrder = {
      id,
      userId: input.userId,
      pairId: m.pair.id,
      side: input.side,
      type: input.type,
      price: input.price,
      amount: input.amount,
      total: input.total,
      filled: new D(0),
      filledQuote: new D(0),
      feeExact: new D(0),
      fee: new D(0),
      locked: input.locked,
      used: new D(0),
      status: 'waiting',
      cancelReason: null,
      seq: first.seq,
      createdAt: now,
      updatedAt: now,
    };
    ledger.post({ reason: 'spot_freeze', refType: 'spot_order', refId: id }, freeze);
    this.live.set(id, order);
    matched.touched.set(id, order);
    matched.created.add(id);
    this.handle(events, matched.touched, matched.trades, matched.later, now);
    matched.bookChanged = true;
    return { order };
  }

  /** A waiting order of this user leaves the engine; anyone else's (or an unknown id) is refused. */
  private matchCancel(command: Extract<Command, { kind: 'cancel' }>, matched: Matched): Outcome {
    const order = this.live.get(command.orderId);
    if (!order || order.userId !== command.userId) {
      return { error: new AppError('order_not_cancellable', { fields: { id: 'order_not_cancellable' } }) };
    }
    this.handle(
      this.engine.cancel(order.id, { userId: order.userId }),
      matched.touched,
      matched.trades,
      matched.later,
      matched.now,
    );
    matched.bookChanged = true;
    return { order };
  }

  /** Orders that left the book give back what they still had frozen; every entry goes to the ledger batch. */
  private async release({ touched, later }: Matched, ledger: LedgerBatch): Promise<void> {
    for (const order of touched.values()) {
      if (order.status === 'waiting') continue;
      this.live.delete(order.id);
      const legs = releaseLegs(this.market, order);
      if (legs.length) later.push({ entry: { reason: 'spot_unfreeze', refType: 'spot_order', refId: order.id }, legs });
    }
    if (!later.length) return;
    await ledger.load(later.flatMap((l) => l.legs.map((leg) => leg.account)));
    for (const { entry, legs } of later) ledger.post(entry, legs);
  }

  /** Orders, trades, ledger entries and the pair's counters in one statement, the COMMIT behind it. */
  private async journal(ledger: LedgerBatch, all: SpotOrder[], { created, trades }: Matched, step: BatchStep): Promise<void> {
    const m = this.market;
    const counters = { pairId: m.pair.id, lastSeq: this.engine.seq, lastTradeId: this.engine.tradeId, epoch: this.epoch };
    // The write is the batch's last statement, and it fails if another build took the market since ours
    // (a node that took over the engine): the COMMIT can go out with it.
    step.commitWithNext();
    try {
      const writing = ledger.flush(
        batchCtes(
          all.filter((o) => created.has(o.id)),
          all.filter((o) => !created.has(o.id)),
          trades,
          counters,
        ),
        batchFenceCheck(m.pair.id),
      );
      // No lock is taken from here on: the next batch may start while this one commits.
      step.written();
      await writing;
    } catch (error) {
      throw hasSqlState(error, FENCED_OUT_STATE) ? new FencedOut(m.pair.symbol) : error;
    }
  }

  /** Applies one command's events to the orders' money and collects the ledger legs and trade rows. */
  private handle(
    events: EngineEvent[],
    touched: Map<number, SpotOrder>,
    trades: TradeRow[],
    later: { entry: EntryInput; legs: Leg[] }[],
    now: Date,
  ): void {
    const order = (id: number | string) => {
      const found = this.live.get(Number(id));
      if (!found) throw new Error(`spot order ${id} is in the engine but not in the book's money`);
      touched.set(found.id, found);
      found.updatedAt = now;
      return found;
    };
    for (const event of events) {
      if (event.type === 'trade') {
        this.trade(event, order(event.makerId), order(event.takerId), trades, later, now);
      } else if (event.type === 'done') {
        order(event.orderId).status = 'completed';
      } else if (event.type === 'cancelled') {
        const o = order(event.orderId);
        // Part traded, part cancelled: a partly filled order, never shown as merely cancelled.
        o.status = o.filled.isZero() ? 'cancelled' : 'partially_filled';
        o.cancelReason = CANCEL_REASONS[event.reason];
      }
    }
  }

  private trade(
    event: TradeEvent,
    maker: SpotOrder,
    taker: SpotOrder,
    trades: TradeRow[],
    later: { entry: EntryInput; legs: Leg[] }[],
    now: Date,
  ): void {
    const m = this.market;
    const base = dec(m.units.fromLots(event.qty));
    const quote = dec(m.units.notional(event.price, event.qty));
    const makerFill = addFill(m, maker, base, quote, m.makerRate);
    const takerFill = addFill(m, taker, base, quote, m.takerRate);
    const [buyer, seller] = taker.side === 'buy' ? [taker, maker] : [maker, taker];
    const paid = (buyer === taker ? takerFill : makerFill).moved;
    const received = (seller === taker ? takerFill : makerFill).moved;
    const ref = { refType: 'spot_trade', refId: `${m.pair.id}:${event.tradeId}` };
    later.push({ entry: { reason: 'spot_trade', ...ref }, legs: tradeLegs(m, buyer, seller, base, paid, received) });
    // Each side's fee is an entry of its own, naming its payer (a referral rebate reads them); the memo
    // `<maker|taker>:<buy|sell>:<user id>` describes it for people.
    for (const [order, fill, role] of [
      [maker, makerFill, 'maker'],
      [taker, takerFill, 'taker'],
    ] as const) {
      const feeLegsOfSide = feeLegs(m, fill.fee);
      if (feeLegsOfSide.length) {
        later.push({
          entry: { reason: 'spot_fee', ...ref, memo: `${role}:${order.side}:${order.userId}`, payerId: order.userId },
          legs: feeLegsOfSide,
        });
      }
    }
    trades.push({
      pairId: m.pair.id,
      id: event.tradeId,
      seq: event.seq,
      price: m.units.fromTicks(event.price),
      amount: str(base),
      quoteAmount: str(quote),
      takerSide: event.takerSide,
      makerOrderId: maker.id,
      takerOrderId: taker.id,
      makerUserId: maker.userId,
      takerUserId: taker.userId,
      makerFee: str(makerFill.fee),
      takerFee: str(takerFill.fee),
      time: now.getTime(),
    });
  }

  private committed(batch: Command[], result: Awaited<ReturnType<PairBook['apply']>>): void {
    // Committed: these accounts exist, their ids can be locked directly from now on.
    for (const [key, id] of result.accounts) this.options.accountIds?.set(key, id);
    for (const trade of result.trades) {
      this.trades.unshift({ id: trade.id, price: trade.price, amount: trade.amount, side: trade.takerSide, time: trade.time });
    }
    if (this.trades.length > RECENT_TRADES) this.trades.length = RECENT_TRADES;
    // The replies and pushes wait for the event loop's next turn: the next batch's reads were answered
    // together with this COMMIT (they waited for its locks), and the engine waits for them, not for the
    // HTTP replies — writing those first would hold the next batch up by the time they take.
    setImmediate(() => {
      for (const command of batch) {
        const outcome = result.outcomes.get(command);
        if (!outcome) command.reject(new AppError('internal_error'));
        else if ('error' in outcome) command.reject(outcome.error);
        else command.resolve(copy(outcome.order));
      }
      if (result.orders.length || result.trades.length) {
        this.options.onCommit({
          market: this.market,
          orders: result.orders,
          trades: result.trades,
          bookChanged: result.bookChanged,
        });
      }
    });
  }

  /**
   * Loads the book from the database: waiting orders at their remaining quantity, in sequence order.
   * `keep`: this book already runs the market (a repair, a tick change) and keeps it only if no other
   * build took it since (then FencedOut); otherwise (a new build, whose caller holds the engine lock)
   * it takes the market.
   */
  async rebuild(db: Db = this.options.database.db, options: { keep?: boolean } = {}): Promise<void> {
    this.install(await this.read(db, options));
  }

  /**
   * A repair's rebuild, in one quick transaction: bounded by its deadline when the database stops
   * answering, and the book changes only once the renewed token is committed (a token the database never
   * stored would fence this book out of its own market at its next batch).
   */
  private async rebuildBounded(): Promise<void> {
    this.install(await this.options.database.quickTransaction((tx) => this.read(tx, { keep: true })));
  }

  private install(built: Built): void {
    this.engine = built.engine;
    this.live = built.live;
    this.epoch = built.epoch;
    this.trades = built.trades;
  }

  private async read(db: Db, options: { keep?: boolean }): Promise<Built> {
    const m = this.market;
    // First the token: a previous owner's batch still writing finishes before the reads below.
    const epoch = options.keep && this.epoch > 0 ? await renewEpoch(db, m.pair.id, this.epoch) : await claimEpoch(db, m.pair.id);
    if (epoch === undefined) throw new FencedOut(m.pair.symbol);
    const orders = await waitingOrders(db, m.pair.id);
    const counters = await loadCounters(db, m.pair.id);
    const bids = new Map<number, SnapshotLevel>();
    const asks = new Map<number, SnapshotLevel>();
    const live = new Map<number, SpotOrder>();
    for (const order of orders) {
      if (order.type !== 'limit' || order.price === null || order.amount === null) {
        throw new Error(`spot order ${order.id} is waiting but is not a limit order`);
      }
      const price = m.units.toTicks(order.price);
      const qty = m.units.toLots(str(dec(order.amount).minus(order.filled)));
      const levels = order.side === 'buy' ? bids : asks;
      let level = levels.get(price);
      if (!level) {
        level = { price, orders: [] };
        levels.set(price, level);
      }
      level.orders.push({ id: order.id, userId: order.userId, qty, seq: order.seq });
      live.set(order.id, order);
    }
    const engine = Engine.restore({
      version: 1,
      config: { stp: 'cancel-maker' },
      seq: counters.lastSeq,
      tradeId: counters.lastTradeId,
      bids: [...bids.values()].sort((a, b) => b.price - a.price),
      asks: [...asks.values()].sort((a, b) => a.price - b.price),
    });
    const trades = await recentTrades(db, m.pair.id, RECENT_TRADES);
    return {
      engine,
      live,
      epoch,
      trades: trades.map((t) => ({
        id: t.id,
        price: onGrid(m, str(t.price)),
        amount: str(t.amount),
        side: t.takerSide as Side,
        time: t.createdAt.getTime(),
      })),
    };
  }
}
