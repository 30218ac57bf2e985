import type { optionsApi } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { optionSeconds } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { parseAmount } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { D, type Dec, str } from '../../lib/money.js';
import type { MarketService } from '../../market/market-service.js';
import { formatPrice, type Pair } from '../../market/pairs.js';
import type { Realtime } from '../../plugins/socket.js';
import type { IndexSampler } from '../index-samples/sampler.js';
import {
  consoleOrders,
  currencyNames,
  findEnabledSeconds,
  findSecondsById,
  insertOrder,
  listSeconds,
  moveOpenSecond,
  type OptionOrderRow,
  type OptionSecondsRow,
  type OrderStatus,
  optionBalances,
  userOrders,
} from './repo.js';
import { OptionSettler } from './settler.js';

/** The socket event of a settled order (the original client's name), sent to the owner's room. */
export const SETTLED_EVENT = 'closed_microorder';

/** The socket event of an order whose open price was just filled from the record of its open second. */
export const OPENED_EVENT = 'priced_microorder';

/** A purchase is refused when the newest index tick is older than this (or there is none): the index is stale. */
export const PRICE_FRESH_MS = 2000;

export type OptionsDeps = {
  db: Db;
  market: MarketService;
  sampler: IndexSampler;
  /** Pushes to a user's private socket room. */
  toUser: Realtime['toUser'];
  now?: () => number;
  log?: { error: (obj: object, msg: string) => void };
};

export type SubmitInput = { match_id: number; currency_id: number; type: 1 | 2; seconds: number; number?: unknown };

/** Percent values as the original client shows them ("85", "12.5"). */
const percent = (v: string) => str(v);

/**
 * Time-based options ("microtrade"): the delivery times operators offer, purchases, the user's lists and
 * the console's read-only view. Outcomes are decided only by `settleOption` (settle.ts) from recorded
 * index samples, through the settler.
 */
export class OptionsService {
  readonly settler: OptionSettler;
  private coins = new Map<number, { name: string; decimals: number }>();
  private now: () => number;

  constructor(private readonly deps: OptionsDeps) {
    this.now = deps.now ?? Date.now;
    this.settler = new OptionSettler({
      db: deps.db,
      sampler: deps.sampler,
      decimalsOf: (id) => this.coins.get(id)?.decimals ?? 8,
      now: () => this.now(),
      log: deps.log,
      onSettled: (orders) => {
        for (const o of orders) deps.toUser(o.userId, SETTLED_EVENT, this.view(o));
      },
      onOpened: (orders) => {
        for (const o of orders) deps.toUser(o.userId, OPENED_EVENT, this.view(o));
      },
    });
  }

  /** Replaces the clock of purchases and settlements (tests drive time by hand). */
  useClock(now: () => number): void {
    this.now = now;
  }

  /**
   * Reads the coins, then settles what a restart finds overdue and follows the sampler from then on.
   * Called right after the sampler starts listening: seconds before this moment are final.
   */
  async start(): Promise<void> {
    const startedAt = this.now();
    await this.loadCoins();
    await this.deps.market.ensurePairs();
    await this.settler.start(startedAt);
  }

  async stop(): Promise<void> {
    await this.settler.stop();
  }

  private async loadCoins(): Promise<void> {
    this.coins = await currencyNames(this.deps.db);
  }

  /** `microtrade/seconds`: the enabled delivery times, shortest first. */
  async seconds() {
    return (await listSeconds(this.deps.db, true)).map(secondsView);
  }

  /** The pairs open for options (`open_microtrade`). */
  private async optionPairs(): Promise<Pair[]> {
    await this.deps.market.ensurePairs();
    return this.deps.market.listPairs().filter((p) => p.openMicrotrade);
  }

  /** `microtrade/payable_currencies`: the stake coins (the quote coins of option pairs) with the option balance. */
  async payableCurrencies(userId: number) {
    if (!this.coins.size) await this.loadCoins();
    const ids = [...new Set((await this.optionPairs()).map((p) => p.legalId))];
    const balances = await optionBalances(this.deps.db, userId);
    return ids.map((id) => ({
      id,
      currency_id: id,
      name: this.coins.get(id)?.name ?? String(id),
      decimals: this.coins.get(id)?.decimals ?? 8,
      balance: str(balances.get(id)?.available ?? '0'),
      frozen: str(balances.get(id)?.frozen ?? '0'),
    }));
  }

