import type { Db } from '../../db/client.js';
import type { AccountRef } from '../../ledger/accounts.js';
import { LedgerBatch } from '../../ledger/batch.js';
import type { Leg } from '../../ledger/ledger.js';
import { D } from '../../lib/money.js';
import type { FlushReport, IndexSampler } from '../index-samples/sampler.js';
import { type StoredSample, samplesAt } from '../index-samples/sampler.js';
import { fillOpenPrices, markSettled, type OptionOrderRow, openOrders, type SettledRow, type VoidReason } from './repo.js';
import { settleOption } from './settle.js';
import { voidOrders } from './void.js';

/** An order the caller wants looked at again (the pair and delivery second are informative). */
type Key = { id: number; pairId?: number; deliverySecond?: number };

export type SettlerOptions = {
  db: Db;
  sampler: IndexSampler;
  /** Decimals of the stake coins, by currency id. */
  decimalsOf: (currencyId: number) => number;
  /** Called with each settled or voided order after its transaction committed (the socket push). */
  onSettled?: (orders: OptionOrderRow[]) => void;
  /** Called with orders whose open price was just filled from the recorded sample of their open second. */
  onOpened?: (orders: OptionOrderRow[]) => void;
  now?: () => number;
  log?: { error: (obj: object, msg: string) => void };
};

/** Orders settled per transaction: bounds one statement's size; 10,000 due at once take two. */
const CHUNK = 5000;

/**
 * Seconds this far before the settler's start are final without a word from the sampler: the process
 * that could have recorded them is gone, and this one records only from its first tick on (a tick's time
 * may trail the clock a little, hence a second of margin).
 */
const BOOT_MARGIN_SECONDS = 2;

/** The second an order waits for next: its open second while the open price is pending, then its delivery. */
const nextSecond = (o: OptionOrderRow): number => (o.openPrice === null ? (o.openSecond ?? o.deliverySecond) : o.deliverySecond);

/**
 * Fills option open prices and settles options from the recorded per-second index samples, with no
 * fallback. Open orders wait in memory keyed by pair and by the second they need next (loaded at start,
 * added at purchase); every flush of the index sampler reports up to which second each pair is final
 * (recorded, or a gap for good), and the orders needing a second that is now final are handled in batches:
 *
 * - open price pending: the sample of exactly the open second fills it; no sample → void `no_sample_open`;
 * - delivery: the sample of exactly the delivery second settles it; no sample → void `no_sample_delivery`;
 * - a sample from another price source than the order's → void `source_changed`.
 *
 * A void order gets its whole stake back in the same transaction. Never a later or earlier second.
 * Settlement is idempotent: one statement marks only the orders still open and returns them, and only
 * those are paid, in the same transaction.
 */
export class OptionSettler {
  /** pair → second needed next → order id → order. */
  private readonly waiting = new Map<number, Map<number, Map<number, OptionOrderRow>>>();
  private readonly byId = new Map<number, OptionOrderRow>();
  /** Per pair, every second up to this one is final (the sampler's reports). */
  private readonly finalUpTo = new Map<number, number>();
  /** Every second up to this one is final for every pair (before this process started). */
  private bootFinal = Number.NEGATIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  private unlisten: (() => void) | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SettlerOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Loads the open orders and settles at once those a restart finds overdue (the second they need is
   * final: recorded → used, not recorded → void), then follows the sampler. `startedAt` is when the
   * sampler started listening (by default now).
   */
  async start(startedAt: number = this.now()): Promise<void> {
    if (this.unlisten) return;
    this.bootFinal = Math.floor(startedAt / 1000) - BOOT_MARGIN_SECONDS;
    this.unlisten = this.options.sampler.onFlush((report) => void this.onFlush(report));
    for (const order of await openOrders(this.options.db)) this.track(order);
    await this.settleDue([...this.byId.keys()].map((id) => ({ id })));
  }

  async stop(): Promise<void> {
    this.unlisten?.();
    this.unlisten = undefined;
    await this.chain;
  }

  /** A new open order (after its purchase committed); handled at once if its second is already final. */
  add(order: OptionOrderRow): void {
    this.track(order);
    if (this.unlisten && nextSecond(order) <= this.finalOf(order.pairId)) void this.settleDue([{ id: order.id }]);
  }

