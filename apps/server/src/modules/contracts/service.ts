import {
  LEVER_EVENTS,
  LEVER_STATUS,
  type LeverCloseReason,
  type LeverDeal,
  type LeverMarkEvent,
  type LeverMyTrade,
  type LeverPairInfo,
  type LeverPosition,
} from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { currencies, ledgerAccounts } from '../../db/schema.js';
import type { AccountRef } from '../../ledger/accounts.js';
import { type Leg, postEntry } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { D, type Dec, dec, str } from '../../lib/money.js';
import { offsetOf } from '../../lib/paging.js';
import type { MarketService } from '../../market/market-service.js';
import type { Pair } from '../../market/pairs.js';
import {
  fromUnits,
  type LivePosition,
  livePosition,
  PositionBook,
  setStops as setLiveStops,
  type Trigger,
  toUnits,
} from './book.js';
import { isFreshIndex } from './fresh-index.js';
import {
  feeOf,
  liquidationPriceExact,
  liquidationPriceShown,
  maintenanceOf,
  marginOf,
  notionalOf,
  pnlOf,
  quantityOf,
  riskRate,
  type Side,
  settle,
  stopProblem,
} from './math.js';
import {
  type ContractRules,
  insertPosition,
  listPositions,
  loadContractRules,
  openPositions,
  type PositionRow,
  type PositionStatus,
  transition,
  updateStops,
  userOpenPositions,
  userPosition,
} from './repo.js';

export type ContractsLog = {
  error: (obj: object, msg: string) => void;
  warn: (obj: object, msg: string) => void;
  info: (obj: object, msg: string) => void;
};

export type ContractsOptions = {
  database: Database;
  market: MarketService;
  /** Pushes to a user's private socket room (`realtime.toUser`). */
  toUser: (userId: number, event: string, payload: unknown) => void;
  log: ContractsLog;
  /** Mark pushes to one user are at most this often per pair (ms). */
  markIntervalMs?: number;
  /** Milliseconds since the epoch, against which an index sample's age is judged (tests move it). */
  now?: () => number;
};

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

const STATUS_NUMBER: Record<PositionStatus, 0 | 1 | 3 | 4> = LEVER_STATUS;
const text = (raw: unknown) => (typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '');
const NUMBER_TEXT = /^\d{1,24}(\.\d{1,30})?$/;
const refuse = (code: ConstructorParameters<typeof AppError>[0], field: string, values?: Record<string, string | number>) =>
  new AppError(code, { fields: { [field]: code }, ...(values ? { values } : {}) });

/** Lots: a whole number ≥ 1 as typed ("1.5", "0", "-1", "1e3" are refused), at most the pair's maximum. */
export function parseLots(raw: unknown, maxLots: number): number {
  const value = text(raw);
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw refuse('lots_invalid', 'share');
  const lots = Number(value);
  if (lots > maxLots) throw refuse('lots_too_many', 'share', { max: maxLots });
  return lots;
}

export function parseMultiple(raw: unknown, allowed: readonly number[]): number {
  const value = text(raw);
  const multiple = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!allowed.includes(multiple)) throw refuse('multiple_not_allowed', 'multiple');
  return multiple;
}

/** A price on the pair's grid: positive, at most the pair's places, a multiple of its tick. */
export function parsePairPrice(pair: Pair, raw: unknown, field: string, required: boolean): Dec | undefined {
  const value = text(raw);
  // Only an empty field means "no stop": a price of 0 is refused (price_invalid below), never read as none.
  if (value === '') {
    if (required) throw refuse('price_required', field);
    return undefined;
  }
  if (!NUMBER_TEXT.test(value)) throw refuse('price_invalid', field);
  const price = new D(value);
  if (price.lte(0) || price.decimalPlaces() > pair.priceDecimals) throw refuse('price_invalid', field);
  if (!price.mod(pair.tickSize).isZero()) throw refuse('price_off_tick', field, { tick: pair.tickSize });
  return price;
}

