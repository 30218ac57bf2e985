import { LANGS, type Lang, type subscriptionApi } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { postEntry } from '../../ledger/ledger.js';
import { parseAmount } from '../../lib/amounts.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { requireCurrency } from '../../lib/currencies.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { D, type Dec, parseAmountText, str } from '../../lib/money.js';
import { notifyUser } from '../messages/service.js';
import { allocate } from './allocation.js';
import { projectPhase } from './phase.js';
import {
  consoleProjectOrders,
  demandByProject,
  findProject,
  insertCurrency,
  insertProject,
  lockProject,
  type ProjectRow,
  projectCodeTaken,
  projectOrders,
  projectsPage,
  setOrderAllocation,
  setOrderLaunched,
  updateProject,
} from './repo.js';

/**
 * The operators' side: define and edit projects, close a subscription, run the allocation, launch the
 * coin. Each step is one transaction with its audit row (lib/audit.ts, before/after); a step in the
 * wrong state answers `subscription_state_invalid` and changes nothing.
 */

const DAY_MS = 86_400_000;
/** Codes look like the base coins': 2–10 capital letters or digits, starting with a letter. */
const CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/;
/** An issue price may be finer than the subscription currency (0.0001234 USDT a coin). */
const PRICE_DECIMALS = 10;
const MAX_COIN_DECIMALS = 8;

export type ProjectInput = {
  code?: string;
  name?: string;
  decimals?: number;
  subscribe_currency_id?: number;
  issue_price?: unknown;
  total_supply?: unknown;
  min_amount?: unknown;
  max_amount?: unknown;
  start_at?: Date;
  end_at?: Date;
  launch_at?: Date;
  lock_days?: number;
  introduction?: Partial<Record<Lang, string>>;
};

const invalid = (field: string) => new AppError('field_invalid', { fields: { [field]: 'field_invalid' } });
const required = (field: string) => new AppError('field_required', { fields: { [field]: 'field_required' } });

function priceOf(raw: unknown, field: string): Dec {
  const parsed = parseAmountText(raw, PRICE_DECIMALS);
  if (!parsed.ok) throw new AppError(parsed.code, { fields: { [field]: parsed.code }, values: { decimals: PRICE_DECIMALS } });
  return parsed.value;
}

/** The project as stored, in the API's words (console lists and audit rows). */
export function consoleProject(p: ProjectRow): subscriptionApi.ConsoleProject {
  return {
    id: p.id,
    code: p.code,
    name: p.name,
    decimals: p.decimals,
    subscribe_currency_id: p.subscribeCurrencyId,
    issue_price: str(p.issuePrice),
    total_supply: str(p.totalSupply),
    min_amount: str(p.minAmount),
    max_amount: str(p.maxAmount),
    start_at: p.startAt.toISOString(),
    end_at: p.endAt.toISOString(),
    launch_at: p.launchAt.toISOString(),
    lock_days: p.lockDays,
    introduction: p.introduction as Record<string, string>,
    status: p.status,
    closed_at: p.closedAt?.toISOString() ?? null,
    allocated_at: p.allocatedAt?.toISOString() ?? null,
    launched_at: p.launchedAt?.toISOString() ?? null,
    currency_id: p.currencyId,
    pair_id: p.pairId,
    launch_price: p.launchPrice === null ? null : str(p.launchPrice),
  };
}

