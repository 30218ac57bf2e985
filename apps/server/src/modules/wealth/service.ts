import type { wealthApi } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { coinAvailable, postEntry } from '../../ledger/ledger.js';
import { parseAmount, parseAmountOrZero } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requireCurrency } from '../../lib/currencies.js';
import { D, type Dec, str } from '../../lib/money.js';
import { type LivePrices, usdtPrices } from '../../lib/valuation.js';
import { accrueLockedOrder, runAccrual } from './accrual.js';
import {
  cycleInterest,
  dailyInterest,
  dayNumber,
  dayStart,
  daysDue,
  fromPercent,
  maturityDay,
  percent,
  redemptionDamages,
} from './interest.js';
import {
  claimQuota,
  findProduct,
  insertOrder,
  insertProduct,
  listOrders,
  listProducts,
  lockOrder,
  lockProduct,
  type OrderRow,
  type OrderStatus,
  type ProductRow,
  productHoldings,
  updateOrder,
  updateProduct,
  userIncomeSince,
  userTotals,
} from './repo.js';

/** Spec section 9: the buy page states the maximum expected yield for 30 days. */
export const YIELD_PREVIEW_DAYS = 30;

type ProductWithCoin = { product: ProductRow; currencyName: string; icon: string; decimals: number };

/** A product as lh/deposit/config and product_info show it (the original client's names kept). */
function productView({ product: p, currencyName, icon, decimals }: ProductWithCoin): wealthApi.ProductRow {
  const left = p.totalCap === null ? null : str(new D(p.totalCap).minus(p.sold));
  return {
    id: p.id,
    currency_id: p.currencyId,
    currency_name: currencyName,
    icon,
    decimals,
    day: p.days,
    /** Daily yield in percent ("0.4" = 0.4 % a day). */
    interest_rate: percent(p.dailyRate),
    /** Daily rate of the early-redemption damages, in percent. */
    penalty_rate: percent(p.penaltyRate),
    /** Yield of the whole cycle and of 30 days, in percent (rate × days). */
    total_rate: percent(new D(p.dailyRate).times(p.days)),
    max_rate_30: percent(new D(p.dailyRate).times(YIELD_PREVIEW_DAYS)),
    save_min: str(p.minAmount),
    save_max: str(p.maxAmount),
    total_cap: p.totalCap === null ? null : str(p.totalCap),
    left,
    status: p.status,
  };
}

export type WealthOptions = { db: Db; now: () => number; prices: () => LivePrices | undefined };

/**
 * Fixed-term financial products: the users' API (lh/deposit/*), the console's and the daily accrual.
 * The clock is injected (buildApp's `now`), so tests move time across days and outages.
 */