  private track(order: OptionOrderRow): void {
    if (this.byId.has(order.id)) return;
    this.byId.set(order.id, order);
    this.bucket(order).set(order.id, order);
  }

  private bucket(order: OptionOrderRow): Map<number, OptionOrderRow> {
    let bySecond = this.waiting.get(order.pairId);
    if (!bySecond) {
      bySecond = new Map();
      this.waiting.set(order.pairId, bySecond);
    }
    const second = nextSecond(order);
    let orders = bySecond.get(second);
    if (!orders) {
      orders = new Map();
      bySecond.set(second, orders);
    }
    return orders;
  }

  private unbucket(order: OptionOrderRow): void {
    const bySecond = this.waiting.get(order.pairId);
    const second = nextSecond(order);
    const orders = bySecond?.get(second);
    orders?.delete(order.id);
    if (orders && !orders.size) bySecond!.delete(second);
  }

  private finalOf(pairId: number): number {
    return Math.max(this.finalUpTo.get(pairId) ?? Number.NEGATIVE_INFINITY, this.bootFinal);
  }

  /** Resolves once every settlement queued so far has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  get pending(): number {
    return this.byId.size;
  }

  private onFlush(report: FlushReport): Promise<void> {
    const due: Key[] = [];
    for (const [pairId, finalUpTo] of report.finalUpTo) {
      if (finalUpTo > (this.finalUpTo.get(pairId) ?? Number.NEGATIVE_INFINITY)) this.finalUpTo.set(pairId, finalUpTo);
      const bySecond = this.waiting.get(pairId);
      if (!bySecond) continue;
      for (const [second, orders] of bySecond) if (second <= finalUpTo) for (const id of orders.keys()) due.push({ id });
    }
    return this.settleDue(due);
  }

  /** Looks at these orders again and handles those whose needed second is final (serialised). */
  settleDue(keys: Key[]): Promise<void> {
    if (!keys.length) return this.chain;
    const run = this.chain.then(() => this.settleNow(keys));
    this.chain = run.catch((error) => this.options.log?.error({ err: error }, 'option settlement failed'));
    return this.chain;
  }

  private async settleNow(keys: Key[]): Promise<void> {
    const orders = keys
      .map((k) => this.byId.get(k.id))
      .filter((o): o is OptionOrderRow => o !== undefined && nextSecond(o) <= this.finalOf(o.pairId));
    if (!orders.length) return;
    const wanted = new Map<string, { pairId: number; second: number }>();
    const want = (pairId: number, second: number) => wanted.set(`${pairId}:${second}`, { pairId, second });
    for (const o of orders) {
      if (o.openPrice === null && o.openSecond !== null) want(o.pairId, o.openSecond);
      if (o.deliverySecond <= this.finalOf(o.pairId)) want(o.pairId, o.deliverySecond);
    }
    const samples = await samplesAt(this.options.db, [...wanted.values()]);

    const settling: { o: OptionOrderRow; open: { price: string; time: number }; end: StoredSample }[] = [];
    const voiding: { order: OptionOrderRow; reason: VoidReason; open?: { price: string; time: number } }[] = [];
    const opening: { o: OptionOrderRow; open: StoredSample }[] = [];
    for (const o of orders) {
      // A sample counts only from the source the order was bought on (orders from before sources were
      // stored take the source of their sample).
      const sameSource = (s: StoredSample) => o.source === null || s.source === o.source;
      let open: { price: string; time: number } | undefined =
        o.openPrice === null ? undefined : { price: o.openPrice, time: o.openPriceTime ?? 0 };
      let openSample: StoredSample | undefined;
      if (!open) {
        openSample = samples.get(`${o.pairId}:${o.openSecond}`);
        if (!openSample) {
          voiding.push({ order: o, reason: 'no_sample_open' });
          continue;
        }
        if (!sameSource(openSample)) {
          voiding.push({ order: o, reason: 'source_changed' });
          continue;
        }
        open = { price: openSample.price, time: openSample.priceTime };
      }
      if (o.deliverySecond > this.finalOf(o.pairId)) {
        if (openSample) opening.push({ o, open: openSample });
        continue;
      }
      const end = samples.get(`${o.pairId}:${o.deliverySecond}`);
      if (!end) voiding.push({ order: o, reason: 'no_sample_delivery', open });
      else if (!sameSource(end)) voiding.push({ order: o, reason: 'source_changed', open });
      else settling.push({ o, open, end });
    }

    if (opening.length) {
      await fillOpenPrices(
        this.options.db,
        opening.map(({ o, open }) => ({ id: o.id, price: open.price, time: open.priceTime })),
      );
      const opened: OptionOrderRow[] = [];
      for (const { o, open } of opening) {
        this.unbucket(o);
        const filled = { ...o, openPrice: open.price, openPriceTime: open.priceTime };
        this.byId.set(o.id, filled);
        this.bucket(filled).set(o.id, filled);
        opened.push(filled);
      }
      this.options.onOpened?.(opened);
    }

    for (let i = 0; i < Math.max(settling.length, voiding.length); i += CHUNK) {
      const settleChunk = settling.slice(i, i + CHUNK);
      const voidChunk = voiding.slice(i, i + CHUNK);
      const done = await this.settleChunk(settleChunk, voidChunk);
      for (const { o } of settleChunk) this.forget(o);
      for (const { order } of voidChunk) this.forget(order);
      if (done.length) this.options.onSettled?.(done);
    }
  }

