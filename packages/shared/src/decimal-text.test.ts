import { describe, expect, it } from 'vitest';
import { AMOUNT_TEXT, PLAIN_DECIMAL } from './decimal-text.js';

describe('decimal text', () => {
  it('takes an amount as typed: digits and one point, bounded, nothing else', () => {
    for (const ok of ['0', '5', '0.5', '123.456', `${'9'.repeat(24)}.${'1'.repeat(30)}`])
      expect(AMOUNT_TEXT.test(ok), ok).toBe(true);
    for (const bad of [
      '',
      '-1',
      '+1',
      '1e5',
      '1,000',
      ' 1',
      '1 ',
      '1.',
      '.5',
      '1.2.3',
      '0x10',
      '١٢',
      '9'.repeat(25),
      `1.${'1'.repeat(31)}`,
    ])
      expect(AMOUNT_TEXT.test(bad), bad).toBe(false);
  });

  it('takes a plain unsigned decimal of any length, and no sign, exponent or grouping', () => {
    for (const ok of ['0', '60000.5', '9'.repeat(60)]) expect(PLAIN_DECIMAL.test(ok), ok).toBe(true);
    for (const bad of ['', '-1', '1e21', '1,5', '1.', '.5', 'NaN', 'Infinity']) expect(PLAIN_DECIMAL.test(bad), bad).toBe(false);
  });
});
