import { amountTextError, isExactNumber } from '@app/shared';
import { Decimal } from 'decimal.js';

/**
 * Decimal arithmetic for money: 36 significant digits covers numeric(36,18). Quantities round down,
 * fees round up (DESIGN.md 1.2); every conversion to text is a plain decimal, never exponent form.
 */
export const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_DOWN, toExpNeg: -40, toExpPos: 40 });
export type Dec = InstanceType<typeof D>;

export const dec = (value: Decimal.Value): Dec => new D(value);

/** A plain decimal string without trailing zeros ("12.5", "0", "0.00000001"). */
export const str = (value: Decimal.Value): string => new D(value).toFixed();

/** A quantity at `decimals` places, rounded down (the user never receives more than exists). */
export const roundDown = (value: Decimal.Value, decimals: number): Dec => new D(value).toDecimalPlaces(decimals, D.ROUND_DOWN);

/** A fee at `decimals` places, rounded up (the platform never charges less than its rate). */
export const roundUp = (value: Decimal.Value, decimals: number): Dec => new D(value).toDecimalPlaces(decimals, D.ROUND_UP);

/**
 * Parses a user's amount for a coin with `decimals` places: empty → amount_required; not a plain
 * positive number → amount_invalid; more places than the coin has → amount_too_precise. Throws the
 * error code for the caller to wrap (see lib/amounts.ts).
 */
export function parseAmountText(
  raw: unknown,
  decimals: number,
): { ok: true; value: Dec } | { ok: false; code: 'amount_required' | 'amount_invalid' | 'amount_too_precise' } {
  // A JSON number past 15 significant digits may not be what was typed (9007199254740993 arrives as
  // ...992): such amounts must come as text.
  if (typeof raw === 'number' && !isExactNumber(raw)) return { ok: false, code: 'amount_invalid' };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  // The rule itself is the apps' too (@app/shared amountTextError); decimal.js takes over once it passes.
  const code = amountTextError(text, decimals);
  if (code) return { ok: false, code };
  const value = new D(text);
  return { ok: true, value };
}
