import type { Lang, subscriptionApi } from '@app/shared';
import { D, type Dec, roundDown, roundUp, str } from '../../lib/money.js';
import { offeringValue, orderPhase, type Phase, projectPhase } from './phase.js';
import type { OrderRow, ProjectRow } from './repo.js';

/**
 * How `lh/send/*` shows projects and orders. Field names follow the original client where they are
 * sound (`new_currency_name`, `num`, `last_num`, `change_rate`, `day`, `online_time`, `introduction`,
 * `exam_status`); the rest are spelled out. The original's operator-set `predict_rate` ("predicted
 * return") is not offered: a return is only ever computed from a market price.
 */

export type ProjectContext = {
  project: ProjectRow;
  payName: string;
  payDecimals: number;
  demand: string;
  subscribers: number;
};

/** Price of one new coin in the subscription currency now: the market's once launched, else the issue price. */
export type PriceNow = (project: ProjectRow) => { price: Dec; market: boolean; demo: boolean };

const DAY_MS = 86_400_000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The operator's text in `lang`, else English, else any language written, and which language it is (null: none). */
export function localTextWithLang(texts: unknown, lang: Lang): { text: string; lang: Lang | null } {
  if (!texts || typeof texts !== 'object') return { text: '', lang: null };
  const record = texts as Record<string, unknown>;
  const pick = (k: string) => (typeof record[k] === 'string' ? (record[k] as string).trim() : '');
  for (const l of [lang, 'en', ...Object.keys(record)]) {
    if (pick(l)) return { text: pick(l), lang: l as Lang };
  }
  return { text: '', lang: null };
}

/** When the coins of a project become transferable: the launch (actual, else estimated) + lock-up. */
export function completionTime(p: ProjectRow): Date {
  const launch = p.launchedAt ?? p.launchAt;
  return new Date(launch.getTime() + p.lockDays * DAY_MS);
}

export function projectView(ctx: ProjectContext, lang: Lang, now: Date, priceNow: PriceNow): subscriptionApi.ProjectRow {
  const p = ctx.project;
  const phase = projectPhase(p, ctx.demand, now);
  const intro = localTextWithLang(p.introduction, lang);
  const offering = offeringValue(p);
  const demand = new D(ctx.demand);
  // Coins not yet asked for at the issue price; 0 once demand reaches the offering (sold out).
  const left = D.max(0, new D(p.totalSupply).minus(demand.dividedBy(p.issuePrice)));
  const price = priceNow(p);
  return {
    id: p.id,
    new_currency_name: p.code,
    name: p.name,
    decimals: p.decimals,
    subscribe_currency_id: p.subscribeCurrencyId,
    subscribe_currency_name: ctx.payName,
    subscribe_decimals: ctx.payDecimals,
    change_rate: str(p.issuePrice),
    issue_price: str(p.issuePrice),
    num: str(p.totalSupply),
    last_num: str(roundDown(left, p.decimals)),
    offering_value: str(offering),
    subscribed_amount: str(demand),
    subscribed_ratio: str(demand.dividedBy(offering).times(100).toDecimalPlaces(2, D.ROUND_DOWN)),
    subscribers: ctx.subscribers,
    oversubscribed: demand.gt(offering),
    min_amount: str(p.minAmount),
    max_amount: str(p.maxAmount),
    day: p.lockDays,
    lock_days: p.lockDays,
    start_at: p.startAt.toISOString(),
    end_at: p.endAt.toISOString(),
    online_time: p.launchAt.toISOString(),
    launch_at: p.launchAt.toISOString(),
    launched_at: iso(p.launchedAt),
    completion_time: completionTime(p).toISOString(),
    introduction: intro.text,
    /** The language of `introduction`: the reader's, or `en` when shown in English as the fallback. */
    introduction_lang: intro.lang,
    phase,
    status: p.status,
    currency_id: p.currencyId,
    pair_id: p.pairId,
    price: str(price.price),
    price_source: price.market ? 'market' : 'issue',
    demo_prices: price.demo,
    server_time: now.toISOString(),
  };
}

/**
 * One order with its returns. Before allocation the quantity is what the order would get if the
 * window closed now (pro-rata at the current demand); afterwards it is the allocated quantity. Gross
 * return = quantity × the price now (the new pair's market price once launched, the issue price
 * before); accumulated return = gross − what was paid; rate = accumulated ÷ paid.
 */
export function orderView(order: OrderRow, ctx: ProjectContext, now: Date, priceNow: PriceNow): subscriptionApi.OrderRow {
  const p = ctx.project;
  const projectPhaseNow = projectPhase(p, ctx.demand, now);
  const exam: Phase = orderPhase(order, projectPhaseNow);
  const amount = new D(order.amount);
  let quantity: Dec;
  let cost: Dec;
  if (order.quantity !== null && order.cost !== null) {
    quantity = new D(order.quantity);
    cost = new D(order.cost);
  } else {
    const demand = new D(ctx.demand);
    const offering = offeringValue(p);
    const exact = demand.gt(offering) ? amount.times(p.totalSupply).dividedBy(demand) : amount.dividedBy(p.issuePrice);
    quantity = roundDown(exact, p.decimals);
    cost = roundUp(quantity.times(p.issuePrice), ctx.payDecimals);
  }
  const price = priceNow(p);
  const gross = roundDown(quantity.times(price.price), ctx.payDecimals);
  const accumulated = gross.minus(cost);
  const rate = cost.isZero() ? new D(0) : accumulated.dividedBy(cost).times(100).toDecimalPlaces(2, D.ROUND_DOWN);
  const completion = order.unlockAt ?? completionTime(p);
  return {
    id: order.id,
    config_id: p.id,
    new_currency_name: p.code,
    name: p.name,
    subscribe_currency_name: ctx.payName,
    amount: str(amount),
    status: order.status,
    exam_status: exam,
    allocated: order.quantity !== null,
    quantity: str(quantity),
    cost: str(cost),
    refund: order.refund === null ? null : str(order.refund),
    issue_price: str(p.issuePrice),
    price: str(price.price),
    price_source: price.market ? 'market' : 'issue',
    demo_prices: price.demo,
    expected_gross_return: str(gross),
    accumulated_return: str(accumulated),
    total_return_rate: str(rate),
    lock_days: p.lockDays,
    completion_time: completion.toISOString(),
    locked: order.creditedAt !== null && order.unlockedAt === null,
    unlocked_at: iso(order.unlockedAt),
    created_at: order.createdAt.toISOString(),
  };
}
