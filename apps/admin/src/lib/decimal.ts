/**
 * Decimal strings for the console's forms. Money is never a float (DESIGN.md §1.2): amounts stay
 * strings on the wire, and the little arithmetic the console does for display (a prefilled credited
 * amount, a sum to show the operator) is exact fixed-point on BigInt. The server re-checks everything.
 */

import { PLAIN_DECIMAL } from '@app/shared';

/** The database's scale: numeric(36,18). */
const SCALE = 18;
const FACTOR = 10n ** BigInt(SCALE);

const SIGNED = /^[+-]?\d+(\.\d+)?$/;

/** A plain decimal string (no exponent, no grouping), optionally signed. */
export function isDecimal(value: string, { signed = false } = {}): boolean {
  const v = value.trim();
  return (signed ? SIGNED : PLAIN_DECIMAL).test(v) && (v.split('.')[1]?.length ?? 0) <= SCALE;
}

function toUnits(value: string): bigint {
  const v = value.trim();
  const negative = v.startsWith('-');
  const body = v.replace(/^[+-]/, '');
  const [int = '0', frac = ''] = body.split('.');
  const units = BigInt(int || '0') * FACTOR + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE) || '0');
  return negative ? -units : units;
}

function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const int = abs / FACTOR;
  const frac = (abs % FACTOR).toString().padStart(SCALE, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${int}${frac ? `.${frac}` : ''}`;
}

/** Compares two decimal strings: -1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const d = toUnits(a) - toUnits(b);
  return d === 0n ? 0 : d > 0n ? 1 : -1;
}

export function addDecimals(a: string, b: string): string {
  return fromUnits(toUnits(a) + toUnits(b));
}

export function subtractDecimals(a: string, b: string): string {
  return fromUnits(toUnits(a) - toUnits(b));
}

/** Drops trailing zeros the database's scale adds ("1.500000000000000000" → "1.5"). */
export function trimDecimal(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return isDecimal(value, { signed: true }) ? fromUnits(toUnits(value)) : value;
}

/** The absolute value of a signed decimal string, for sentences like "debit 5 USDT". */
export function absDecimal(value: string): string {
  return trimDecimal(value.trim().replace(/^[+-]/, ''));
}

/** antd Form rule validators, so every money field says the same thing about the same mistake. */
export const decimalRules = {
  positive: (label: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Enter the ${label}.`);
      if (!isDecimal(value)) throw new Error(`The ${label} must be a plain decimal number, like 12.5.`);
      if (compareDecimals(value, '0') <= 0) throw new Error(`The ${label} must be greater than zero.`);
    },
  }),
  nonNegative: (label: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Enter the ${label} (0 if none).`);
      if (!isDecimal(value)) throw new Error(`The ${label} must be a plain decimal number, like 0 or 1.25.`);
    },
  }),
  nonZeroSigned: (label: string) => ({
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error(`Enter the ${label}.`);
      if (!isDecimal(value, { signed: true })) {
        throw new Error(`The ${label} must be a decimal number, with "-" in front to debit, like 100 or -2.5.`);
      }
      if (compareDecimals(value, '0') === 0) throw new Error(`The ${label} cannot be zero.`);
    },
  }),
};
