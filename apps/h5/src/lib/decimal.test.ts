import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  ceilDecimal,
  checkAmount,
  clampToZero,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  floorToStep,
  formatDecimal,
  isDecimal,
  isOnStep,
  isPositiveDecimal,
  multiplyDecimal,
  sanitizeAmountInput,
  subtractDecimal,
  truncateDecimal,
} from './decimal';

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