  /**
   * `microtrade/submit`. Checks in the spec's order (the real-name check ran before, as type 998): the
   * delivery time, the pair and stake coin, the stake (required, a plain amount, within the time's limits),
   * a fresh index price, then the balance — the stake moves from the option account to the house (the
   * counterparty) in the same transaction as the order, so parallel purchases can never overspend.
   *
   * The open price is not the tick the buyer saw: it is the recorded sample of the second the purchase
   * commits in, filled by the settler once the sampler makes that second final (the order is void if that
   * second has no sample). So no one can buy at a price already left behind.
   */
  async submit(userId: number, input: SubmitInput) {
    const terms = await findEnabledSeconds(this.deps.db, input.seconds);
    if (!terms) throw new AppError('option_seconds_unknown', { fields: { seconds: 'option_seconds_unknown' } });
    const pair = (await this.optionPairs()).find((p) => p.id === input.match_id);
    if (!pair) throw new AppError('option_pair_closed', { fields: { match_id: 'option_pair_closed' } });
    if (input.currency_id !== pair.legalId)
      throw new AppError('currency_unknown', { fields: { currency_id: 'currency_unknown' } });
    if (!this.coins.size) await this.loadCoins();
    const coin = this.coins.get(pair.legalId);
    if (!coin) throw new AppError('currency_unknown', { fields: { currency_id: 'currency_unknown' } });
    const stake = parseAmount(input.number, coin.decimals, 'number');
    const range = `${str(terms.minStake)} – ${str(terms.maxStake)} ${coin.name}`;
    if (stake.lt(terms.minStake))
      throw new AppError('option_stake_below_min', { fields: { number: 'option_stake_below_min' }, values: { range } });
    if (stake.gt(terms.maxStake))
      throw new AppError('option_stake_above_max', { fields: { number: 'option_stake_above_max' }, values: { range } });

    const now = this.now();
    const index = this.deps.sampler.latest(pair.id);
    if (!index || now - index.time > PRICE_FRESH_MS || index.time > now + 1000) throw new AppError('option_price_unavailable');
    const source = this.deps.market.feedKind;
    // The option opens at the recorded sample of the second it is bought in and delivers at the end of the
    // second `seconds` after it, at exactly that second's recorded sample (docs/decisions.md).
    const openSecond = Math.floor(now / 1000);
    const order = await this.deps.db.transaction(async (tx) => {
      let row = await insertOrder(tx, {
        userId,
        pairId: pair.id,
        currencyId: pair.legalId,
        direction: input.type,
        seconds: terms.seconds,
        profitRatio: terms.profitRatio,
        lossRatio: terms.lossRatio,
        stake: str(stake),
        openPrice: null,
        openPriceTime: null,
        openedAt: now,
        openSecond,
        deliverySecond: openSecond + terms.seconds,
        source,
      });
      await postEntry(tx, { reason: 'option_stake', refType: 'option_order', refId: row.id }, [
        { account: { userId, kind: 'option', currencyId: pair.legalId }, bucket: 'available', amount: stake.negated() },
        { account: { system: 'house', currencyId: pair.legalId }, bucket: 'available', amount: stake },
      ]);
      // The purchase opens in the second it commits in: if the balance wait carried it into a later
      // second, the order opens (and delivers) that much later.
      const committing = Math.floor(this.now() / 1000);
      if (committing > openSecond) row = await moveOpenSecond(tx, row.id, committing, committing + terms.seconds);
      return row;
    });
    this.settler.add(order);
    return this.view(order);
  }

  /** `microtrade/lists`: open (pending delivery, soonest first) or delivered (newest first), paged. */
  async lists(userId: number, status: OrderStatus, page: number, limit: number) {
    await this.deps.market.ensurePairs();
    if (!this.coins.size) await this.loadCoins();
    const { list, total } = await userOrders(this.deps.db, userId, status, page, limit);
    return { list: list.map((o) => this.view(o)), total, page, limit, now: this.now() };
  }

  /** An order as the API shows it: the open and delivery samples with their times, the outcome once settled. */
  view(o: OptionOrderRow): optionsApi.OptionOrder {
    const pair = this.deps.market.getPair(o.pairId);
    const coin = this.coins.get(o.currencyId);
    const price = (v: string | null) => (v === null ? null : pair ? formatPrice(pair, v) : str(v));
    const deliveryAt = (o.deliverySecond + 1) * 1000;
    const payout = o.payout === null ? null : str(o.payout);
    return {
      id: o.id,
      match_id: o.pairId,
      symbol_name: pair?.symbol ?? String(o.pairId),
      currency_id: o.currencyId,
      currency_name: coin?.name ?? String(o.currencyId),
      // The columns are plain smallint/text; their check constraints (and the settler, the only writer of
      // results and void reasons) hold them to these values.
      type: o.direction as 1 | 2,
      seconds: o.seconds,
      number: str(o.stake),
      profit_ratio: percent(o.profitRatio),
      loss_ratio: percent(o.lossRatio),
      fee: '0',
      /** null until the open second is final (then its recorded sample), and for a void no_sample_open. */
      open_price: price(o.openPrice),
      open_price_time: o.openPriceTime,
      open_second: o.openSecond,
      created_at: o.openedAt,
      delivery_second: o.deliverySecond,
      delivery_at: deliveryAt,
      remain_milli_seconds: o.status === 'open' ? Math.max(0, deliveryAt - this.now()) : 0,
      status: o.status as optionsApi.OrderState,
      end_price: price(o.endPrice),
      end_price_time: o.endPriceTime,
      end_second: o.endSecond,
      /** Why a void order was voided (its stake returned): no_sample_open, no_sample_delivery, source_changed. */
      void_reason: o.voidReason as optionsApi.VoidReason | null,
      profit_result: o.result as -1 | 0 | 1 | null,
      payout,
      fact_profits: payout === null ? null : str(new D(payout).minus(o.stake)),
      settled_at: o.settledAt,
      demo: this.deps.market.demo,
    };
  }