/** Validates a whole project (create) or the merge of an existing one with the changes (edit). */
async function validated(db: Db, input: ProjectInput, existing?: ProjectRow) {
  const code = (input.code ?? existing?.code ?? '').trim().toUpperCase();
  if (!code) throw required('code');
  if (!CODE_PATTERN.test(code)) throw invalid('code');
  if (code !== existing?.code && (await projectCodeTaken(db, code, existing?.id))) {
    throw new AppError('currency_code_taken', { fields: { code: 'currency_code_taken' } });
  }
  const name = (input.name ?? existing?.name ?? '').trim();
  if (!name) throw required('name');
  if (name.length > 60) throw invalid('name');
  const decimals = input.decimals ?? existing?.decimals;
  if (decimals === undefined) throw required('decimals');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_COIN_DECIMALS) throw invalid('decimals');
  const pay = await requireCurrency(db, input.subscribe_currency_id ?? existing?.subscribeCurrencyId, 'subscribe_currency_id');
  const issuePrice = priceOf(input.issue_price ?? existing?.issuePrice, 'issue_price');
  const totalSupply = parseAmount(input.total_supply ?? existing?.totalSupply, decimals, 'total_supply');
  const minAmount = parseAmount(input.min_amount ?? existing?.minAmount, pay.decimals, 'min_amount');
  const maxAmount = parseAmount(input.max_amount ?? existing?.maxAmount, pay.decimals, 'max_amount');
  if (maxAmount.lt(minAmount)) throw invalid('max_amount');
  const startAt = input.start_at ?? existing?.startAt;
  const endAt = input.end_at ?? existing?.endAt;
  const launchAt = input.launch_at ?? existing?.launchAt;
  if (!startAt) throw required('start_at');
  if (!endAt) throw required('end_at');
  if (!launchAt) throw required('launch_at');
  if (endAt <= startAt) throw new AppError('time_range_invalid', { fields: { end_at: 'time_range_invalid' } });
  if (launchAt < endAt) throw new AppError('time_range_invalid', { fields: { launch_at: 'time_range_invalid' } });
  const lockDays = input.lock_days ?? existing?.lockDays;
  if (lockDays === undefined) throw required('lock_days');
  if (!Number.isInteger(lockDays) || lockDays < 0 || lockDays > 3650) throw invalid('lock_days');
  const introduction: Record<string, string> = { ...((existing?.introduction as Record<string, string>) ?? {}) };
  for (const lang of LANGS) {
    const text = input.introduction?.[lang];
    if (text === undefined) continue;
    if (text.trim()) introduction[lang] = text.trim();
    else delete introduction[lang];
  }
  if (!Object.values(introduction).some(Boolean)) throw required('introduction');
  return {
    code,
    name,
    decimals,
    subscribeCurrencyId: pay.id,
    issuePrice: str(issuePrice),
    totalSupply: str(totalSupply),
    minAmount: str(minAmount),
    maxAmount: str(maxAmount),
    startAt,
    endAt,
    launchAt,
    lockDays,
    introduction,
  };
}

export async function createProject(db: Db, request: FastifyRequest, input: ProjectInput) {
  const values = await validated(db, input);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertProject(tx, values);
      await audit(tx, request, 'subscription.create', `subscription_project:${row.id}`, null, consoleProject(row));
      return consoleProject(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('currency_code_taken', { fields: { code: 'currency_code_taken' } });
    throw error;
  }
}

/** Fields that fix what subscribers agreed to: frozen once anyone has subscribed. */
const TERMS = ['code', 'decimals', 'subscribe_currency_id', 'issue_price', 'total_supply', 'min_amount', 'max_amount'] as const;

/**
 * Edits a project while it is still open. Once anyone has subscribed, its terms (price, supply,
 * limits, currencies) stay as they were when they subscribed; the times, lock-up and texts may change.
 */
export async function editProject(db: Db, request: FastifyRequest, id: number, input: ProjectInput) {
  const found = await findProject(db, id);
  if (!found) throw new AppError('not_found');
  const values = await validated(db, input, found.project);
  return db.transaction(async (tx) => {
    const before = await lockProject(tx, id);
    if (!before) throw new AppError('not_found');
    if (before.status !== 'open') throw new AppError('subscription_state_invalid', { values: { status: before.status } });
    const hasOrders = ((await demandByProject(tx, [id])).get(id)?.orders ?? 0) > 0;
    if (hasOrders) {
      const now = consoleProject({ ...before, ...values } as ProjectRow);
      const was = consoleProject(before);
      const changed = TERMS.find((k) => now[k] !== was[k]);
      if (changed) throw new AppError('subscription_terms_locked', { fields: { [changed]: 'subscription_terms_locked' } });
    }
    const row = await updateProject(tx, id, values);
    await audit(tx, request, 'subscription.edit', `subscription_project:${id}`, consoleProject(before), consoleProject(row));
    return consoleProject(row);
  });
}

/** Ends the subscription window now (before its end time, or to mark it ended). */
export async function closeProject(db: Db, request: FastifyRequest, id: number) {
  return db.transaction(async (tx) => {
    const before = await lockProject(tx, id);
    if (!before) throw new AppError('not_found');
    if (before.status !== 'open') throw new AppError('subscription_state_invalid', { values: { status: before.status } });
    const row = await updateProject(tx, id, { status: 'closed', closedAt: new Date() });
    await audit(
      tx,
      request,
      'subscription.close',
      `subscription_project:${id}`,
      { status: before.status },
      { status: row.status, closed_at: row.closedAt },
    );
    return consoleProject(row);
  });
}

/**
 * Runs the allocation (allocation.ts) once the window is over (closed by an operator, or past its end
 * time): each order's quantity, cost and refund are stored; the cost leaves the user's frozen balance
 * for the issuer (the platform's `house` account), the refund returns to available. One transaction:
 * either every order is allocated or none.
 */
