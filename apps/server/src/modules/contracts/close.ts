import type { LeverCloseReason, LeverPosition } from '@app/shared';
import type { AccountRef } from '../../ledger/accounts.js';
import { postEntry } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { dec, str } from '../../lib/money.js';
import type { Pair } from '../../market/pairs.js';
import { type ContractsCore, type IndexSample, legs } from './core.js';
import { feeOf, pnlOf, quantityOf, type Side, settle } from './math.js';
import { type PositionRow, transition, userOpenPositions } from './repo.js';

/**
 * Closing positions: the user's close, cancel and close-all, and the settlement every close shares
 * (the user's, a stop's or a liquidation) with its ledger entry in the transaction that closes it.
 */
export class ContractClosing {
  constructor(private readonly core: ContractsCore) {}

  /**
   * The user's close: a holding position closes at the index with the closing fee; an entrusted limit
   * entry is cancelled and its reservation returned. A closed, cancelled or foreign position is refused.
   */
  async closeByUser(userId: number, id: number): Promise<LeverPosition> {
    const row = await this.core.ownOpen(userId, id);
    const pair = this.core.pairOf(row);
    const decimals = await this.core.decimalsOf(pair);
    if (row.status === 'entrusted') {
      const done = await this.cancelEntrusted(row);
      if (!done) throw new AppError('position_not_open');
      return this.core.publish(done, decimals);
    }
    const sample = this.core.sample(pair);
    const done = await this.settleClose(row, sample, 'user', decimals);
    if (!done) throw new AppError('position_not_open');
    return this.core.publish(done, decimals);
  }

  /** Cancels an entrusted limit entry; its reserved margin and fee return to the contract account. */
  async cancelByUser(userId: number, id: number): Promise<LeverPosition> {
    const row = await this.core.ownOpen(userId, id);
    if (row.status !== 'entrusted') throw new AppError('order_not_cancellable');
    const done = await this.cancelEntrusted(row);
    if (!done) throw new AppError('position_not_open');
    return this.core.publish(done, await this.core.decimalsOf(this.core.pairOf(row)));
  }

  /** Closes every holding position of the user (optionally only longs or shorts, of one pair). */
  async closeAll(userId: number, filter: { side?: Side; pair?: Pair }): Promise<{ closed: LeverPosition[] }> {
    const rows = (await userOpenPositions(this.core.db, userId, filter.pair?.id)).filter(
      (r) => r.status === 'holding' && (!filter.side || r.side === filter.side),
    );
    const closed: LeverPosition[] = [];
    let waiting = 0;
    for (const row of rows) {
      const pair = this.core.pairOf(row);
      const sample = this.core.freshSample(pair);
      if (!sample) {
        // A pair without a fresh index keeps its positions; the reply lists what closed.
        waiting++;
        continue;
      }
      const decimals = await this.core.decimalsOf(pair);
      const done = await this.settleClose(row, sample, 'user', decimals);
      if (done) closed.push(this.core.publish(done, decimals));
    }
    // Nothing could close for want of a price: say so rather than answer an empty success.
    if (waiting && !closed.length) throw new AppError('index_unavailable');
    return { closed };
  }

  /**
   * Settles a holding position at an index sample: the margin comes back with the PnL less the closing
   * fee, the house takes the other side, and a loss never exceeds the margin (math.ts `settle`).
   * Returns undefined when the position was no longer holding (someone else settled it first).
   */
  async settleClose(
    row: PositionRow,
    sample: IndexSample,
    reason: LeverCloseReason,
    decimals: number,
  ): Promise<PositionRow | undefined> {
    const side = row.side as Side;
    const quantity = quantityOf(row.contractSize, row.lots);
    const margin = dec(row.margin);
    const pnl = pnlOf(side, row.openPrice!, sample.price, quantity, decimals);
    const fee = feeOf(sample.price, row.contractSize, row.lots, row.closeFeeRate, decimals);
    const result = settle(margin, pnl, fee);
    const done = await this.core.db.transaction(async (tx) => {
      const updated = await transition(tx, row.id, 'holding', {
        status: 'closed',
        closePrice: sample.price,
        closePriceTime: sample.time,
        closeFee: str(result.closeFee),
        profit: str(result.profit),
        closeReason: reason,
        closedAt: new Date(),
      });
      if (!updated) return undefined;
      const user: AccountRef = { userId: row.userId, kind: 'contract', currencyId: this.core.pairOf(row).legalId };
      const currencyId = user.currencyId;
      await postEntry(
        tx,
        { reason: reason === 'liquidation' ? 'contract_liquidation' : 'contract_close', refType: 'contract', refId: row.id },
        legs([
          { account: user, bucket: 'frozen', amount: margin.negated() },
          { account: user, bucket: 'available', amount: result.payout },
          { account: { system: 'fees', currencyId }, bucket: 'available', amount: result.closeFee },
          { account: { system: 'house', currencyId }, bucket: 'available', amount: result.house },
        ]),
      );
      return updated;
    });
    this.core.book.remove(row.pairId, row.id);
    return done;
  }

  private async cancelEntrusted(row: PositionRow): Promise<PositionRow | undefined> {
    const reserved = dec(row.margin).plus(row.openFee);
    const done = await this.core.db.transaction(async (tx) => {
      const updated = await transition(tx, row.id, 'entrusted', { status: 'cancelled', closedAt: new Date() });
      if (!updated) return undefined;
      const user: AccountRef = { userId: row.userId, kind: 'contract', currencyId: this.core.pairOf(row).legalId };
      await postEntry(
        tx,
        { reason: 'contract_cancel', refType: 'contract', refId: row.id },
        legs([
          { account: user, bucket: 'frozen', amount: reserved.negated() },
          { account: user, bucket: 'available', amount: reserved },
        ]),
      );
      return updated;
    });
    this.core.book.remove(row.pairId, row.id);
    return done;
  }
}
