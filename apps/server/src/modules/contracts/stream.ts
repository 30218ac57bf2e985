import { LEVER_EVENTS, type LeverMarkEvent } from '@app/shared';
import { str } from '../../lib/money.js';
import { fromUnits, type LivePosition, livePosition, type Trigger, toUnits } from './book.js';
import type { ContractClosing } from './close.js';
import type { ContractsCore, IndexSample } from './core.js';
import { isFreshIndex } from './fresh-index.js';
import type { ContractOpening } from './open.js';
import { userPosition } from './repo.js';

/**
 * The index stream: each tick re-marks the open positions in memory, queues the fills, stops and
 * liquidations it triggers (one pair's settlements run one after another) and pushes the new marks.
 */
export class IndexStream {
  /** Triggered settlements of one pair run one after another. */
  private queues = new Map<number, Promise<void>>();
  private lastMarkPush = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly core: ContractsCore,
    private readonly opening: ContractOpening,
    private readonly closing: ContractClosing,
  ) {}

  /** Takes no more ticks (shutdown); settlements already queued still run. */
  stop(): void {
    this.closed = true;
  }

  /** The settlements queued at this moment (shutdown waits for these, without waiting for later ones). */
  async drain(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /** Waits until the triggered settlements queued so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    let seen: Promise<void>[];
    do {
      seen = [...this.queues.values()];
      await Promise.all(seen);
    } while ([...this.queues.values()].some((queue, i) => queue !== seen[i]));
  }

  /**
   * One index tick of a pair: re-marks its open positions (synchronously, in memory), queues what the
   * price triggers for settlement at this very price, and pushes the new marks to their owners.
   */
  onTick(pairId: number, price: string, time: number): void {
    if (this.closed) return;
    // A stale price is no mark: nothing is re-marked or triggered on it; the positions wait for a fresh one.
    if (!isFreshIndex(time, this.core.now())) return;
    const triggered = this.core.book.remark(pairId, price);
    if (triggered.length) this.enqueue(pairId, () => this.settleTriggered(triggered, { price, time }));
    this.pushMarks(pairId, price, time);
  }

  private enqueue(pairId: number, job: () => Promise<void>): void {
    const previous = this.queues.get(pairId) ?? Promise.resolve();
    const next = previous
      .then(job)
      .catch((error) => this.core.options.log.error({ err: error, pairId }, 'contract settlement failed'));
    this.queues.set(pairId, next);
  }

  private async settleTriggered(triggered: { position: LivePosition; trigger: Trigger }[], sample: IndexSample) {
    for (const { position, trigger } of triggered) {
      // Settlements queue behind each other: one reached after its price went stale is not executed on
      // it, but left in the book for the next fresh tick to judge again.
      if (!isFreshIndex(sample.time, this.core.now())) {
        position.pending = false;
        continue;
      }
      try {
        await this.settleOne(position, trigger, sample);
      } catch (error) {
        // Left in the book: the next tick that still triggers it tries again.
        position.pending = false;
        this.core.options.log.error({ err: error, position: position.id, trigger }, 'contract trigger failed');
      }
    }
  }

  /** A limit fill, or a close by stop or liquidation, of a position still open in the database. */
  private async settleOne(position: LivePosition, trigger: Trigger, sample: IndexSample): Promise<void> {
    const { book } = this.core;
    const row = await userPosition(this.core.db, position.userId, position.id);
    if (!row || (row.status !== 'holding' && row.status !== 'entrusted')) {
      book.remove(position.pairId, position.id);
      return;
    }
    if (trigger === 'fill') {
      const filled = await this.opening.fill(row, sample.time);
      if (filled) {
        book.put(livePosition(filled, position.decimals, position.priceDecimals));
        this.core.publish(filled, position.decimals);
      } else book.remove(position.pairId, position.id);
      return;
    }
    const done = await this.closing.settleClose(row, sample, trigger, position.decimals);
    if (done) this.core.publish(done, position.decimals);
  }

  /** The new marks of each user's holding positions on the pair, at most once per interval per user. */
  private pushMarks(pairId: number, price: string, time: number): void {
    const interval = this.core.options.markIntervalMs ?? 1000;
    const byUser = new Map<number, LeverMarkEvent['positions']>();
    const markUnits = new Map<number, bigint | undefined>();
    for (const p of this.core.book.pair(pairId)) {
      if (p.status !== 'holding' || p.profit === undefined) continue;
      let list = byUser.get(p.userId);
      if (!list) {
        const key = `${p.userId}:${pairId}`;
        if (time - (this.lastMarkPush.get(key) ?? 0) < interval) continue;
        list = [];
        byUser.set(p.userId, list);
      }
      if (!markUnits.has(p.priceDecimals)) markUnits.set(p.priceDecimals, toUnits(price, p.priceDecimals));
      const mark = markUnits.get(p.priceDecimals);
      list.push({
        id: p.id,
        current_price: price,
        profits: p.profit,
        risk_rate: p.risk ?? null,
        // quantity × mark on integers when both are on their grids (they are; the decimal path is the fallback)
        market_value:
          p.units && mark !== undefined
            ? fromUnits(p.units.quantity * mark, p.quantity.decimalPlaces() + p.priceDecimals)
            : str(p.quantity.times(price)),
      });
    }
    if (!byUser.size) return;
    const symbol = this.core.market.getPair(pairId)?.symbol ?? '';
    for (const [userId, positions] of byUser) {
      this.lastMarkPush.set(`${userId}:${pairId}`, time);
      this.core.options.toUser(userId, LEVER_EVENTS.mark, {
        pair_id: pairId,
        symbol,
        price,
        time,
        positions,
      } satisfies LeverMarkEvent);
    }
  }
}