export async function allocateProject(db: Db, request: FastifyRequest, id: number, now = new Date()) {
  const found = await findProject(db, id);
  if (!found) throw new AppError('not_found');
  return db.transaction(async (tx) => {
    const before = await lockProject(tx, id);
    if (!before) throw new AppError('not_found');
    const ended = before.status === 'closed' || (before.status === 'open' && now >= before.endAt);
    if (!ended) throw new AppError('subscription_state_invalid', { values: { status: before.status } });
    const orders = await projectOrders(tx, id, 'pending');
    const result = allocate({
      price: before.issuePrice,
      supply: before.totalSupply,
      coinDecimals: before.decimals,
      payDecimals: found.payDecimals,
      orders: orders.map((o) => ({ id: o.id, amount: o.amount })),
    });
    const byId = new Map(orders.map((o) => [o.id, o]));
    for (const a of result.orders) {
      const order = byId.get(a.id)!;
      await setOrderAllocation(tx, a.id, { quantity: str(a.quantity), cost: str(a.cost), refund: str(a.refund) });
      const account = { userId: order.userId, kind: 'coin' as const, currencyId: before.subscribeCurrencyId };
      if (a.cost.gt(0)) {
        await postEntry(tx, { reason: 'subscription_paid', refType: 'subscription_order', refId: a.id }, [
          { account, bucket: 'frozen', amount: a.cost.negated() },
          { account: { system: 'house', currencyId: before.subscribeCurrencyId }, bucket: 'available', amount: a.cost },
        ]);
      }
      if (a.refund.gt(0)) {
        await postEntry(tx, { reason: 'subscription_refund', refType: 'subscription_order', refId: a.id }, [
          { account, bucket: 'frozen', amount: a.refund.negated() },
          { account, bucket: 'available', amount: a.refund },
        ]);
      }
      await notifyUser(tx, order.userId, 'settlement', 'subscription_allocated', {
        coin: before.code,
        quantity: str(a.quantity),
        cost: str(a.cost),
        refund: str(a.refund),
        currency: found.payName,
      });
    }
    const row = await updateProject(tx, id, { status: 'allocated', allocatedAt: now, closedAt: before.closedAt ?? now });
    const summary = {
      status: row.status,
      orders: result.orders.length,
      demand: str(result.demand),
      oversubscribed: result.oversubscribed,
      allocated: str(result.allocated),
      unallocated: str(result.unallocated),
      proceeds: str(result.proceeds),
      refunded: str(result.refunded),
    };
    await audit(tx, request, 'subscription.allocate', `subscription_project:${id}`, { status: before.status }, summary);
    return { project: consoleProject(row), allocation: summary };
  });
}

/** Lists the new coin's USDT pair (the spot module's runtime listing): the pair id and symbol. */
export type PairLister = (input: { currencyId: number; price: string }) => Promise<{ pairId: number; symbol: string }>;

/**
 * Launches an allocated project: the new coin comes into being (a `currencies` row, next free id from
 * 100), every allocated quantity is credited to its subscriber's coin account from the issuer
 * (`house`), frozen until the lock-up ends (released by the unlock job, unlock.ts) or at once with no
 * lock-up; then its USDT pair is listed at `price`. The credit is one transaction; the listing runs
 * after it, and when it fails the project stays launched without a pair and launching again retries
 * only the listing.
 */
