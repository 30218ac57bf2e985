import { D, type Dec } from '../lib/money.js';

/**
 * Integer "units" (a value times 10^decimals) let the simulation do exact arithmetic on prices and
 * quantities without decimal.js in its hot loops; every value leaves as a decimal string.
 */

/** Places a decimal needs, without trailing zeros ("0.00010" → 4). */
export function typedDecimalsOf(value: Dec): number {
  return Math.max(0, value.decimalPlaces());
}

const POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);
const ZEROS = Array.from({ length: 16 }, (_, k) => '0'.repeat(k));

/**
 * An integer number of units as a plain decimal string with exactly `decimals` places (≤ 15). Integer
 * division and concatenation: the backfill formats a million of these.
 */
export function unitsToString(units: number, decimals: number): string {
  if (!Number.isSafeInteger(units) || decimals < 0 || decimals > 15)
    throw new RangeError(`cannot format ${units} at ${decimals}`);
  if (decimals === 0) return String(units);
  const negative = units < 0;
  const abs = negative ? -units : units;
  const p = POW10[decimals]!;
  let q = Math.floor(abs / p);
  let r = abs - q * p;
  // The float quotient can round across an integer near 2^53: correct it.
  if (r < 0) {
    q -= 1;
    r += p;
  } else if (r >= p) {
    q += 1;
    r -= p;
  }
  const frac = String(r);
  const text = `${q}.${ZEROS[decimals - frac.length]}${frac}`;
  return negative ? `-${text}` : text;
}

/** Like unitsToString, without trailing zeros ("12.50000" → "12.5", "3.000" → "3"). */
export function unitsToPlain(units: number, decimals: number): string {
  const text = unitsToString(units, decimals);
  if (decimals === 0) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  if (text.charCodeAt(end - 1) === 46) end--;
  return text.slice(0, end);
}

/**
 * Database numeric text ("60000.120000000000000000") with exactly `decimals` places, by string
 * handling (the hot path of loading candles); a value finer than that is rounded half up.
 */
export function fixedPlaces(text: string, decimals: number): string {
  const dot = text.indexOf('.');
  if (dot < 0) return decimals ? `${text}.${ZEROS[decimals]}` : text;
  const frac = text.slice(dot + 1);
  for (let i = decimals; i < frac.length; i++) {
    if (frac.charCodeAt(i) !== 48) return new D(text).toFixed(decimals, D.ROUND_HALF_UP);
  }
  if (!decimals) return text.slice(0, dot);
  return `${text.slice(0, dot)}.${frac.length >= decimals ? frac.slice(0, decimals) : frac + ZEROS[decimals - frac.length]}`;
}

/** Database numeric text without trailing zeros ("12.500000" → "12.5", "3.000" → "3"). */
export function plainNumeric(text: string): string {
  if (text.indexOf('.') < 0) return text;
  let end = text.length;
  while (text.charCodeAt(end - 1) === 48) end--;
  if (text.charCodeAt(end - 1) === 46) end--;
  return text.slice(0, end);
}
