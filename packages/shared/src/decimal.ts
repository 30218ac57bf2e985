/**
 * Exact decimal strings for the clients' checks, sums and display: amounts stay text on the wire and are
 * never parsed into JS floats (0.1 + 0.2 ≠ 0.3). A value is held as a scaled BigInt (units × 10^-scale),
 * so this runs in a browser as well as in Node. The server stays the judge of every amount.
 */

import { AMOUNT_TEXT } from './decimal-text.js';

type Scaled = { units: bigint; scale: number };

const DECIMAL_TEXT = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** The database's scale, numeric(36,18): the most places a stored amount has. */
const DATABASE_SCALE = 18;

function parse(text: string): Scaled {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) throw new Error(`not a decimal: ${JSON.stringify(text)}`);
  const [, sign = '', whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return [rescale(x, scale), rescale(y, scale), scale];
}

/** Plain decimal text without trailing zeros ("12.5", "0", "-0.001"). */
function toText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction ? `${whole}.${fraction}` : whole;
  return negative && text !== '0' ? `-${text}` : text;
}

/** A decimal string of any length: optional sign, digits, optional point and digits. */
export function isDecimal(text: string): boolean {
  return DECIMAL_TEXT.test(text.trim());
}

/**
 * A plain decimal the database keeps at its scale: at most 18 places, no exponent or grouping, and no
 * sign unless `signed` allows one. What an operator may type in a console money field.
 */
export function isDatabaseDecimal(text: string, { signed = false } = {}): boolean {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return false;
  const [, sign = '', , fraction = ''] = match;
  return (signed || sign === '') && fraction.length <= DATABASE_SCALE;
}

export function isPositiveDecimal(text: string): boolean {
  return isDecimal(text) && parse(text).units > 0n;
}

/** Digits after the point as typed ("1.50" has 2). */
export function decimalPlaces(text: string): number {
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.trim().length - point - 1;
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimal(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toText(x + y, scale);
}

export function subtractDecimal(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return toText(x - y, scale);
}

/** a × b, exact. */
export function multiplyDecimal(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return toText(x.units * y.units, x.scale + y.scale);
}

/** a ÷ b cut (towards zero) to `places` decimals; b must not be zero. */
export function divideDecimal(a: string, b: string, places: number): string {
  const [x, y] = aligned(a, b);
  if (y === 0n) throw new Error('division by zero');
  return toText((x * 10n ** BigInt(places)) / y, places);
}

/** The value cut (towards zero) to `places` decimals, without trailing zeros: a balance never rounds up. */
export function truncateDecimal(text: string, places: number): string {
  const value = parse(text);
  if (value.scale <= places) return toText(value.units, value.scale);
  return toText(value.units / 10n ** BigInt(value.scale - places), places);
}

/** The value rounded up (towards +∞) to `places` decimals, without trailing zeros: what a payer owes. */
export function ceilDecimal(text: string, places: number): string {
  const value = parse(text);
  if (value.scale <= places) return toText(value.units, value.scale);
  const divisor = 10n ** BigInt(value.scale - places);
  const cut = value.units / divisor;
  const bumped = value.units > 0n && value.units % divisor !== 0n ? cut + 1n : cut;
  return toText(bumped, places);
}

/** Whether `value` is a whole number of `step`s (a price on the tick, an amount on the lot). */
export function isOnStep(value: string, step: string): boolean {
  const [x, y] = aligned(value, step);
  return y === 0n || x % y === 0n;
}

/** `value` cut down (towards zero) to a whole number of `step`s: an amount on the lot grid. */
export function floorToStep(value: string, step: string): string {
  const [x, y, scale] = aligned(value, step);
  if (y === 0n) return toText(x, scale);
  return toText((x / y) * y, scale);
}

/** Never below zero: "all" of a balance smaller than its fee is nothing. */
export function clampToZero(text: string): string {
  return compareDecimal(text, '0') < 0 ? '0' : text;
}

/**
 * An amount for display: thousands grouped, at most `places` decimals (cut, not rounded), trailing
 * zeros dropped unless `minPlaces` keeps some ("1,234.50" for USDT values); "—" for no number.
 */
export function formatDecimal(text: string | null | undefined, places = 8, minPlaces = 0): string {
  if (text === null || text === undefined || !isDecimal(text)) return '—';
  const cut = truncateDecimal(text, places);
  const negative = cut.startsWith('-');
  const [whole = '0', fraction = ''] = cut.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const padded = fraction.padEnd(minPlaces, '0');
  return `${negative ? '-' : ''}${grouped}${padded ? `.${padded}` : ''}`;
}

/**
 * A stored amount for display with the zeros of the database's scale dropped ("1.500000000000000000" →
 * "1.5"), every digit kept, no grouping; "—" when there is none, and any other text shown as it came.
 */
export function trimDecimal(text: string | null | undefined): string {
  if (text === null || text === undefined || text === '') return '—';
  if (!isDatabaseDecimal(text, { signed: true })) return text;
  const value = parse(text);
  return toText(value.units, value.scale);
}

/** The absolute value of a signed decimal string, trimmed as `trimDecimal` does ("debit 5 USDT"). */
export function absDecimal(text: string): string {
  return trimDecimal(text.trim().replace(/^[+-]/, ''));
}

/** Places a value needs: digits after the point without its trailing zeros ("1.50" needs 1). */
export function significantPlaces(text: string): number {
  const fraction = text.trim().split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length;
}

export type AmountTextError = 'amount_required' | 'amount_invalid' | 'amount_too_precise';

/**
 * The amount rule of the server and both apps, on the text a user typed: something is there, it is a
 * plain positive number (AMOUNT_TEXT: no sign, exponent or grouping), and the coin's `decimals` hold it
 * ("1.50" fits a coin of one decimal: the value is what counts, not how it was typed).
 */
export function amountTextError(raw: string, decimals: number): AmountTextError | undefined {
  const text = raw.trim();
  if (text === '') return 'amount_required';
  if (!AMOUNT_TEXT.test(text) || !isPositiveDecimal(text)) return 'amount_invalid';
  if (significantPlaces(text) > decimals) return 'amount_too_precise';
  return undefined;
}

export type AmountRules = {
  /** The coin's decimals: more digits after the point are refused. */
  decimals: number;
  /** Smallest accepted amount, inclusive. */
  min?: string;
  /** Largest accepted amount, inclusive (what is available). */
  max?: string;
};

export type AmountError =
  | 'amount_required'
  | 'amount_invalid'
  | 'amount_too_precise'
  | 'amount_below_min'
  | 'insufficient_balance';

/**
 * The error code of an amount the user typed, in the server's order, or undefined when it passes:
 * required, a plain positive number, the coin's precision, the minimum, then the balance.
 */
export function checkAmount(raw: string, rules: AmountRules): AmountError | undefined {
  const text = raw.trim();
  const error = amountTextError(text, rules.decimals);
  if (error) return error;
  if (rules.min !== undefined && compareDecimal(text, rules.min) < 0) return 'amount_below_min';
  if (rules.max !== undefined && compareDecimal(text, rules.max) > 0) return 'insufficient_balance';
  return undefined;
}

/** Keeps what an amount field may hold while typing: digits and one point ("," typed as "."). */
export function sanitizeAmountInput(value: string, decimals: number): string {
  let text = value.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point >= 0) text = text.slice(0, point + 1) + text.slice(point + 1).replace(/\./g, '');
  if (decimals === 0) return text.replace('.', '');
  return text;
}
