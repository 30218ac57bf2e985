import { checkAmount, compareDecimal, divideDecimal, isPositiveDecimal, multiplyDecimal } from '@app/shared';

/**
 * The buy page's figures, computed exactly as the server does (interest.ts): one day's interest is
 * amount × daily rate rounded down at the coin's decimals, and every day pays the same. Rates arrive
 * in percent per day. The server stays the judge; these are previews.
 */

/** One day's interest of `amount` at `ratePercent` a day; null until the amount is a positive number. */
export function dailyIncome(amount: string, ratePercent: string, decimals: number): string | null {
  const text = amount.trim();
  if (!isPositiveDecimal(text)) return null;
  return divideDecimal(multiplyDecimal(text, ratePercent), '100', decimals);
}

/** Expected income of `days` days (the cycle, or the 30 days the spec's maximum yield is stated for). */
export function incomeOver(amount: string, ratePercent: string, days: number, decimals: number): string | null {
  const daily = dailyIncome(amount, ratePercent, decimals);
  return daily === null ? null : multiplyDecimal(daily, String(days));
}

/**
 * Early-redemption damages as the rule page explains them: rate × remaining days × amount (rounded
 * up at the coin's decimals, never beyond the amount). Used for the rule page's worked example.
 */
export function damagesFor(amount: string, ratePercent: string, remainingDays: number): string {
  return divideDecimal(multiplyDecimal(multiplyDecimal(amount, ratePercent), String(remainingDays)), '100', 18);
}

export type BuyAmountError = ReturnType<typeof checkAmount> | 'amount_above_max';

/**
 * The amount field's error code, in the server's order: required, a plain positive number, the coin's
 * decimals, the product's minimum and maximum, then the available balance.
 */
export function buyAmountError(
  raw: string,
  rules: { decimals: number; save_min: string; save_max: string; available: string },
): BuyAmountError | undefined {
  const first = checkAmount(raw, { decimals: rules.decimals, min: rules.save_min });
  if (first) return first;
  if (compareDecimal(raw.trim(), rules.save_max) > 0) return 'amount_above_max';
  if (compareDecimal(raw.trim(), rules.available) > 0) return 'insufficient_balance';
  return undefined;
}