  private forget(o: OptionOrderRow): void {
    this.unbucket(o);
    this.byId.delete(o.id);
  }

  /** One transaction: mark the orders still open settled or void, pay what each outcome returns. */
  private async settleChunk(
    settling: { o: OptionOrderRow; open: { price: string; time: number }; end: StoredSample }[],
    voiding: { order: OptionOrderRow; reason: VoidReason; open?: { price: string; time: number } }[],
  ): Promise<OptionOrderRow[]> {
    const settledAt = this.now();
    const outcomes = settling.map(({ o, open, end }) => {
      const outcome = settleOption(
        {
          direction: o.direction as 1 | 2,
          stake: o.stake,
          profitRatio: o.profitRatio,
          lossRatio: o.lossRatio,
          decimals: this.options.decimalsOf(o.currencyId),
        },
        { open, delivery: { price: end.price, time: end.priceTime } },
      );
      const row: SettledRow = {
        id: o.id,
        openPrice: open.price,
        openPriceTime: open.time,
        result: outcome.result,
        payout: outcome.payout,
        endPrice: end.price,
        endPriceTime: end.priceTime,
        endSecond: end.second,
        settledAt,
      };
      return { o, row };
    });
    return this.options.db.transaction(async (tx) => {
      const changed = await markSettled(
        tx,
        outcomes.map(({ row }) => row),
      );
      const done = outcomes.filter(({ o }) => changed.has(o.id));
      // The stake went to the house at purchase; the house pays back whatever the outcome returns. A loss
      // that returns nothing moves no money (the order row records it).
      const paying = done.filter(({ row }) => !new D(row.payout).isZero());
      if (paying.length) {
        const batch = new LedgerBatch(tx);
        const refs: AccountRef[] = [];
        for (const { o } of paying) {
          refs.push({ userId: o.userId, kind: 'option', currencyId: o.currencyId });
          refs.push({ system: 'house', currencyId: o.currencyId });
        }
        await batch.load(refs);
        for (const { o, row } of paying) {
          const legs: Leg[] = [
            { account: { userId: o.userId, kind: 'option', currencyId: o.currencyId }, bucket: 'available', amount: row.payout },
            { account: { system: 'house', currencyId: o.currencyId }, bucket: 'available', amount: `-${row.payout}` },
          ];
          batch.post({ reason: 'option_settlement', refType: 'option_order', refId: o.id }, legs);
        }
        await batch.flush();
      }
      const voided = await voidOrders(tx, voiding, settledAt);
      // The rows as now stored, for the pushes (no second read).
      const settled = done.map(
        ({ o, row }): OptionOrderRow => ({
          ...o,
          status: 'settled',
          openPrice: row.openPrice,
          openPriceTime: row.openPriceTime,
          result: row.result,
          payout: row.payout,
          endPrice: row.endPrice,
          endPriceTime: row.endPriceTime,
          endSecond: row.endSecond,
          settledAt: row.settledAt,
        }),
      );
      return [...settled, ...voided];
    });
  }
}
