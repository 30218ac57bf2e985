import { subscriptionApi } from '@app/shared';
import { D, type Dec } from '../../lib/money.js';

/**
 * What users see of a project (spec section 4: during subscription, under review, passed, launched,
 * sold out; plus "upcoming" before the window opens), derived from what operators did (`status`) and
 * the clock:
 * - `upcoming` — open, before `start_at`;
 * - `subscribing` — open, inside the window, demand below the offering;
 * - `sold_out` — open, inside the window, demand at or above the offering: orders are still taken and
 *   every order is then scaled down pro-rata at allocation (the page says so);
 * - `under_review` — the window has ended or an operator closed it; waiting for allocation;
 * - `passed` — allocated: quantities fixed, the excess refunded;
 * - `launched` — the coin exists and was credited (locked until the lock-up ends).
 */
export const PHASES = subscriptionApi.PHASES;
export type Phase = subscriptionApi.Phase;

export type ProjectState = {
  status: string;
  startAt: Date;
  endAt: Date;
  issuePrice: string;
  totalSupply: string;
};

export const offeringValue = (p: Pick<ProjectState, 'issuePrice' | 'totalSupply'>): Dec =>
  new D(p.issuePrice).times(p.totalSupply);

export function projectPhase(p: ProjectState, demand: Dec | string, now: Date): Phase {
  if (p.status === 'launched') return 'launched';
  if (p.status === 'allocated') return 'passed';
  if (p.status === 'closed' || now >= p.endAt) return 'under_review';
  if (now < p.startAt) return 'upcoming';
  return new D(demand).gte(offeringValue(p)) ? 'sold_out' : 'subscribing';
}

/** Orders are taken only while the window is open and no operator has closed it. */
export const acceptsOrders = (phase: Phase) => phase === 'subscribing' || phase === 'sold_out';

/**
 * An order's state as `lh/send/order_list` shows it (`exam_status`): the project's phase while the
 * order waits, then the order's own progress.
 */
export function orderPhase(order: { status: string }, projectPhaseNow: Phase): Phase {
  if (order.status === 'launched') return 'launched';
  if (order.status === 'allocated') return 'passed';
  return projectPhaseNow === 'upcoming' ? 'subscribing' : projectPhaseNow;
}