export class WealthService {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly options: WealthOptions) {}

  private get db() {
    return this.options.db;
  }

  now(): Date {
    return new Date(this.options.now());
  }

  async config() {
    return (await listProducts(this.db, true)).map(productView);
  }

  /** One product, with the user's available coin balance (the buy page shows it); paused ones too. */
  async productInfo(userId: number, id: number) {
    const row = await findProduct(this.db, id);
    if (!row) throw new AppError('not_found', { fields: { id: 'not_found' } });
    return { ...productView(row), available: str(await coinAvailable(this.db, userId, row.product.currencyId)) };
  }

  /**
   * A purchase. Checks in the spec's order: the product (unknown → not_found, paused), the amount
   * (empty → "please enter the amount", not a plain positive number, too many decimals, below the
   * product's minimum, above its maximum), the service agreement, the product's remaining quota and
   * the coin account's balance. The amount moves from the coin account's available balance to the
   * trust account (held frozen until maturity or redemption) in the same transaction as the order;
   * the quota is claimed by a guarded update in it too, so simultaneous purchases cannot overspend
   * the balance or the cap.
   */
  async buy(userId: number, input: { config_id: number; amount?: unknown; agree?: boolean }) {
    const row = await findProduct(this.db, input.config_id);
    if (!row) throw new AppError('not_found', { fields: { config_id: 'not_found' } });
    const { product, decimals } = row;
    if (product.status !== 'active') throw new AppError('wealth_product_paused');
    const amount = parseAmount(input.amount, decimals, 'amount');
    if (amount.lt(product.minAmount)) {
      throw new AppError('amount_below_min', { fields: { amount: 'amount_below_min' }, values: { min: str(product.minAmount) } });
    }
    if (amount.gt(product.maxAmount)) {
      throw new AppError('amount_above_max', { fields: { amount: 'amount_above_max' }, values: { max: str(product.maxAmount) } });
    }
    if (!input.agree) throw new AppError('agreement_required', { fields: { agree: 'agreement_required' } });
    const now = this.now();
    const { prices } = await usdtPrices(this.db, this.options.prices());
    const price = prices.get(product.currencyId) ?? new D(0);
    const order = await this.db.transaction(async (tx) => {
      if (!(await claimQuota(tx, product.id, str(amount)))) {
        const current = await lockProduct(tx, product.id);
        if (current?.status !== 'active') throw new AppError('wealth_product_paused');
        const left = current.totalCap === null ? '0' : str(D.max(0, new D(current.totalCap).minus(current.sold)));
        throw new AppError('wealth_quota_exceeded', { fields: { amount: 'wealth_quota_exceeded' }, values: { left } });
      }
      const created = await insertOrder(tx, {
        userId,
        productId: product.id,
        currencyId: product.currencyId,
        amount: str(amount),
        price: str(price),
        days: product.days,
        dailyRate: product.dailyRate,
        penaltyRate: product.penaltyRate,
        // Interest starts the day after a successful purchase (spec section 9).
        startDay: dayNumber(now.getTime()) + 1,
        paidAt: now,
      });
      await postEntry(tx, { reason: 'wealth_buy', refType: 'wealth_order', refId: created.id }, [
        { account: { userId, kind: 'coin', currencyId: product.currencyId }, bucket: 'available', amount: amount.negated() },
        { account: { userId, kind: 'trust', currencyId: product.currencyId }, bucket: 'frozen', amount },
      ]);
      return created;
    });
    return this.orderView(order, row.currencyName, decimals);
  }

  /** An order as lh/deposit/order lists it; remaining days and the redemption quote follow the clock. */
  orderView(o: OrderRow, currencyName: string, decimals: number): wealthApi.OrderRow {
    const today = dayNumber(this.options.now());
    const done = Math.max(o.daysPaid, daysDue(o.startDay, o.days, today));
    const remaining = o.status === 'hosting' ? o.days - done : 0;
    const quote = o.status === 'hosting' ? redemptionDamages(o.amount, o.penaltyRate, remaining, decimals) : undefined;
    return {
      id: o.id,
      product_id: o.productId,
      currency_id: o.currencyId,
      currency_name: currencyName,
      decimals,
      amount: str(o.amount),
      /** USDT value of one coin at purchase. */
      price: str(o.price),
      day: o.days,
      day_rate: percent(o.dailyRate),
      penalty_rate: percent(o.penaltyRate),
      daily_income: str(dailyInterest(o.amount, o.dailyRate, decimals)),
      /** Expected interest of the whole cycle. */
      total_interest: str(cycleInterest(o.amount, o.dailyRate, o.days, decimals)),
      /** Interest credited so far (current income). */
      current_income: str(o.interestPaid),
      days_paid: o.daysPaid,
      remaining_days: remaining,
      status: o.status,
      paid_at: o.paidAt.toISOString(),
      /** First interest day, and the maturity: the end of the last interest day (00:00 UTC after it). */
      start_at: dayStart(o.startDay).toISOString(),
      end_at: dayStart(maturityDay(o.startDay, o.days)).toISOString(),
      completed_at: o.completedAt ? o.completedAt.toISOString() : null,
      damages: o.damages === null ? null : str(o.damages),
      refund: o.refund === null ? null : str(o.refund),
      /** What redeeming now would cost and return (hosting orders only). */
      redeem_damages: quote ? str(quote) : null,
      redeem_refund: quote ? str(new D(o.amount).minus(quote)) : null,
    };
  }

  async orders(userId: number, status: OrderStatus | undefined, page: number, limit: number) {
    const { total, rows } = await listOrders(this.db, { userId, status }, limit, (page - 1) * limit);
    const totals = await userTotals(this.db, userId);
    return {
      order_list: rows.map((r) => this.orderView(r.order, r.currencyName, r.decimals)),
      total,
      page,
      limit,
      // The original client's field: income credited so far, per coin (coins cannot be added up).
      total_interest: totals.map((t) => ({ currency_id: t.currencyId, amount: str(t.income) })),
    };
  }

  /**
   * Early redemption of one of the user's own hosting orders: the due days are credited first (so an
   * outage never changes the price of leaving), then damages = penalty rate × remaining days × amount
   * go to the platform and the rest of the principal returns to the coin account. Credited interest
   * stays with the user. A second redemption, or one of a completed order, is refused.
   */
  async redeem(userId: number, id: number) {
    const now = this.now();
    const result = await this.db.transaction(async (tx) => {
      const locked = await lockOrder(tx, id, userId);
      if (!locked) throw new AppError('not_found');
      if (locked.status !== 'hosting') throw new AppError('wealth_order_not_redeemable');
      const { order } = await accrueLockedOrder(tx, locked, now);
      // Matured by the catch-up: committed as a completion, then refused as a redemption.
      if (order.status !== 'hosting') return { matured: true as const };
      const coin = await requireCurrency(tx, order.currencyId);
      const remaining = order.days - order.daysPaid;
      const damages = redemptionDamages(order.amount, order.penaltyRate, remaining, coin.decimals);
      const refund = new D(order.amount).minus(damages);
      const legs = [
        {
          account: { userId, kind: 'trust' as const, currencyId: order.currencyId },
          bucket: 'frozen' as const,
          amount: new D(order.amount).negated(),
        },
        ...(refund.isZero()
          ? []
          : [
              {
                account: { userId, kind: 'coin' as const, currencyId: order.currencyId },
                bucket: 'available' as const,
                amount: refund,
              },
            ]),
        ...(damages.isZero()
          ? []
          : [
              {
                account: { system: 'house' as const, currencyId: order.currencyId },
                bucket: 'available' as const,
                amount: damages,
              },
            ]),
      ];
      await postEntry(tx, { reason: 'wealth_redeem', refType: 'wealth_order', refId: order.id }, legs);
      const set = { status: 'redeemed' as const, damages: str(damages), refund: str(refund), completedAt: now };
      await updateOrder(tx, order.id, set);
      return { matured: false as const, remaining, damages, refund, order: { ...order, ...set } };
    });
    if (result.matured) throw new AppError('wealth_order_not_redeemable');
    return {
      id,
      status: 'redeemed' as const,
      remaining_days: result.remaining,
      damages: str(result.damages),
      refund: str(result.refund),
    };
  }

  /**
   * The hosting summary: principal in hosting, today's income and cumulative income, per coin and in
   * USDT at current prices (`demo_prices` as the wallet labels them).
   */
  async report(userId: number) {
    const today = dayNumber(this.options.now());
    const [totals, todays, valuation] = await Promise.all([
      userTotals(this.db, userId),
      // Today's income is what was credited today: the interest of the day that ended at 00:00.
      userIncomeSince(this.db, userId, today - 1),
      usdtPrices(this.db, this.options.prices()),
    ]);
    const products = await listProducts(this.db, false);
    const names = new Map(products.map((p) => [p.product.currencyId, { name: p.currencyName, decimals: p.decimals }]));
    let hostingUsdt = new D(0);
    let todayUsdt = new D(0);
    let totalUsdt = new D(0);
    const coins = totals.map((t) => {
      const today = todays.find((x) => x.currencyId === t.currencyId)?.income ?? '0';
      const price = valuation.prices.get(t.currencyId) ?? new D(0);
      hostingUsdt = hostingUsdt.plus(price.times(t.hosting));
      todayUsdt = todayUsdt.plus(price.times(today));
      totalUsdt = totalUsdt.plus(price.times(t.income));
      return {
        currency_id: t.currencyId,
        currency_name: names.get(t.currencyId)?.name ?? '',
        hosting: str(t.hosting),
        today_income: str(today),
        total_income: str(t.income),
      };
    });
    const usdt = (v: Dec) => str(v.toDecimalPlaces(2, D.ROUND_DOWN));
    return {
      amount: usdt(hostingUsdt),
      today_income: usdt(todayUsdt),
      total_income: usdt(totalUsdt),
      coins,
      demo_prices: valuation.demo,
    };
  }

  // ── Console ──

  async consoleProducts() {
    const [rows, holdings] = await Promise.all([listProducts(this.db, false), productHoldings(this.db)]);
    return rows.map((r) => {
      const h = holdings.find((x) => x.productId === r.product.id);
      return {
        ...productView(r),
        sold: str(r.product.sold),
        sort: r.product.sort,
        orders: h?.orders ?? 0,
        hosting: str(h?.hosting ?? '0'),
        created_at: r.product.createdAt.toISOString(),
        updated_at: r.product.updatedAt.toISOString(),
      };
    });
  }

  async createProduct(request: FastifyRequest, input: ProductInput) {
    const values = await productValues(this.db, input);
    return this.db.transaction(async (tx) => {
      const row = await insertProduct(tx, values);
      await audit(tx, request, 'wealth.product.create', `wealth_product:${row.id}`, null, row);
      return this.consoleProduct(tx, row.id);
    });
  }

  /** Edits a product's terms; orders already bought keep theirs. */
  async editProduct(request: FastifyRequest, id: number, input: ProductInput) {
    return this.db.transaction(async (tx) => {
      const before = await lockProduct(tx, id);
      if (!before) throw new AppError('not_found');
      const values = await productValues(tx, input, before);
      const after = await updateProduct(tx, id, values);
      await audit(tx, request, 'wealth.product.edit', `wealth_product:${id}`, before, after);
      return this.consoleProduct(tx, id);
    });
  }

  async setStatus(request: FastifyRequest, id: number, status: 'active' | 'paused') {
    return this.db.transaction(async (tx) => {
      const before = await lockProduct(tx, id);
      if (!before) throw new AppError('not_found');
      await updateProduct(tx, id, { status });
      await audit(
        tx,
        request,
        status === 'paused' ? 'wealth.product.pause' : 'wealth.product.resume',
        `wealth_product:${id}`,
        { status: before.status },
        { status },
      );
      return this.consoleProduct(tx, id);
    });
  }

  private async consoleProduct(db: Db, id: number) {
    const row = await findProduct(db, id);
    return { ...productView(row!), sold: str(row!.product.sold), sort: row!.product.sort };
  }

  async consoleOrders(filter: { status?: OrderStatus; productId?: number }, page: number, limit: number) {
    const { total, rows } = await listOrders(this.db, filter, limit, (page - 1) * limit);
    return {
      list: rows.map((r) => ({
        ...this.orderView(r.order, r.currencyName, r.decimals),
        user: { id: r.order.userId, email: r.email, phone: r.phone },
      })),
      total,
      page,
      limit,
    };
  }

  // ── The daily job ──

  /** Credits every due day now; returns what it did. Runs are serialised within the process. */
  async accrue() {
    const run = (this.running ?? Promise.resolve()).then(() => runAccrual(this.db, this.now()));
    this.running = run.catch(() => undefined);
    return run;
  }

  /**
   * Runs the accrual at start (catching up any downtime) and then every few minutes: a day's interest
   * is due from 00:00 UTC of the next day (once the day has been held), and a short interval keeps that close without caring which node ran last.
   */
  start(intervalMs = 5 * 60_000, log?: (error: unknown) => void) {
    if (this.timer) return;
    const tick = () => void this.accrue().catch((error) => log?.(error));
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}

