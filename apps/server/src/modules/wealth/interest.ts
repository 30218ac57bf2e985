import { D, type Dec, roundDown, roundUp } from '../../lib/money.js';

/**
 * The money of a financial product, without I/O. Rates are fractions per day (0.004 = 0.4 %).
 * Days are UTC day numbers (whole days since 1970-01-01), so "the day after the purchase" is one
 * number higher whatever the hour, and a day's interest has exactly one key.
 */

export const DAY_MS = 86_400_000;

/** The UTC day number of a moment. */
export const dayNumber = (ms: number): number => Math.floor(ms / DAY_MS);

/** The moment a UTC day begins. */
export const dayStart = (day: number): Date => new Date(day * DAY_MS);

/**
 * One day's interest: amount × daily rate, rounded down at the coin's decimals (the platform never
 * pays more than the rate). Every day of an order pays the same amount.
 */
export function dailyInterest(amount: Dec | string, dailyRate: Dec | string, decimals: number): Dec {
  return roundDown(new D(amount).times(dailyRate), decimals);
}

/** The interest of a whole cycle: the daily amount times the days (each day is rounded on its own). */
export function cycleInterest(amount: Dec | string, dailyRate: Dec | string, days: number, decimals: number): Dec {
  return dailyInterest(amount, dailyRate, decimals).times(days);
}

/**
 * Early-redemption damages (spec section 9): penalty rate × remaining days × amount, rounded up at the
 * coin's decimals like every charge, and never more than the principal. The spec's example: 0.4 %,
 * 3 days, 1000 → 12 (refund 988).
 */
export function redemptionDamages(amount: Dec | string, penaltyRate: Dec | string, remainingDays: number, decimals: number): Dec {
  const principal = new D(amount);
  const damages = roundUp(new D(penaltyRate).times(remainingDays).times(principal), decimals);
  return damages.gt(principal) ? principal : damages;
}

/**
 * The interest days of an order due on `today`: the days start_day … min(today − 1, last day), as a
 * count. A day is due once it has ended (held in full), so today itself never is.
 */
export function daysDue(startDay: number, days: number, today: number): number {
  return Math.max(0, Math.min(days, today - startDay));
}

/** The moment an order matures: the end of its last interest day (00:00 UTC of the day after it). */
export const maturityDay = (startDay: number, days: number): number => startDay + days;

/** Rate as a percentage for display ("0.004" → "0.4"). */
export const percent = (fraction: Dec | string): string => new D(fraction).times(100).toFixed();

/** A percentage typed by an operator as a fraction ("0.4" → 0.004). */
export const fromPercent = (value: Dec | string): Dec => new D(value).dividedBy(100);
