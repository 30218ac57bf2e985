import type { Db } from '../../db/client.js';
import type { AccountRef } from '../../ledger/accounts.js';
import { LedgerBatch } from '../../ledger/batch.js';
import type { Leg } from '../../ledger/ledger.js';
import { D } from '../../ledger/money.js';
import { firstSamplesFrom, type StoredSample } from '../index-samples/repo.js';
import type { FlushReport, IndexSampler } from '../index-samples/sampler.js';
import { markSettled, type OptionOrderRow, openOrders, type SettledRow } from './repo.js';
import { settleOption } from './settle.js';

type Key = { id: number; pairId: number; deliverySecond: number };

export type SettlerOptions = {
  db: Db;
  sampler: IndexSampler;
  /** Decimals of the stake coins, by currency id. */
  decimalsOf: (currencyId: number) => number;
  /** Called with each settled order after its transaction committed (the socket push). */
  onSettled?: (orders: OptionOrderRow[]) => void;
  now?: () => number;
  log?: { error: (obj: object, msg: string) => void };
};

/** Orders settled per transaction: bounds one statement's size; 10,000 due at once take two. */
const CHUNK = 5000;

/**
 * Settles options when their delivery second is over. Open orders wait in memory keyed by pair and
 * delivery second (loaded at start, added at purchase); every flush of the index sampler (each second)
 * reports up to which second each pair is final, and the orders due then are settled in batches — no
 * polling of the table.
 *
 * The delivery price is the recorded sample of the delivery second. When that second has no sample
 * (the server was down, or the feed stalled), the first sample recorded after it is used, and the
 * order names the second of the sample it used (`end_second`). Settlement is idempotent: one statement
 * marks only the orders still open as settled and returns them, and only those are paid, in the same
 * transaction.
 */
export class OptionSettler {
  /** pair → delivery second → order id → order. */
  private readonly waiting = new Map<number, Map<number, Map<number, OptionOrderRow>>>();
  private chain: Promise<void> = Promise.resolve();
  private unlisten: (() => void) | undefined;
  private readonly now: () => number;

  constructor(private readonly options: SettlerOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Loads the open orders and settles at once those whose delivery sample (or a later one) is already
   * stored — the orders a restart finds overdue — then follows the sampler.
   */
  async start(): Promise<void> {
    if (this.unlisten) return;
    this.unlisten = this.options.sampler.onFlush((report) => void this.onFlush(report));
    for (const order of await openOrders(this.options.db)) this.add(order);
    await this.settleDue(this.allWaiting());
  }

  async stop(): Promise<void> {
    this.unlisten?.();
    this.unlisten = undefined;
    await this.chain;
  }

  /** A new open order (after its purchase committed). */
  add(order: OptionOrderRow): void {
    let bySecond = this.waiting.get(order.pairId);
    if (!bySecond) {
      bySecond = new Map();
      this.waiting.set(order.pairId, bySecond);
    }
    let orders = bySecond.get(order.deliverySecond);
    if (!orders) {
      orders = new Map();
      bySecond.set(order.deliverySecond, orders);
    }
    orders.set(order.id, order);
  }

  /** Resolves once every settlement queued so far has finished. */
  idle(): Promise<void> {
    return this.chain;
  }

  get pending(): number {
    let n = 0;
    for (const bySecond of this.waiting.values()) for (const orders of bySecond.values()) n += orders.size;
    return n;
  }

  private allWaiting(): Key[] {
    const keys: Key[] = [];
    for (const [pairId, bySecond] of this.waiting)
      for (const [deliverySecond, orders] of bySecond) for (const id of orders.keys()) keys.push({ id, pairId, deliverySecond });
    return keys;
  }

  private onFlush(report: FlushReport): Promise<void> {
    const due: Key[] = [];
    for (const [pairId, finalUpTo] of report.finalUpTo) {
      const bySecond = this.waiting.get(pairId);
      if (!bySecond) continue;
      for (const [deliverySecond, orders] of bySecond)
        if (deliverySecond <= finalUpTo) for (const id of orders.keys()) due.push({ id, pairId, deliverySecond });
    }
    return this.settleDue(due);
  }

  /** Settles these orders from their samples (serialised with every other settlement). */
  settleDue(keys: Key[]): Promise<void> {
    if (!keys.length) return this.chain;
    const run = this.chain.then(() => this.settleNow(keys));
    this.chain = run.catch((error) => this.options.log?.error({ err: error }, 'option settlement failed'));
    return this.chain;
  }

  private async settleNow(keys: Key[]): Promise<void> {
    const orders = keys
      .map((k) => this.waiting.get(k.pairId)?.get(k.deliverySecond)?.get(k.id))
      .filter((o): o is OptionOrderRow => o !== undefined);
    if (!orders.length) return;
    const wanted = new Map<string, { pairId: number; second: number }>();
    for (const o of orders) wanted.set(`${o.pairId}:${o.deliverySecond}`, { pairId: o.pairId, second: o.deliverySecond });
    const samples = await firstSamplesFrom(this.options.db, [...wanted.values()]);
    // Orders without any sample yet at or after their second keep waiting for the next flush.
    const ready = orders.filter((o) => samples.has(`${o.pairId}:${o.deliverySecond}`));
    for (let i = 0; i < ready.length; i += CHUNK) {
      const chunk = ready.slice(i, i + CHUNK);
      const settled = await this.settleChunk(chunk, samples);
      for (const o of chunk) this.forget(o);
      if (settled.length) this.options.onSettled?.(settled);
    }
  }

  private forget(o: OptionOrderRow): void {
    const bySecond = this.waiting.get(o.pairId);
    const orders = bySecond?.get(o.deliverySecond);
    orders?.delete(o.id);
    if (orders && !orders.size) bySecond!.delete(o.deliverySecond);
  }

  /** One transaction: mark the orders still open settled, pay what each outcome returns. */
  private async settleChunk(orders: OptionOrderRow[], samples: Map<string, StoredSample>): Promise<OptionOrderRow[]> {
    const settledAt = this.now();
    const outcomes = orders.map((o) => {
      const sample = samples.get(`${o.pairId}:${o.deliverySecond}`)!;
      const outcome = settleOption(
        {
          direction: o.direction as 1 | 2,
          stake: o.stake,
          profitRatio: o.profitRatio,
          lossRatio: o.lossRatio,
          decimals: this.options.decimalsOf(o.currencyId),
        },
        { open: { price: o.openPrice, time: o.openPriceTime }, delivery: { price: sample.price, time: sample.priceTime } },
      );
      const row: SettledRow = {
        id: o.id,
        result: outcome.result,
        payout: outcome.payout,
        endPrice: sample.price,
        endPriceTime: sample.priceTime,
        endSecond: sample.second,
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
      // The settled rows as now stored, for the pushes (no second read).
      return done.map(
        ({ o, row }): OptionOrderRow => ({
          ...o,
          status: 'settled',
          result: row.result,
          payout: row.payout,
          endPrice: row.endPrice,
          endPriceTime: row.endPriceTime,
          endSecond: row.endSecond,
          settledAt: row.settledAt,
        }),
      );
    });
  }
}