export type ProductInput = {
  currency_id?: number;
  day?: number;
  save_min?: unknown;
  save_max?: unknown;
  interest_rate?: unknown;
  penalty_rate?: unknown;
  total_cap?: unknown;
  status?: 'active' | 'paused';
  sort?: number;
};

/**
 * Rates are typed in percent per day with at most 4 decimals (0.0001 % steps), up to 100 %. `fallback`
 * (a field left out of an edit) is in percent too, and is converted like a typed value: returned as it
 * was, an edit that left the damages rate out stored 0.6 % as 60 % a day.
 */
function parseRate(raw: unknown, field: string, fallback?: string): Dec {
  if ((raw === undefined || raw === '') && fallback !== undefined) return fromPercent(fallback);
  const value = parseAmountOrZero(raw, 4, field, new D(-1));
  if (value.lt(0)) throw new AppError('field_required', { fields: { [field]: 'field_required' } });
  if (value.gt(100)) throw new AppError('field_invalid', { fields: { [field]: 'field_invalid' } });
  return fromPercent(value);
}

/**
 * A product's values from the console's form: a coin, 1..3650 days, minimum ≤ maximum (both in the
 * coin's decimals), a daily yield above zero, a damages rate above zero (defaults to the yield, as in
 * the spec's example), an optional cap not below what was already sold. Fields left out of an edit keep their value.
 */
