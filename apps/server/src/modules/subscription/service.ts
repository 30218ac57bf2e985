import { type Lang, subscriptionApi } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { ledgerAccounts, subscriptionOrders } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { parseAmount } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { D, str } from '../../lib/money.js';
import { type LivePrices, usdtPrices } from '../../lib/valuation.js';
import { acceptsOrders, projectPhase } from './phase.js';
import {
  demandByProject,
  findProject,
  insertOrder,
  listProjects,
  listUserOrders,
  lockProject,
  type ProjectRow,
  userSubscribed,
} from './repo.js';
import { orderView, type PriceNow, type ProjectContext, projectView } from './views.js';

/**
 * The user's side of new-coin subscription (`lh/send/*`): the projects, one project with the user's
 * quota, subscribing (the amount frozen in the coin account through the ledger), and the user's orders
 * with their returns.
 */

export type Deps = { db: Db; live?: LivePrices; now?: () => Date };

const nowOf = (deps: Deps) => deps.now?.() ?? new Date();

/**
 * Price of one new coin in the subscription currency: after launch, the coins' USDT index prices
 * (the new pair's, and the subscription currency's: 1 for USDT) — the operators' fallback price only
 * until the feed has one, flagged as demo; before launch, the issue price.
 */
export async function priceSource(deps: Deps): Promise<PriceNow> {
  const { prices, demo } = await usdtPrices(deps.db, deps.live);
  return (p: ProjectRow) => {
    if (p.status !== 'launched' || p.currencyId === null) return { price: new D(p.issuePrice), market: false, demo: false };
    const coin = prices.get(p.currencyId);
    const pay = prices.get(p.subscribeCurrencyId);
    if (!coin || !pay || pay.isZero()) return { price: new D(p.issuePrice), market: false, demo: false };
    return { price: coin.dividedBy(pay), market: true, demo };
  };
}

async function contexts(db: Db, rows: Awaited<ReturnType<typeof listProjects>>): Promise<ProjectContext[]> {
  const demand = await demandByProject(
    db,
    rows.map((r) => r.project.id),
  );
  return rows.map((r) => ({
    project: r.project,
    payName: r.payName,
    payDecimals: r.payDecimals,
    demand: demand.get(r.project.id)?.demand ?? '0',
    subscribers: demand.get(r.project.id)?.subscribers ?? 0,
  }));
}

async function contextOf(db: Db, id: number): Promise<ProjectContext> {
  const row = await findProject(db, id);
  if (!row) throw new AppError('not_found', { fields: { id: 'not_found' } });
  const [ctx] = await contexts(db, [row]);
  return ctx!;
}

/** `lh/send/config`: every project, those still open first (by start time), then the rest newest first. */
export async function projectList(deps: Deps, lang: Lang) {
  const now = nowOf(deps);
  const [ctxs, price] = await Promise.all([
    listProjects(deps.db, { limit: 100 }).then((r) => contexts(deps.db, r)),
    priceSource(deps),
  ]);
  const views = ctxs.map((c) => projectView(c, lang, now, price));
  const rank = (phase: string) => (phase === 'subscribing' || phase === 'sold_out' ? 0 : phase === 'upcoming' ? 1 : 2);
  return views.sort((a, b) => rank(a.phase) - rank(b.phase) || (rank(a.phase) < 2 ? a.start_at.localeCompare(b.start_at) : 0));
}

/** `lh/send/get_recommend`: up to three projects worth showing on home (open or upcoming first). */
export async function recommended(deps: Deps, lang: Lang) {
  return (await projectList(deps, lang)).slice(0, 3);
}

/** `lh/send/product_info`: one project, and for a signed-in user their quota and balance. */
export async function productInfo(deps: Deps, lang: Lang, id: number, userId?: number) {
  const now = nowOf(deps);
  const [ctx, price] = await Promise.all([contextOf(deps.db, id), priceSource(deps)]);
  const view = projectView(ctx, lang, now, price);
  if (userId === undefined) return { ...view, mine: null };
  const subscribed = new D(await userSubscribed(deps.db, id, userId));
  const [balance] = await deps.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.userId, userId),
        eq(ledgerAccounts.kind, 'coin'),
        eq(ledgerAccounts.currencyId, ctx.project.subscribeCurrencyId),
      ),
    )
    .limit(1);
  return {
    ...view,
    mine: {
      subscribed: str(subscribed),
      remaining: str(D.max(0, new D(ctx.project.maxAmount).minus(subscribed))),
      available: str(balance?.available ?? '0'),
    },
  };
}

