import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  fromLots,
  fromQuoteUnits,
  fromTicks,
  fromUnits,
  marketUnits,
  notional,
  quoteUnit,
  toLots,
  toQuoteUnits,
  toTicks,
  toUnits,
  UnitError,
} from './units.js';

const code = (fn: () => unknown): string | undefined => {
  try {
    fn();
  } catch (error) {
    return error instanceof UnitError ? error.code : `not a UnitError: ${String(error)}`;
  }
  return undefined;
};

describe('decimal ↔ integer units', () => {
  it('converts prices and quantities on the grid exactly', () => {
    expect(toTicks('123.45', '0.01')).toBe(12345);
    expect(toTicks('123.4', '0.01')).toBe(12340);
    expect(toTicks('123', '0.5')).toBe(246);
    expect(toTicks('0.3', '0.1')).toBe(3); // 0.1 + 0.2 ≠ 0.3 in floats; here it is exact
    expect(toLots('0.015', '0.001')).toBe(15);
    expect(toLots('1.00000000', '0.00000001')).toBe(100_000_000);
    expect(toTicks('0', '0.01')).toBe(0);
    expect(toTicks('-1.5', '0.5')).toBe(-3);
    expect(toTicks('100', '25')).toBe(4);
    expect(toTicks('0.0100', '0.0100')).toBe(1); // trailing zeros do not matter
  });

  it('rejects values off the grid unless a rounding direction is asked for', () => {
    expect(code(() => toTicks('123.455', '0.01'))).toBe('off_grid');
    expect(code(() => toLots('0.0015', '0.001'))).toBe('off_grid');
    expect(code(() => toTicks('1.3', '0.25'))).toBe('off_grid');
    expect(toTicks('123.459', '0.01', 'down')).toBe(12345);
    expect(toTicks('123.451', '0.01', 'up')).toBe(12346);
    expect(toTicks('-0.015', '0.01', 'down')).toBe(-2);
    expect(toTicks('-0.015', '0.01', 'up')).toBe(-1);
    expect(toTicks('123.45', '0.01', 'down')).toBe(12345);
  });

  it('rejects anything that is not a plain decimal string', () => {
    for (const bad of ['', ' 1', '1 ', '1.', '.5', '+1', '1e5', '0x10', 'NaN', 'Infinity', '1,5', '--1', '١']) {
      expect(
        code(() => toTicks(bad, '0.01')),
        bad,
      ).toBe('invalid_decimal');
    }
    expect(code(() => toTicks(1.5 as unknown as string, '0.01'))).toBe('invalid_decimal');
  });

  it('rejects steps that are not positive decimals', () => {
    for (const bad of ['0', '0.000', '-0.01', 'abc', ''])
      expect(
        code(() => toTicks('1', bad)),
        bad,
      ).toBe('invalid_step');
  });

  it('refuses results beyond 2^53 − 1 units', () => {
    expect(toLots('9007199254740991', '1')).toBe(Number.MAX_SAFE_INTEGER);
    expect(code(() => toLots('9007199254740992', '1'))).toBe('out_of_range');
    expect(code(() => toTicks('1', '0.000000000000001'))).toBe(undefined);
    expect(code(() => toTicks('1000', '0.000000000000001'))).toBe('out_of_range');
    expect(code(() => fromTicks(2 ** 53, '0.01'))).toBe('out_of_range');
    expect(code(() => fromTicks(1.5, '0.01'))).toBe('out_of_range');
  });

  it('formats units back with the step’s decimals', () => {
    expect(fromTicks(12345, '0.01')).toBe('123.45');
    expect(fromTicks(12340, '0.01')).toBe('123.40');
    expect(fromTicks(5, '0.01')).toBe('0.05');
    expect(fromTicks(0, '0.01')).toBe('0.00');
    expect(fromUnits(-5, '0.01')).toBe('-0.05');
    expect(fromLots(15, '0.001')).toBe('0.015');
    expect(fromLots(3, '25')).toBe('75');
    expect(fromUnits(10n ** 30n, '0.1')).toBe(`${10n ** 29n}.0`);
  });

  it('quote units are tick × lot, so price × qty is an exact quote amount', () => {
    expect(quoteUnit('0.01', '0.001')).toBe('0.00001');
    expect(notional(12345, 15, '0.01', '0.001')).toBe('1.85175');
    expect(toQuoteUnits('1.85175', '0.01', '0.001')).toBe(185175);
    expect(code(() => toQuoteUnits('1.851755', '0.01', '0.001'))).toBe('off_grid');
    expect(toQuoteUnits('1.851759', '0.01', '0.001', 'down')).toBe(185175);
    expect(fromQuoteUnits(185175, '0.01', '0.001')).toBe('1.85175');
    // beyond 2^53 the product is still exact (bigint)
    expect(notional(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, '1', '1')).toBe(
      (BigInt(Number.MAX_SAFE_INTEGER) ** 2n).toString(),
    );
  });

  it('marketUnits parses the steps once and agrees with the free functions', () => {
    const btc = marketUnits('0.10', '0.00001');
    expect(btc.tickSize).toBe('0.1');
    expect(btc.quoteUnit).toBe('0.000001');
    expect(btc.toTicks('65000.1')).toBe(650001);
    expect(btc.toLots('0.5')).toBe(50000);
    expect(btc.fromTicks(650001)).toBe('65000.1');
    expect(btc.fromLots(50000)).toBe('0.50000');
    expect(btc.notional(650001, 50000)).toBe('32500.050000');
    expect(btc.toQuoteUnits('100', 'down')).toBe(100_000_000);
    expect(btc.fromQuoteUnits(100_000_000)).toBe('100.000000');
    expect(code(() => btc.toTicks('65000.15'))).toBe('off_grid');
  });

  it('round-trips every integer through its decimal form (property)', () => {
    const steps = ['1', '0.01', '0.5', '0.00000001', '25', '0.0025'];
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...steps), (units, step) => {
        expect(toUnits(fromUnits(units, step), step)).toBe(units);
      }),
    );
  });
});