/**
 * Perpetual contracts with the platform as counterparty (DESIGN.md 5). Every money movement is a ledger
 * entry in the transaction that changes the position; results come only from the index price, and each
 * stores the price and sample time it used. Open positions are also kept in memory (`PositionBook`) so
 * each index tick re-marks them and fires limit entries, stops and liquidations.
 */
export class ContractsService {
  readonly book = new PositionBook();
  private loading: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  /** Triggered settlements of one pair run one after another. */
  private queues = new Map<number, Promise<void>>();
  private lastMarkPush = new Map<string, number>();
  private closed = false;

  private readonly now: () => number;

  constructor(private readonly options: ContractsOptions) {
    this.now = options.now ?? Date.now;
  }

  private get db(): Db {
    return this.options.database.db;
  }

  /** Loads the open positions once and starts listening to the index (the first caller waits). */
  ready(): Promise<void> {
    this.loading ??= this.load();
    return this.loading;
  }

  private async load(): Promise<void> {
    await this.options.market.ensurePairs();
    const decimals = await this.quoteDecimals();
    for (const row of await openPositions(this.db)) {
      const pair = this.options.market.getPair(row.pairId);
      this.book.put(livePosition(row, decimals.get(pair?.legalId ?? 0) ?? 8, pair?.priceDecimals ?? 8));
    }
    this.unsubscribe = this.options.market.subscribe((tick) => this.onTick(tick.pairId, tick.price, tick.time));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    await Promise.all([...this.queues.values()]);
  }

  /**
   * cluster: this node stops leading. It stops re-marking, lets queued settlements finish and
   * forgets the positions; the next leader loads them from the database (`ready()`), as does this node
   * if it leads again.
   */
  async release(): Promise<void> {
    // A load under way subscribes when it ends: wait for it, then stop listening.
    await this.loading?.catch(() => {});
    const off = this.unsubscribe;
    this.unsubscribe = undefined;
    off?.();
    await this.settled();
    this.book.clear();
    this.loading = undefined;
  }

  /** Waits until the triggered settlements queued so far are done (tests, shutdown). */
  async settled(): Promise<void> {
    let seen: Promise<void>[];
    do {
      seen = [...this.queues.values()];
      await Promise.all(seen);
    } while ([...this.queues.values()].some((queue, i) => queue !== seen[i]));
  }

  private async quoteDecimals(): Promise<Map<number, number>> {
    const rows = await this.db.select({ id: currencies.id, decimals: currencies.decimals }).from(currencies);
    return new Map(rows.map((r) => [r.id, r.decimals]));
  }

  // ── rules ───────────────────────────────────────────────────────────────────────────────────────

  /** The pair's contract rules, refusing a pair closed for contracts. */
  async rulesOf(pair: Pair): Promise<ContractRules> {
    const rules = (await loadContractRules(this.db)).find((r) => r.pairId === pair.id);
    if (!rules || !pair.openLever) throw refuse('lever_closed', 'currency_id');
    return rules;
  }

  /** Pairs open for contracts: `pairs.open_lever` set and rules stored. */
  async openPairs(): Promise<Pair[]> {
    await this.options.market.ensurePairs();
    const withRules = new Set((await loadContractRules(this.db)).map((r) => r.pairId));
    return this.options.market.listPairs().filter((p) => p.openLever && withRules.has(p.id));
  }

  private async leverPairs(): Promise<LeverPairInfo[]> {
    return (await this.openPairs()).map((p) => this.pairInfo(p));
  }

  private pairInfo(p: Pair): LeverPairInfo {
    return {
      id: p.id,
      symbol: p.symbol,
      legal_id: p.legalId,
      currency_id: p.currencyId,
      legal_name: p.legalName,
      currency_name: p.currencyName,
      price_decimals: p.priceDecimals,
      tick_size: p.tickSize,
      now_price: this.options.market.indexPrice(p.id) ?? null,
    };
  }

