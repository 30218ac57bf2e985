import { Decimal as DecimalJs } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absDecimal,
  addDecimal,
  ceilDecimal,
  checkAmount,
  clampToZero,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  floorToStep,
  formatDecimal,
  isDatabaseDecimal,
  isDecimal,
  isOnStep,
  isPositiveDecimal,
  multiplyDecimal,
  sanitizeAmountInput,
  subtractDecimal,
  trimDecimal,
  truncateDecimal,
} from './decimal.js';

/** The oracle, with enough significant digits for numeric(36,18) (decimal.js rounds at 20 by default). */
const Decimal = DecimalJs.clone({ precision: 100 });

/** Decimal strings with up to 18 places, the database's scale, signed; trailing zeros as they fall. */
const decimalString = fc
  .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }))
  .map(([negative, units, places]) => {
    const digits = units.toString().padStart(places + 1, '0');
    const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
    return negative ? `-${text}` : text;
  });

describe('decimal strings', () => {
  it('adds and subtracts exactly where floats do not', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subtractDecimal('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimal('100', '1')).toBe('99');
    expect(subtractDecimal('1', '1.000001')).toBe('-0.000001');
    expect(addDecimal('99999999999999999999.123456789012345678', '0.000000000000000001')).toBe(
      '99999999999999999999.123456789012345679',
    );
    expect(subtractDecimal('5', '5.00')).toBe('0');
    expect(subtractDecimal('100', '0.000000000000000001')).toBe('99.999999999999999999');
  });

  it('adds and subtracts exactly, as decimal.js does', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        expect(addDecimal(a, b)).toBe(new Decimal(a).plus(b).toFixed());
        expect(subtractDecimal(a, b)).toBe(new Decimal(a).minus(b).toFixed());
        expect(compareDecimal(a, b)).toBe(new Decimal(a).comparedTo(b));
      }),
    );
  });

  it('compares values of different scales', () => {
    expect(compareDecimal('1.50', '1.5')).toBe(0);
    expect(compareDecimal('0.00000001', '0')).toBe(1);
    expect(compareDecimal('10', '9.999999')).toBe(1);
    expect(compareDecimal('-2', '1')).toBe(-1);
  });

  it('truncates towards zero and formats for display', () => {
    expect(truncateDecimal('1.23456789', 4)).toBe('1.2345');
    expect(truncateDecimal('1.5', 8)).toBe('1.5');
    expect(truncateDecimal('-1.99', 1)).toBe('-1.9');
    expect(formatDecimal('1234567.891', 2)).toBe('1,234,567.89');
    expect(formatDecimal('12', 2, 2)).toBe('12.00');
    expect(formatDecimal('0.5', 2, 2)).toBe('0.50');
    expect(formatDecimal('0', 8)).toBe('0');
    expect(formatDecimal(null)).toBe('—');
    expect(formatDecimal('abc')).toBe('—');
  });

  it('trims the database scale for display', () => {
    expect(trimDecimal('1.500000000000000000')).toBe('1.5');
    expect(trimDecimal('100.000000000000000000')).toBe('100');
    expect(trimDecimal('-0.25')).toBe('-0.25');
    expect(trimDecimal(null)).toBe('—');
    expect(absDecimal('-2.50')).toBe('2.5');
  });

  it('shows text that is no stored amount as it came', () => {
    expect(trimDecimal('')).toBe('—');
    expect(trimDecimal(undefined)).toBe('—');
    expect(trimDecimal('n/a')).toBe('n/a');
    expect(trimDecimal('0.0000000000000000001')).toBe('0.0000000000000000001');
    expect(trimDecimal('+3.10')).toBe('3.1');
  });

  it('recognises decimal text', () => {
    expect(isDecimal('12.5')).toBe(true);
    expect(isDecimal('-3')).toBe(true);
    expect(isDecimal('1e5')).toBe(false);
    expect(isDecimal('.5')).toBe(false);
    expect(isPositiveDecimal('0.000')).toBe(false);
    expect(isPositiveDecimal('0.001')).toBe(true);
    expect(decimalPlaces('1.50')).toBe(2);
    expect(decimalPlaces('7')).toBe(0);
    expect(clampToZero('-1')).toBe('0');
    expect(clampToZero('2')).toBe('2');
  });

  it('accepts only plain decimals at the database scale, signed when asked', () => {
    for (const ok of ['0', '12', '12.5', '0.000000000000000001']) expect(isDatabaseDecimal(ok)).toBe(true);
    for (const bad of ['', '1e5', '1,000', '.5', '5.', '-1', 'abc', '0.0000000000000000001', ' '])
      expect(isDatabaseDecimal(bad)).toBe(false);
    expect(isDatabaseDecimal('-2.5', { signed: true })).toBe(true);
    expect(isDatabaseDecimal('+3', { signed: true })).toBe(true);
  });

  it('agrees with integer arithmetic on scaled values', () => {
    const cents = fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n });
    const text = (units: bigint) => {
      const negative = units < 0n;
      const digits = (negative ? -units : units).toString().padStart(7, '0');
      return `${negative ? '-' : ''}${digits.slice(0, -6)}.${digits.slice(-6)}`;
    };
    fc.assert(
      fc.property(cents, cents, (a, b) => {
        expect(compareDecimal(addDecimal(text(a), text(b)), text(a + b))).toBe(0);
        expect(compareDecimal(subtractDecimal(text(a), text(b)), text(a - b))).toBe(0);
        expect(compareDecimal(text(a), text(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });
});

describe('round trips and consistency', () => {
  it('gives back the value it parsed when formatted with room for every place', () => {
    fc.assert(
      fc.property(decimalString, (text) => {
        const trimmed = trimDecimal(text);
        expect(isDatabaseDecimal(trimmed, { signed: true })).toBe(true);
        expect(trimmed).not.toMatch(/\.\d*0$/);
        expect(compareDecimal(trimmed, text)).toBe(0);
        expect(trimDecimal(trimmed)).toBe(trimmed);
        expect(formatDecimal(text, 18).replace(/,/g, '')).toBe(trimmed);
        expect(truncateDecimal(text, 18)).toBe(trimmed);
        expect(ceilDecimal(text, 18)).toBe(trimmed);
        expect(addDecimal(text, '0')).toBe(trimmed);
      }),
    );
  });

  it('undoes an addition with a subtraction, and the other way round', () => {
    fc.assert(
      fc.property(decimalString, decimalString, (a, b) => {
        const sum = addDecimal(a, b);
        expect(subtractDecimal(sum, b)).toBe(trimDecimal(a));
        expect(addDecimal(subtractDecimal(a, b), b)).toBe(trimDecimal(a));
        expect(sum).toBe(addDecimal(b, a));
        expect(subtractDecimal(a, b)).toBe(trimDecimal(subtractDecimal('0', subtractDecimal(b, a))));
        expect(subtractDecimal(a, a)).toBe('0');
        expect(compareDecimal(sum, a)).toBe(compareDecimal(b, '0'));
      }),
    );
  });

  it('cuts and rounds up to the nearest values on the grid of the places asked', () => {
    fc.assert(
      fc.property(decimalString, fc.integer({ min: 0, max: 18 }), (text, places) => {
        const down = truncateDecimal(text, places);
        const up = ceilDecimal(text, places);
        const unit = places ? `0.${'0'.repeat(places - 1)}1` : '1';
        expect(decimalPlaces(down)).toBeLessThanOrEqual(places);
        expect(decimalPlaces(up)).toBeLessThanOrEqual(places);
        expect(compareDecimal(up, text)).toBeGreaterThanOrEqual(0);
        expect(compareDecimal(subtractDecimal(up, unit), text)).toBe(-1);
        expect(compareDecimal(absDecimal(down), absDecimal(text))).toBeLessThanOrEqual(0);
        expect(compareDecimal(addDecimal(absDecimal(down), unit), absDecimal(text))).toBe(1);
      }),
    );
  });
});

describe('checkAmount', () => {
  const usdt = { decimals: 6, min: '10', max: '100' };

  it('refuses in the order the server does', () => {
    expect(checkAmount('', usdt)).toBe('amount_required');
    expect(checkAmount('  ', usdt)).toBe('amount_required');
    expect(checkAmount('0', usdt)).toBe('amount_invalid');
    expect(checkAmount('-5', usdt)).toBe('amount_invalid');
    expect(checkAmount('1e3', usdt)).toBe('amount_invalid');
    expect(checkAmount('12.1234567', usdt)).toBe('amount_too_precise');
    expect(checkAmount('9.999999', usdt)).toBe('amount_below_min');
    expect(checkAmount('100.000001', usdt)).toBe('insufficient_balance');
  });

  it('accepts the bounds themselves', () => {
    expect(checkAmount('10', usdt)).toBeUndefined();
    expect(checkAmount('100.000000', usdt)).toBeUndefined();
    expect(checkAmount('0.5', { decimals: 8 })).toBeUndefined();
  });
});

describe('sanitizeAmountInput', () => {
  it('keeps digits and a single point', () => {
    expect(sanitizeAmountInput('1,5', 6)).toBe('1.5');
    expect(sanitizeAmountInput('1.2.3', 6)).toBe('1.23');
    expect(sanitizeAmountInput('a12b', 6)).toBe('12');
    expect(sanitizeAmountInput('3.5', 0)).toBe('35');
  });
});

describe('multiply, divide and steps', () => {
  it('rounds up what is owed', () => {
    expect(ceilDecimal('4.4044011', 6)).toBe('4.404402');
    expect(ceilDecimal('4.404400', 6)).toBe('4.4044');
    expect(ceilDecimal('1.5', 8)).toBe('1.5');
    expect(ceilDecimal('-1.25', 1)).toBe('-1.2');
  });

  it('multiplies exactly', () => {
    expect(multiplyDecimal('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimal('60000.01', '0.00001')).toBe('0.6000001');
    expect(multiplyDecimal('-1.5', '2')).toBe('-3');
    expect(multiplyDecimal('123', '0')).toBe('0');
  });

  it('divides, cutting to the places asked', () => {
    expect(divideDecimal('1', '3', 4)).toBe('0.3333');
    expect(divideDecimal('2', '3', 4)).toBe('0.6666');
    expect(divideDecimal('100', '60000.01', 8)).toBe('0.00166666');
    expect(divideDecimal('10', '4', 0)).toBe('2');
    expect(() => divideDecimal('1', '0', 2)).toThrow();
  });

  it('checks and cuts to a step grid', () => {
    expect(isOnStep('0.00012', '0.00001')).toBe(true);
    expect(isOnStep('0.000125', '0.00001')).toBe(false);
    expect(isOnStep('1.5', '0.1')).toBe(true);
    expect(isOnStep('1.55', '0.1')).toBe(false);
    expect(isOnStep('60000.10', '0.01')).toBe(true);
    expect(isOnStep('0.25', '0.25')).toBe(true);
    expect(floorToStep('1.2345678', '0.0001')).toBe('1.2345');
    expect(floorToStep('7.9', '0.5')).toBe('7.5');
    expect(floorToStep('0.4', '0.5')).toBe('0');
  });

  it('cuts to a grid point that is on the grid and never above the value', () => {
    const step = fc.constantFrom('0.1', '0.00001', '0.25', '1', '0.0001');
    const value = fc.tuple(fc.nat(10_000_000), fc.nat(999_999)).map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`);
    fc.assert(
      fc.property(value, step, (v, s) => {
        const cut = floorToStep(v, s);
        expect(isOnStep(cut, s)).toBe(true);
        expect(compareDecimal(cut, v)).toBeLessThanOrEqual(0);
        expect(compareDecimal(addDecimal(cut, s), v)).toBe(1);
      }),
    );
  });
});