async function productValues(db: Db, input: ProductInput, before?: ProductRow) {
  const currencyId = before ? before.currencyId : input.currency_id;
  if (before && input.currency_id !== undefined && input.currency_id !== before.currencyId) {
    // Orders of a product are in its coin; a different coin is a different product.
    throw new AppError('field_invalid', { fields: { currency_id: 'field_invalid' } });
  }
  const coin = await requireCurrency(db, currencyId, 'currency_id');
  const days = input.day ?? before?.days;
  if (days === undefined) throw new AppError('field_required', { fields: { day: 'field_required' } });
  const amountOr = (raw: unknown, field: string, fallback?: string) =>
    (raw === undefined || raw === '') && fallback !== undefined ? new D(fallback) : parseAmount(raw, coin.decimals, field);
  const min = amountOr(input.save_min, 'save_min', before?.minAmount);
  const max = amountOr(input.save_max, 'save_max', before?.maxAmount);
  if (max.lt(min)) throw new AppError('field_invalid', { fields: { save_max: 'field_invalid' } });
  const dailyRate = parseRate(input.interest_rate, 'interest_rate', before?.dailyRate && percent(before.dailyRate));
  if (dailyRate.isZero()) throw new AppError('field_invalid', { fields: { interest_rate: 'field_invalid' } });
  const penaltyRate = parseRate(input.penalty_rate, 'penalty_rate', before ? percent(before.penaltyRate) : percent(dailyRate));
  // Every product can be redeemed early: with no damages a user could take the daily yield and leave
  // at any time for free, so a rate of 0 is refused (an old product saved with 0 must be given one).
  if (penaltyRate.isZero())
    throw new AppError('wealth_penalty_rate_zero', { fields: { penalty_rate: 'wealth_penalty_rate_zero' } });
  let totalCap: string | null = before?.totalCap ?? null;
  if (input.total_cap !== undefined) {
    totalCap =
      input.total_cap === '' || input.total_cap === null ? null : str(parseAmount(input.total_cap, coin.decimals, 'total_cap'));
    if (totalCap !== null && before && new D(totalCap).lt(before.sold)) {
      throw new AppError('field_invalid', { fields: { total_cap: 'field_invalid' } });
    }
  }
  return {
    currencyId: coin.id,
    days,
    minAmount: str(min),
    maxAmount: str(max),
    dailyRate: str(dailyRate),
    penaltyRate: str(penaltyRate),
    totalCap,
    status: input.status ?? before?.status ?? 'active',
    sort: input.sort ?? before?.sort ?? 0,
  };
}