export async function launchProject(
  db: Db,
  request: FastifyRequest,
  id: number,
  input: { price?: unknown },
  listPair: PairLister | undefined,
  now = new Date(),
) {
  const found = await findProject(db, id);
  if (!found) throw new AppError('not_found');
  const price = input.price === undefined || input.price === '' ? undefined : priceOf(input.price, 'price');
  let project = found.project;
  if (project.status === 'allocated') {
    // The pair is against USDT: the default opening price is the issue price converted to USDT.
    const pay = await requireCurrency(db, project.subscribeCurrencyId);
    const usdtPerPay = pay.id === 3 ? new D(1) : new D(pay.fallbackPrice);
    const openPrice = price ?? new D(project.issuePrice).times(usdtPerPay);
    if (!openPrice.gt(0)) throw new AppError('field_required', { fields: { price: 'field_required' } });
    project = await db.transaction(async (tx) => {
      const before = await lockProject(tx, id);
      if (!before) throw new AppError('not_found');
      if (before.status !== 'allocated') throw new AppError('subscription_state_invalid', { values: { status: before.status } });
      let currencyId: number;
      try {
        currencyId = await insertCurrency(tx, {
          name: before.code,
          fullName: before.name,
          decimals: before.decimals,
          fallbackPrice: str(openPrice),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('currency_code_taken', { fields: { code: 'currency_code_taken' } });
        throw error;
      }
      const unlockAt = new Date(now.getTime() + before.lockDays * DAY_MS);
      const locked = before.lockDays > 0;
      let credited = new D(0);
      for (const order of await projectOrders(tx, id, 'allocated')) {
        const quantity = new D(order.quantity ?? 0);
        if (quantity.gt(0)) {
          await postEntry(
            tx,
            { reason: locked ? 'subscription_coin_locked' : 'subscription_coin', refType: 'subscription_order', refId: order.id },
            [
              { account: { system: 'house', currencyId }, bucket: 'available', amount: quantity.negated() },
              {
                account: { userId: order.userId, kind: 'coin', currencyId },
                bucket: locked ? 'frozen' : 'available',
                amount: quantity,
              },
            ],
          );
          credited = credited.plus(quantity);
        }
        await setOrderLaunched(tx, order.id, unlockAt, !locked || quantity.isZero());
        if (quantity.gt(0)) {
          await notifyUser(tx, order.userId, 'settlement', 'subscription_launched', {
            coin: before.code,
            quantity: str(quantity),
            days: before.lockDays,
          });
        }
      }
      const row = await updateProject(tx, id, { status: 'launched', launchedAt: now, currencyId, launchPrice: str(openPrice) });
      await audit(
        tx,
        request,
        'subscription.launch',
        `subscription_project:${id}`,
        { status: before.status },
        {
          status: row.status,
          currency_id: currencyId,
          credited: str(credited),
          unlock_at: unlockAt,
          launch_price: str(openPrice),
        },
      );
      return row;
    });
  } else if (project.status !== 'launched' || project.pairId !== null) {
    throw new AppError('subscription_state_invalid', { values: { status: project.status } });
  }
  const listed = await listLaunchedPair(db, request, project, listPair);
  return { project: consoleProject(listed), listed: listed.pairId !== null };
}

async function listLaunchedPair(db: Db, request: FastifyRequest, project: ProjectRow, listPair: PairLister | undefined) {
  if (!listPair || project.currencyId === null || project.pairId !== null) return project;
  try {
    const pair = await listPair({ currencyId: project.currencyId, price: str(project.launchPrice ?? project.issuePrice) });
    return db.transaction(async (tx) => {
      const row = await updateProject(tx, project.id, { pairId: pair.pairId });
      await audit(
        tx,
        request,
        'subscription.list_pair',
        `subscription_project:${project.id}`,
        { pair_id: null },
        {
          pair_id: pair.pairId,
          symbol: pair.symbol,
        },
      );
      return row;
    });
  } catch (error) {
    request.log.error({ err: error, project: project.id }, 'listing the launched coin failed; launch again to retry');
    return project;
  }
}

/** The console's list: projects with their demand, newest start first. */
export async function consoleProjects(db: Db, page: number, limit: number, now = new Date()) {
  const { rows, total } = await projectsPage(db, { limit, offset: (page - 1) * limit });
  const demand = await demandByProject(
    db,
    rows.map((r) => r.project.id),
  );
  return {
    list: rows.map((r) => {
      const d = demand.get(r.project.id);
      return {
        ...consoleProject(r.project),
        subscribe_currency_name: r.payName,
        phase: projectPhase(r.project, d?.demand ?? '0', now),
        demand: str(d?.demand ?? '0'),
        orders: d?.orders ?? 0,
        subscribers: d?.subscribers ?? 0,
      };
    }),
    total,
    page,
    limit,
  };
}

export async function consoleOrders(db: Db, projectId: number, page: number, limit: number) {
  if (!(await findProject(db, projectId))) throw new AppError('not_found');
  const { total, rows } = await consoleProjectOrders(db, projectId, limit, (page - 1) * limit);
  return {
    list: rows.map((r) => ({
      id: r.order.id,
      user: { id: r.order.userId, email: r.email, phone: r.phone, area_code: r.areaCode },
      amount: str(r.order.amount),
      status: r.order.status,
      quantity: r.order.quantity === null ? null : str(r.order.quantity),
      cost: r.order.cost === null ? null : str(r.order.cost),
      refund: r.order.refund === null ? null : str(r.order.refund),
      unlock_at: r.order.unlockAt?.toISOString() ?? null,
      unlocked_at: r.order.unlockedAt?.toISOString() ?? null,
      created_at: r.order.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}
