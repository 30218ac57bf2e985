import { type AmountError, ceilDecimal, checkAmount, compareDecimal, divideDecimal, multiplyDecimal } from '@app/shared';
import type { ProjectInfo } from './api/subscription-api';

export type PurchaseError = AmountError | 'subscription_limit_exceeded';

/** Whether the project's subscription window is open: subscribing, or sold out before it closes. */
export function windowOpen(info: Pick<ProjectInfo, 'phase'>): boolean {
  return info.phase === 'subscribing' || info.phase === 'sold_out';
}

/**
 * The purchase form's checks, in the server's order (docs/api-subscription.md): a plain positive
 * amount with at most the subscription currency's decimals, at least the minimum, within what is left
 * of the user's maximum, and covered by the available balance.
 */
export function checkPurchase(raw: string, info: ProjectInfo): PurchaseError | undefined {
  const error = checkAmount(raw, { decimals: info.subscribe_decimals, min: info.min_amount });
  if (error) return error;
  const amount = raw.trim();
  const remaining = info.mine?.remaining ?? info.max_amount;
  if (compareDecimal(amount, remaining) > 0) return 'subscription_limit_exceeded';
  if (info.mine && compareDecimal(amount, info.mine.available) > 0) return 'insufficient_balance';
  return undefined;
}

/**
 * Coins an amount buys at the issue price, cut to the coin's decimals, and what they cost (rounded up
 * to the currency, as the allocation charges). When the project is oversubscribed at allocation every
 * order gets the same share of this, and the rest is refunded.
 */
export function coinsFor(amount: string, info: Pick<ProjectInfo, 'issue_price' | 'decimals' | 'subscribe_decimals'>) {
  const quantity = divideDecimal(amount, info.issue_price, info.decimals);
  const cost = ceilDecimal(multiplyDecimal(quantity, info.issue_price), info.subscribe_decimals);
  return { quantity, cost };
}

/** The most this user can subscribe now: what is left of their maximum, within their balance. */
export function maxPurchase(info: ProjectInfo): string {
  const remaining = info.mine?.remaining ?? info.max_amount;
  if (!info.mine) return remaining;
  return compareDecimal(remaining, info.mine.available) <= 0 ? remaining : info.mine.available;
}
