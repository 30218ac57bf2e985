import { AppError } from './app-error.js';
import { D, type Dec, parseAmountText } from './money.js';

/** A user's amount for a coin, or a field error on `field` in the request's language. */
export function parseAmount(raw: unknown, decimals: number, field = 'amount'): Dec {
  const parsed = parseAmountText(raw, decimals);
  if (!parsed.ok) throw new AppError(parsed.code, { fields: { [field]: parsed.code }, values: { decimals } });
  return parsed.value;
}

/** An amount that may be zero (a fee, a minimum): "0" or empty → `fallback`, else as parseAmount. */
export function parseAmountOrZero(raw: unknown, decimals: number, field: string, fallback: Dec = new D(0)): Dec {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (text === '') return fallback;
  if (/^0+(\.0+)?$/.test(text)) return new D(0);
  return parseAmount(text, decimals, field);
}

/** A signed amount ("-12.5", "+3", "7"): the magnitude parsed as parseAmount, then the sign applied. */
export function parseSignedAmount(raw: unknown, decimals: number, field = 'amount'): Dec {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const negative = text.startsWith('-');
  const magnitude = parseAmount(text.replace(/^[+-]/, ''), decimals, field);
  return negative ? magnitude.negated() : magnitude;
}