  // Console.

  async consoleSeconds() {
    return (await listSeconds(this.deps.db, false)).map(secondsView);
  }

  /** Adds a delivery time (audited). Existing orders keep the terms they were bought with. */
  async createSeconds(request: FastifyRequest, input: SecondsInput) {
    const values = checkSecondsInput(input);
    return this.deps.db.transaction(async (tx) => {
      const [row] = await tx.insert(optionSeconds).values(values).onConflictDoNothing().returning();
      if (!row) throw new AppError('option_seconds_exists', { fields: { seconds: 'option_seconds_exists' } });
      await audit(tx, request, 'options.seconds.create', `option_seconds:${row.id}`, null, secondsView(row));
      return secondsView(row);
    });
  }

  /** Edits a delivery time's ratios, limits or availability (audited, before and after). */
  async updateSeconds(request: FastifyRequest, id: number, input: Partial<SecondsInput>) {
    const before = await findSecondsById(this.deps.db, id);
    if (!before) throw new AppError('not_found');
    const merged = checkSecondsInput({
      seconds: input.seconds ?? before.seconds,
      profit_ratio: input.profit_ratio ?? str(before.profitRatio),
      loss_ratio: input.loss_ratio ?? str(before.lossRatio),
      min_num: input.min_num ?? str(before.minStake),
      max_num: input.max_num ?? str(before.maxStake),
      enabled: input.enabled ?? before.enabled,
    });
    return this.deps.db.transaction(async (tx) => {
      const taken = await tx.select().from(optionSeconds).where(eq(optionSeconds.seconds, merged.seconds));
      if (taken.some((r) => r.id !== id))
        throw new AppError('option_seconds_exists', { fields: { seconds: 'option_seconds_exists' } });
      const [row] = await tx
        .update(optionSeconds)
        .set({ ...merged, updatedAt: new Date() })
        .where(eq(optionSeconds.id, id))
        .returning();
      await audit(tx, request, 'options.seconds.update', `option_seconds:${id}`, secondsView(before), secondsView(row!));
      return secondsView(row!);
    });
  }

  /** Every user's orders, read-only: the console can look, never change a result. */
  async consoleOrders(filter: { status?: OrderStatus; userId?: number; pairId?: number }, page: number, limit: number) {
    await this.deps.market.ensurePairs();
    if (!this.coins.size) await this.loadCoins();
    const { list, total } = await consoleOrders(this.deps.db, filter, page, limit);
    return {
      list: list.map((r) => ({ ...this.view(r.order), user_id: r.order.userId, account: r.email ?? r.phone })),
      total,
      page,
      limit,
    };
  }
}

export function secondsView(r: OptionSecondsRow) {
  return {
    id: r.id,
    seconds: r.seconds,
    profit_ratio: percent(r.profitRatio),
    loss_ratio: percent(r.lossRatio),
    min_num: str(r.minStake),
    max_num: str(r.maxStake),
    enabled: r.enabled,
  };
}

export type SecondsInput = {
  seconds: number;
  profit_ratio: unknown;
  loss_ratio: unknown;
  min_num: unknown;
  max_num: unknown;
  enabled?: boolean;
};

const ratio = (raw: unknown, field: string, max?: Dec): Dec => {
  const value = parseAmountOrZeroLoose(raw, field);
  if (max && value.gt(max)) throw new AppError('field_invalid', { fields: { [field]: 'field_invalid' } });
  return value;
};

/** A percent or a limit as typed: a plain decimal ≥ 0 with up to 8 places. */
function parseAmountOrZeroLoose(raw: unknown, field: string): Dec {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,12}(\.\d{1,8})?$/.test(text)) throw new AppError('field_invalid', { fields: { [field]: 'field_invalid' } });
  return new D(text);
}

function checkSecondsInput(input: SecondsInput) {
  if (!Number.isInteger(input.seconds) || input.seconds < 1 || input.seconds > 86_400)
    throw new AppError('field_invalid', { fields: { seconds: 'field_invalid' } });
  const profit = ratio(input.profit_ratio, 'profit_ratio', new D(1000));
  const loss = ratio(input.loss_ratio, 'loss_ratio', new D(100));
  const min = ratio(input.min_num, 'min_num');
  const max = ratio(input.max_num, 'max_num');
  if (min.lte(0)) throw new AppError('field_invalid', { fields: { min_num: 'field_invalid' } });
  if (max.lt(min)) throw new AppError('field_invalid', { fields: { max_num: 'field_invalid' } });
  return {
    seconds: input.seconds,
    profitRatio: str(profit),
    lossRatio: str(loss),
    minStake: str(min),
    maxStake: str(max),
    enabled: input.enabled ?? true,
  };
}