/**
 * `lh/send/order`: subscribes `amount` of the subscription currency. Checks, in this order: the project
 * exists (`not_found`), the window is open (`subscription_not_started` / `subscription_ended`), the
 * amount (`amount_required`, `amount_invalid`, `amount_too_precise` beyond the currency's decimals),
 * at least the minimum (`amount_below_min`), the user's total within the maximum
 * (`subscription_limit_exceeded`), then the coin account's available balance (`insufficient_balance`).
 * The project row is locked while deciding, so parallel orders are decided one at a time against the
 * quota, and the freeze is a ledger entry in the same transaction as the order.
 */
export async function subscribe(deps: Deps, userId: number, id: number, rawAmount: unknown) {
  const ctx = await contextOf(deps.db, id);
  const check = (project: ProjectRow, demand: string) => {
    const phase = projectPhase(project, demand, nowOf(deps));
    if (phase === 'upcoming')
      throw new AppError('subscription_not_started', { values: { start: project.startAt.toISOString() } });
    if (!acceptsOrders(phase)) throw new AppError('subscription_ended');
  };
  check(ctx.project, ctx.demand);
  const amount = parseAmount(rawAmount, ctx.payDecimals, 'amount');
  const min = new D(ctx.project.minAmount);
  if (amount.lt(min)) {
    throw new AppError('amount_below_min', { fields: { amount: 'amount_below_min' }, values: { min: str(min) } });
  }

  const order = await deps.db.transaction(async (tx) => {
    const project = await lockProject(tx, id);
    if (!project) throw new AppError('not_found');
    const demand = (await demandByProject(tx, [id])).get(id)?.demand ?? '0';
    check(project, demand);
    const used = new D(await userSubscribed(tx, id, userId));
    const max = new D(project.maxAmount);
    if (used.plus(amount).gt(max)) {
      throw new AppError('subscription_limit_exceeded', {
        fields: { amount: 'subscription_limit_exceeded' },
        values: { max: str(max), left: str(D.max(0, max.minus(used))) },
      });
    }
    const row = await insertOrder(tx, { projectId: id, userId, amount: str(amount) });
    const account = { userId, kind: 'coin' as const, currencyId: project.subscribeCurrencyId };
    try {
      await postEntry(tx, { reason: 'subscription_freeze', refType: 'subscription_order', refId: row.id }, [
        { account, bucket: 'available', amount: amount.negated() },
        { account, bucket: 'frozen', amount },
      ]);
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_balance') {
        throw new AppError('insufficient_balance', { fields: { amount: 'insufficient_balance' } });
      }
      throw error;
    }
    return row;
  });
  const fresh = await contextOf(deps.db, id);
  return orderView(order, fresh, nowOf(deps), await priceSource(deps));
}

export const ORDER_FILTERS = subscriptionApi.ORDER_STATES;
export type OrderFilter = subscriptionApi.OrderState;

/** `lh/send/order_list`: the user's subscriptions, newest first, with status and returns. */
export async function userOrders(deps: Deps, userId: number, status: OrderFilter | undefined, page: number, limit: number) {
  const where = status ? eq(subscriptionOrders.status, status) : undefined;
  const { total, rows } = await listUserOrders(deps.db, userId, { where }, limit, (page - 1) * limit);
  const demand = await demandByProject(deps.db, [...new Set(rows.map((r) => r.project.id))]);
  const price = await priceSource(deps);
  const now = nowOf(deps);
  const list = rows.map((r) =>
    orderView(
      r.order,
      {
        project: r.project,
        payName: r.payName,
        payDecimals: r.payDecimals,
        demand: demand.get(r.project.id)?.demand ?? '0',
        subscribers: demand.get(r.project.id)?.subscribers ?? 0,
      },
      now,
      price,
    ),
  );
  return { list, total, page, limit };
}
