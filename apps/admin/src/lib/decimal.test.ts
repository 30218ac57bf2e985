import DecimalJs from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { absDecimal, addDecimals, compareDecimals, isDecimal, subtractDecimals, trimDecimal } from './decimal';

/** The oracle, with enough significant digits for numeric(36,18) (decimal.js rounds at 20 by default). */
const Decimal = DecimalJs.clone({ precision: 100 });

/** Decimal strings with up to 18 places, the database's scale, signed. */
const decimalString = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
  .map(([negative, units, places]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
    return negative ? `-${text}` : text;
  });

describe('decimal strings', () => {
  it('adds and subtracts exactly, as decimal.js does', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(addDecimals(a, b)).toBe(new Decimal(a).plus(b).toFixed());
        expect(subtractDecimals(a, b)).toBe(new Decimal(a).minus(b).toFixed());
        expect(compareDecimals(a, b)).toBe(new Decimal(a).comparedTo(b));
      }),
    );
  });

  it('is exact where floats are not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimals('100', '0.000000000000000001')).toBe('99.999999999999999999');
  });

  it('accepts only plain decimals, signed when asked', () => {
    for (const ok of ['0', '12', '12.5', '0.000000000000000001']) expect(isDecimal(ok)).toBe(true);
    for (const bad of ['', '1e5', '1,000', '.5', '5.', '-1', 'abc', '0.0000000000000000001', ' '])
      expect(isDecimal(bad)).toBe(false);
    expect(isDecimal('-2.5', { signed: true })).toBe(true);
    expect(isDecimal('+3', { signed: true })).toBe(true);
  });

  it('trims the database scale for display', () => {
    expect(trimDecimal('1.500000000000000000')).toBe('1.5');
    expect(trimDecimal('100.000000000000000000')).toBe('100');
    expect(trimDecimal('-0.25')).toBe('-0.25');
    expect(trimDecimal(null)).toBe('—');
    expect(absDecimal('-2.50')).toBe('2.5');
  });
});
