import { amountTextError, ceilDecimal, truncateDecimal } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseAmountText, roundDown, roundUp, str } from './money.js';

// The server computes with decimal.js, the apps with the shared BigInt decimals: on every rule both
// apply — the amount a user types, the text of a value, cutting to places, rounding a fee up — they
// must give the same answer, or a form would pass what the server refuses (or show what it never pays).

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const decimalText = fc
  .tuple(digits(1, 20), fc.option(digits(1, 24), { nil: undefined }))
  .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
const typed = fc.oneof(
  decimalText,
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', ' 1', '1.', '.5', '-1', '1e3', '0', '0.000', '01.50', '1.5000000000000000000000'),
);

describe('server money and the shared decimals agree', () => {
  it('on the amount a user types, for every coin precision', () => {
    fc.assert(
      fc.property(typed, fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const server = parseAmountText(text, decimals);
        expect(server.ok ? undefined : server.code).toBe(amountTextError(text, decimals));
        // (AMOUNT_TEXT allows 30 places: cutting there only drops trailing zeros)
        if (server.ok) expect(str(server.value)).toBe(truncateDecimal(text.trim(), 30));
      }),
      { numRuns: 2000 },
    );
  });

  it('on cutting to places and on rounding a fee up', () => {
    fc.assert(
      fc.property(decimalText, fc.integer({ min: 0, max: 18 }), (text, places) => {
        expect(str(roundDown(text, places))).toBe(truncateDecimal(text, places));
        expect(str(roundUp(text, places))).toBe(ceilDecimal(text, places));
      }),
      { numRuns: 2000 },
    );
  });

  it('counts a value’s places, not its typed zeros', () => {
    expect(amountTextError('1.50', 1)).toBeUndefined();
    expect(parseAmountText('1.50', 1).ok).toBe(true);
    expect(amountTextError('1.05', 1)).toBe('amount_too_precise');
  });
});
