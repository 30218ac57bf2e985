import type { LeverPosition } from '@app/shared';
import type { AccountRef } from '../../ledger/accounts.js';
import { type Leg, postEntry } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { type Dec, dec, str } from '../../lib/money.js';
import type { Pair } from '../../market/pairs.js';
import { livePosition, setStops as setLiveStops } from './book.js';
import { type ContractsCore, legs } from './core.js';
import { parseLots, parseMultiple, parsePairPrice, refuse, refuseStop } from './input.js';
import { feeOf, marginOf, type Side, stopProblem } from './math.js';
import { insertPosition, type PositionRow, transition, updateStops } from './repo.js';

/** A submission as the route parsed its shape; the numbers are checked here, against the pair's rules. */
export type SubmitForm = {
  pair: Pair;
  side: Side;
  market: boolean;
  share: unknown;
  multiple: unknown;
  targetPrice?: unknown;
  stopProfit?: unknown;
  stopLoss?: unknown;
};

/**
 * Opening positions: the checks of a submission against the pair's rules and the index, the margin and
 * opening fee taken from the contract account, a limit entry's fill, and the stops of an open position.
 */
export class ContractOpening {
  constructor(private readonly core: ContractsCore) {}

  /** A submission checked in the order its refusals are reported, with the index sample it opens at. */
  private async terms(form: SubmitForm) {
    const { pair, side } = form;
    const rules = await this.core.rulesOf(pair);
    const lots = parseLots(form.share, rules.maxLots);
    const multiple = parseMultiple(form.multiple, rules.multiples);
    const target = form.market ? undefined : parsePairPrice(pair, form.targetPrice, 'target_price', true);
    const stopProfit = parsePairPrice(pair, form.stopProfit, 'target_profit_price', false);
    const stopLoss = parsePairPrice(pair, form.stopLoss, 'stop_loss_price', false);
    const sample = this.core.sample(pair);
    if (target && (side === 'long' ? target.gte(sample.price) : target.lte(sample.price))) {
      throw refuse('limit_price_wrong_side', 'target_price');
    }
    const entry = target ?? dec(sample.price);
    const problem = stopProblem(side, entry, sample.price, { stopProfit, stopLoss });
    if (problem) throw refuseStop(problem);
    return { rules, lots, multiple, target, stopProfit, stopLoss, sample, entry };
  }

  /**
   * Opens a position at the index (market) or entrusts a limit entry. Margin and the opening fee come
   * from the contract account in the same transaction as the position; too little balance refuses it
   * whole (the ledger's guarded update), so concurrent submissions can never overspend.
   */
  async submit(userId: number, form: SubmitForm): Promise<LeverPosition> {
    const { pair, side } = form;
    const { rules, lots, multiple, target, stopProfit, stopLoss, sample, entry } = await this.terms(form);
    const decimals = rules.quoteDecimals;
    const margin = marginOf(entry, { contractSize: rules.contractSize, lots, multiple }, decimals);
    const fee = feeOf(entry, rules.contractSize, lots, rules.openFeeRate, decimals);
    const user: AccountRef = { userId, kind: 'contract', currencyId: pair.legalId };
    const row = await this.core.db.transaction(async (tx) => {
      const position = await insertPosition(tx, {
        userId,
        pairId: pair.id,
        side,
        entry: form.market ? 'market' : 'limit',
        status: form.market ? 'holding' : 'entrusted',
        lots,
        multiple,
        contractSize: str(rules.contractSize),
        openFeeRate: str(rules.openFeeRate),
        closeFeeRate: str(rules.closeFeeRate),
        maintenanceMarginRate: str(rules.maintenanceMarginRate),
        targetPrice: target ? str(target) : null,
        openPrice: form.market ? sample.price : null,
        openPriceTime: form.market ? sample.time : null,
        openedAt: form.market ? new Date() : null,
        margin: str(margin),
        openFee: str(fee),
        stopProfitPrice: stopProfit ? str(stopProfit) : null,
        stopLossPrice: stopLoss ? str(stopLoss) : null,
      });
      const ref = { refType: 'contract', refId: position.id };
      const reason = form.market ? 'contract_open' : 'contract_entrust';
      await postEntry(tx, { reason, ...ref }, openingLegs(form.market, user, margin, fee));
      return position;
    });
    this.core.book.put(livePosition(row, decimals, pair.priceDecimals));
    return this.core.publish(row, decimals);
  }

  /** Sets (or clears) both stops of an open position; at least one price is required. */
  async setStops(userId: number, id: number, input: { stopProfit?: unknown; stopLoss?: unknown }): Promise<LeverPosition> {
    const row = await this.core.ownOpen(userId, id);
    const pair = this.core.pairOf(row);
    const stopProfit = parsePairPrice(pair, input.stopProfit, 'target_profit_price', false);
    const stopLoss = parsePairPrice(pair, input.stopLoss, 'stop_loss_price', false);
    if (!stopProfit && !stopLoss) throw refuse('stop_price_required', 'target_profit_price');
    const sample = this.core.sample(pair);
    const entry = row.openPrice ?? row.targetPrice!;
    const problem = stopProblem(row.side as Side, entry, sample.price, { stopProfit, stopLoss });
    if (problem) throw refuseStop(problem);
    const updated = await updateStops(this.core.db, id, userId, {
      stopProfitPrice: stopProfit ? str(stopProfit) : null,
      stopLossPrice: stopLoss ? str(stopLoss) : null,
    });
    if (!updated) throw new AppError('position_not_open');
    const live = this.core.book.get(updated.pairId, id);
    if (live) setLiveStops(live, stopProfit, stopLoss);
    return this.core.publish(updated, live?.decimals ?? (await this.core.decimalsOf(pair)));
  }

  /** A limit entry reached by the index fills at its limit price; the reserved fee goes to the platform. */
  async fill(row: PositionRow, time: number): Promise<PositionRow | undefined> {
    return this.core.db.transaction(async (tx) => {
      const updated = await transition(tx, row.id, 'entrusted', {
        status: 'holding',
        openPrice: row.targetPrice,
        openPriceTime: time,
        openedAt: new Date(),
      });
      if (!updated) return undefined;
      const currencyId = this.core.pairOf(row).legalId;
      const fee = dec(row.openFee);
      if (fee.gt(0)) {
        await postEntry(tx, { reason: 'contract_open', refType: 'contract', refId: row.id }, [
          { account: { userId: row.userId, kind: 'contract', currencyId }, bucket: 'frozen', amount: fee.negated() },
          { account: { system: 'fees', currencyId }, bucket: 'available', amount: fee },
        ]);
      }
      return updated;
    });
  }
}

/**
 * A market entry pays its fee and freezes its margin at once; a limit entry reserves both at the limit
 * price until it fills or is cancelled.
 */
function openingLegs(market: boolean, user: AccountRef, margin: Dec, fee: Dec): Leg[] {
  if (!market) {
    return legs([
      { account: user, bucket: 'available', amount: margin.plus(fee).negated() },
      { account: user, bucket: 'frozen', amount: margin.plus(fee) },
    ]);
  }
  return legs([
    { account: user, bucket: 'available', amount: margin.plus(fee).negated() },
    { account: user, bucket: 'frozen', amount: margin },
    { account: { system: 'fees', currencyId: user.currencyId }, bucket: 'available', amount: fee },
  ]);
}