  /** The pair's index sample if it is fresh enough to settle on (fresh-index.ts), else undefined. */
  private freshSample(pair: Pair): { price: string; time: number } | undefined {
    const sample = this.options.market.indexSample(pair.id);
    return sample && isFreshIndex(sample.time, this.now()) ? sample : undefined;
  }

  /** The index sample a user's action uses; refused while the pair has no fresh index. */
  private sample(pair: Pair): { price: string; time: number } {
    const sample = this.freshSample(pair);
    if (!sample) throw new AppError('index_unavailable');
    return sample;
  }

  // ── reads ───────────────────────────────────────────────────────────────────────────────────────

  async deal(userId: number, pair: Pair): Promise<LeverDeal> {
    const rules = await this.rulesOf(pair);
    const coin = await this.db.select().from(currencies).where(eq(currencies.id, pair.legalId)).limit(1);
    const [account] = await this.db
      .select()
      .from(ledgerAccounts)
      .where(
        and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, 'contract'), eq(ledgerAccounts.currencyId, pair.legalId)),
      )
      .limit(1);
    const sample = this.options.market.indexSample(pair.id);
    const positions = await userOpenPositions(this.db, userId, pair.id);
    return {
      pair: this.pairInfo(pair),
      pairs: await this.leverPairs(),
      multiple: rules.multiples,
      lots: rules.lotPresets,
      max_lots: rules.maxLots,
      lever_share_num: str(rules.contractSize),
      open_fee_rate: str(rules.openFeeRate),
      close_fee_rate: str(rules.closeFeeRate),
      maintenance_margin_rate: str(rules.maintenanceMarginRate),
      last_price: sample?.price ?? this.options.market.indexPrice(pair.id) ?? null,
      price_time: sample?.time ?? null,
      demo: this.options.market.demo,
      balance: {
        currency_id: pair.legalId,
        currency_name: coin[0]?.name ?? pair.legalName,
        decimals: rules.quoteDecimals,
        available: str(account?.available ?? '0'),
        frozen: str(account?.frozen ?? '0'),
      },
      positions: positions.map((row) => this.view(row, rules.quoteDecimals)),
    };
  }

  async myTrade(
    userId: number,
    filter: { pair?: Pair; status?: PositionStatus },
    page: number,
    limit: number,
  ): Promise<LeverMyTrade> {
    const decimals = await this.quoteDecimals();
    const dp = (pairId: number) => decimals.get(this.options.market.getPair(pairId)?.legalId ?? 0) ?? 8;
    const { total, rows } = await listPositions(
      this.db,
      { userId, pairId: filter.pair?.id, status: filter.status ? [filter.status] : undefined },
      limit,
      offsetOf(page, limit),
    );
    // Totals over every holding position of the user (in the filtered pair), not only this page.
    const holding = (await userOpenPositions(this.db, userId, filter.pair?.id)).filter((r) => r.status === 'holding');
    let profit = new D(0);
    let equity = new D(0);
    let margin = new D(0);
    for (const row of holding) {
      const mark = this.options.market.indexPrice(row.pairId);
      const p = mark
        ? pnlOf(row.side as Side, row.openPrice!, mark, quantityOf(row.contractSize, row.lots), dp(row.pairId))
        : new D(0);
      profit = profit.plus(p);
      equity = equity.plus(dec(row.margin).plus(p));
      margin = margin.plus(row.margin);
    }
    return {
      list: rows.map((row) => this.view(row, dp(row.pairId))),
      total,
      page,
      limit,
      profits_total: str(profit),
      hazard_rate: riskRate(equity, margin),
    };
  }

  /** A position as the API shows it: live figures at the current index while open. */
  view(row: PositionRow, decimals: number): LeverPosition {
    const pair = this.options.market.getPair(row.pairId);
    const side = row.side as Side;
    const status = row.status as PositionStatus;
    const priceDecimals = pair?.priceDecimals ?? 8;
    const quantity = quantityOf(row.contractSize, row.lots);
    const margin = dec(row.margin);
    let current: string | null = null;
    let profits: string | null = null;
    let risk: string | null = null;
    let maintenance: Dec | undefined;
    let liquidation: string | null = null;
    if (status === 'holding' || status === 'entrusted') current = this.options.market.indexPrice(row.pairId) ?? null;
    if (status === 'closed') current = row.closePrice === null ? null : dec(row.closePrice).toFixed(priceDecimals);
    if (row.openPrice) {
      maintenance = maintenanceOf(row.openPrice, row.contractSize, row.lots, row.maintenanceMarginRate, decimals);
      if (status === 'holding') {
        liquidation = liquidationPriceShown(
          side,
          liquidationPriceExact(side, row.openPrice, margin, maintenance, quantity),
          priceDecimals,
        );
        if (current) {
          const pnl = pnlOf(side, row.openPrice, current, quantity, decimals);
          profits = str(pnl);
          risk = riskRate(margin.plus(pnl), margin);
        }
      }
    }
    if (status === 'closed') profits = row.profit === null ? null : str(row.profit);
    return {
      id: row.id,
      symbol: pair?.symbol ?? '',
      pair_id: row.pairId,
      legal_id: pair?.legalId ?? 0,
      currency_id: pair?.currencyId ?? 0,
      type: side === 'long' ? 1 : 2,
      side,
      status: STATUS_NUMBER[status],
      status_name: status,
      entry: row.entry as 'market' | 'limit',
      share: row.lots,
      multiple: row.multiple,
      lever_share_num: str(row.contractSize),
      target_price: row.targetPrice === null ? null : dec(row.targetPrice).toFixed(priceDecimals),
      open_price: row.openPrice === null ? null : dec(row.openPrice).toFixed(priceDecimals),
      open_price_time: row.openPriceTime,
      current_price: current,
      market_value: current ? str(notionalOf(current, row.contractSize, row.lots)) : null,
      margin: str(margin),
      fee: str(row.openFee),
      close_fee: row.closeFee === null ? null : str(row.closeFee),
      profits,
      risk_rate: risk,
      maintenance_margin: maintenance ? str(maintenance) : null,
      liquidation_price: liquidation,
      target_profit_price: row.stopProfitPrice === null ? null : dec(row.stopProfitPrice).toFixed(priceDecimals),
      stop_loss_price: row.stopLossPrice === null ? null : dec(row.stopLossPrice).toFixed(priceDecimals),
      close_price: row.closePrice === null ? null : dec(row.closePrice).toFixed(priceDecimals),
      close_price_time: row.closePriceTime,
      close_reason: row.closeReason as LeverCloseReason | null,
      created_at: row.createdAt.toISOString(),
      opened_at: row.openedAt?.toISOString() ?? null,
      closed_at: row.closedAt?.toISOString() ?? null,
    };
  }

  // ── writes ──────────────────────────────────────────────────────────────────────────────────────

  /**
   * Opens a position at the index (market) or entrusts a limit entry. Margin and the opening fee come
   * from the contract account in the same transaction as the position; too little balance refuses it
   * whole (the ledger's guarded update), so concurrent submissions can never overspend.
   */
  async submit(userId: number, form: SubmitForm): Promise<LeverPosition> {
    await this.ready();
    const { pair, side } = form;
    const rules = await this.rulesOf(pair);
    const lots = parseLots(form.share, rules.maxLots);
    const multiple = parseMultiple(form.multiple, rules.multiples);
    const target = form.market ? undefined : parsePairPrice(pair, form.targetPrice, 'target_price', true);
    const stopProfit = parsePairPrice(pair, form.stopProfit, 'target_profit_price', false);
    const stopLoss = parsePairPrice(pair, form.stopLoss, 'stop_loss_price', false);
    const sample = this.sample(pair);
    if (target && (side === 'long' ? target.gte(sample.price) : target.lte(sample.price))) {
      throw refuse('limit_price_wrong_side', 'target_price');
    }
    const entry = target ?? dec(sample.price);
    const problem = stopProblem(side, entry, sample.price, { stopProfit, stopLoss });
    if (problem) throw refuse(problem, problem === 'stop_profit_wrong_side' ? 'target_profit_price' : 'stop_loss_price');

    const decimals = rules.quoteDecimals;
    const margin = marginOf(entry, { contractSize: rules.contractSize, lots, multiple }, decimals);
    const fee = feeOf(entry, rules.contractSize, lots, rules.openFeeRate, decimals);
    const user: AccountRef = { userId, kind: 'contract', currencyId: pair.legalId };
    const row = await this.db.transaction(async (tx) => {
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
      if (form.market) {
        await postEntry(
          tx,
          { reason: 'contract_open', ...ref },
          legs([
            { account: user, bucket: 'available', amount: margin.plus(fee).negated() },
            { account: user, bucket: 'frozen', amount: margin },
            { account: { system: 'fees', currencyId: pair.legalId }, bucket: 'available', amount: fee },
          ]),
        );
      } else {
        // A limit entry reserves its margin and fee at the limit price until it fills or is cancelled.
        await postEntry(
          tx,
          { reason: 'contract_entrust', ...ref },
          legs([
            { account: user, bucket: 'available', amount: margin.plus(fee).negated() },
            { account: user, bucket: 'frozen', amount: margin.plus(fee) },
          ]),
        );
      }
      return position;
    });
    this.book.put(livePosition(row, decimals, pair.priceDecimals));
    return this.publish(row, decimals);
  }

  /** Sets (or clears) both stops of an open position; at least one price is required. */
  async setStops(userId: number, id: number, input: { stopProfit?: unknown; stopLoss?: unknown }): Promise<LeverPosition> {
    await this.ready();
    const row = await this.ownOpen(userId, id);
    const pair = this.pairOf(row);
    const stopProfit = parsePairPrice(pair, input.stopProfit, 'target_profit_price', false);
    const stopLoss = parsePairPrice(pair, input.stopLoss, 'stop_loss_price', false);
    if (!stopProfit && !stopLoss) throw refuse('stop_price_required', 'target_profit_price');
    const sample = this.sample(pair);
    const entry = row.openPrice ?? row.targetPrice!;
    const problem = stopProblem(row.side as Side, entry, sample.price, { stopProfit, stopLoss });
    if (problem) throw refuse(problem, problem === 'stop_profit_wrong_side' ? 'target_profit_price' : 'stop_loss_price');
    const updated = await updateStops(this.db, id, userId, {
      stopProfitPrice: stopProfit ? str(stopProfit) : null,
      stopLossPrice: stopLoss ? str(stopLoss) : null,
    });
    if (!updated) throw new AppError('position_not_open');
    const live = this.book.get(updated.pairId, id);
    if (live) setLiveStops(live, stopProfit, stopLoss);
    return this.publish(updated, live?.decimals ?? (await this.decimalsOf(pair)));
  }

  /**
   * The user's close: a holding position closes at the index with the closing fee; an entrusted limit
   * entry is cancelled and its reservation returned. A closed, cancelled or foreign position is refused.
   */
  async closeByUser(userId: number, id: number): Promise<LeverPosition> {
    await this.ready();
    const row = await this.ownOpen(userId, id);
    const pair = this.pairOf(row);
    const decimals = await this.decimalsOf(pair);
    if (row.status === 'entrusted') {
      const done = await this.cancelEntrusted(row);
      if (!done) throw new AppError('position_not_open');
      return this.publish(done, decimals);
    }
    const sample = this.sample(pair);
    const done = await this.settleClose(row, sample, 'user', decimals);
    if (!done) throw new AppError('position_not_open');
    return this.publish(done, decimals);
  }

  /** Cancels an entrusted limit entry; its reserved margin and fee return to the contract account. */
  async cancelByUser(userId: number, id: number): Promise<LeverPosition> {
    await this.ready();
    const row = await this.ownOpen(userId, id);
    if (row.status !== 'entrusted') throw new AppError('order_not_cancellable');
    const done = await this.cancelEntrusted(row);
    if (!done) throw new AppError('position_not_open');
    return this.publish(done, await this.decimalsOf(this.pairOf(row)));
  }

  /** Closes every holding position of the user (optionally only longs or shorts, of one pair). */
  async closeAll(userId: number, filter: { side?: Side; pair?: Pair }): Promise<{ closed: LeverPosition[] }> {
    await this.ready();
    const rows = (await userOpenPositions(this.db, userId, filter.pair?.id)).filter(
      (r) => r.status === 'holding' && (!filter.side || r.side === filter.side),
    );
    const closed: LeverPosition[] = [];
    let waiting = 0;
    for (const row of rows) {
      const pair = this.pairOf(row);
      const sample = this.freshSample(pair);
      if (!sample) {
        // A pair without a fresh index keeps its positions; the reply lists what closed.
        waiting++;
        continue;
      }
      const decimals = await this.decimalsOf(pair);
      const done = await this.settleClose(row, sample, 'user', decimals);
      if (done) closed.push(this.publish(done, decimals));
    }
    // Nothing could close for want of a price: say so rather than answer an empty success.
    if (waiting && !closed.length) throw new AppError('index_unavailable');
    return { closed };
  }

  private async ownOpen(userId: number, id: number): Promise<PositionRow> {
    const row = await userPosition(this.db, userId, id);
    if (!row) throw new AppError('not_found', { status: 404 });
    if (row.status !== 'holding' && row.status !== 'entrusted') throw new AppError('position_not_open');
    return row;
  }

  private pairOf(row: PositionRow): Pair {
    const pair = this.options.market.getPair(row.pairId);
    if (!pair) throw new AppError('pair_unknown');
    return pair;
  }

  private async decimalsOf(pair: Pair): Promise<number> {
    return (await this.quoteDecimals()).get(pair.legalId) ?? 8;
  }

  /**
   * Settles a holding position at an index sample: the margin comes back with the PnL less the closing
   * fee, the house takes the other side, and a loss never exceeds the margin (math.ts `settle`).
   * Returns undefined when the position was no longer holding (someone else settled it first).
   */
  private async settleClose(
    row: PositionRow,
    sample: { price: string; time: number },
    reason: LeverCloseReason,
    decimals: number,
  ): Promise<PositionRow | undefined> {
    const side = row.side as Side;
    const quantity = quantityOf(row.contractSize, row.lots);
    const margin = dec(row.margin);
    const pnl = pnlOf(side, row.openPrice!, sample.price, quantity, decimals);
    const fee = feeOf(sample.price, row.contractSize, row.lots, row.closeFeeRate, decimals);
    const result = settle(margin, pnl, fee);
    const done = await this.db.transaction(async (tx) => {
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
      const user: AccountRef = { userId: row.userId, kind: 'contract', currencyId: this.pairOf(row).legalId };
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
    this.book.remove(row.pairId, row.id);
    return done;
  }

  private async cancelEntrusted(row: PositionRow): Promise<PositionRow | undefined> {
    const reserved = dec(row.margin).plus(row.openFee);
    const done = await this.db.transaction(async (tx) => {
      const updated = await transition(tx, row.id, 'entrusted', { status: 'cancelled', closedAt: new Date() });
      if (!updated) return undefined;
      const user: AccountRef = { userId: row.userId, kind: 'contract', currencyId: this.pairOf(row).legalId };
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
    this.book.remove(row.pairId, row.id);
    return done;
  }

  /** A limit entry reached by the index fills at its limit price; the reserved fee goes to the platform. */
  private async fill(row: PositionRow, time: number): Promise<PositionRow | undefined> {
    return this.db.transaction(async (tx) => {
      const updated = await transition(tx, row.id, 'entrusted', {
        status: 'holding',
        openPrice: row.targetPrice,
        openPriceTime: time,
        openedAt: new Date(),
      });
      if (!updated) return undefined;
      const currencyId = this.pairOf(row).legalId;
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

  // ── the index stream ────────────────────────────────────────────────────────────────────────────

  /**
   * One index tick of a pair: re-marks its open positions (synchronously, in memory), queues what the
   * price triggers for settlement at this very price, and pushes the new marks to their owners.
   */
  onTick(pairId: number, price: string, time: number): void {
    if (this.closed) return;
    // A stale price is no mark: nothing is re-marked or triggered on it; the positions wait for a fresh one.
    if (!isFreshIndex(time, this.now())) return;
    const triggered = this.book.remark(pairId, price);
    if (triggered.length) this.enqueue(pairId, () => this.settleTriggered(triggered, { price, time }));
    this.pushMarks(pairId, price, time);
  }

  private enqueue(pairId: number, job: () => Promise<void>): void {
    const previous = this.queues.get(pairId) ?? Promise.resolve();
    const next = previous
      .then(job)
      .catch((error) => this.options.log.error({ err: error, pairId }, 'contract settlement failed'));
    this.queues.set(pairId, next);
  }

  private async settleTriggered(
    triggered: { position: LivePosition; trigger: Trigger }[],
    sample: { price: string; time: number },
  ) {
    for (const { position, trigger } of triggered) {
      // Settlements queue behind each other: one reached after its price went stale is not executed on
      // it, but left in the book for the next fresh tick to judge again.
      if (!isFreshIndex(sample.time, this.now())) {
        position.pending = false;
        continue;
      }
      try {
        const row = await userPosition(this.db, position.userId, position.id);
        if (!row || (row.status !== 'holding' && row.status !== 'entrusted')) {
          this.book.remove(position.pairId, position.id);
          continue;
        }
        if (trigger === 'fill') {
          const filled = await this.fill(row, sample.time);
          if (filled) {
            this.book.put(livePosition(filled, position.decimals, position.priceDecimals));
            this.publish(filled, position.decimals);
          } else this.book.remove(position.pairId, position.id);
          continue;
        }
        const done = await this.settleClose(row, sample, trigger, position.decimals);
        if (done) this.publish(done, position.decimals);
      } catch (error) {
        // Left in the book: the next tick that still triggers it tries again.
        position.pending = false;
        this.options.log.error({ err: error, position: position.id, trigger }, 'contract trigger failed');
      }
    }
  }

  /** The new marks of each user's holding positions on the pair, at most once per interval per user. */
  private pushMarks(pairId: number, price: string, time: number): void {
    const interval = this.options.markIntervalMs ?? 1000;
    const byUser = new Map<number, LeverMarkEvent['positions']>();
    const markUnits = new Map<number, bigint | undefined>();
    for (const p of this.book.pair(pairId)) {
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
    const symbol = this.options.market.getPair(pairId)?.symbol ?? '';
    for (const [userId, positions] of byUser) {
      this.lastMarkPush.set(`${userId}:${pairId}`, time);
      this.options.toUser(userId, LEVER_EVENTS.mark, {
        pair_id: pairId,
        symbol,
        price,
        time,
        positions,
      } satisfies LeverMarkEvent);
    }
  }

  private publish(row: PositionRow, decimals: number): LeverPosition {
    const view = this.view(row, decimals);
    this.options.toUser(row.userId, LEVER_EVENTS.trade, view);
    return view;
  }

  // ── console (read-only) ─────────────────────────────────────────────────────────────────────────

  async consolePositions(filter: { pairId?: number; status?: PositionStatus; userId?: number }, page: number, limit: number) {
    const decimals = await this.quoteDecimals();
    const { total, rows } = await listPositions(
      this.db,
      { userId: filter.userId, pairId: filter.pairId, status: filter.status ? [filter.status] : ['entrusted', 'holding'] },
      limit,
      offsetOf(page, limit),
    );
    return {
      list: rows.map((row) => ({
        user_id: row.userId,
        ...this.view(row, decimals.get(this.options.market.getPair(row.pairId)?.legalId ?? 0) ?? 8),
      })),
      total,
      page,
      limit,
    };
  }
}

/** Drops zero legs (a zero fee, a break-even house side): the ledger refuses zero amounts. */
function legs(list: Leg[]): Leg[] {
  return list.filter((leg) => !dec(leg.amount).isZero());
}
