import { describe, expect, it } from 'vitest';
import { isValidIban, normalizeSwift, SWIFT_PATTERN } from './bank.js';

describe('bank details', () => {
  it('checks IBANs by their mod-97 check digits', () => {
    for (const iban of ['GB82 WEST 1234 5698 7654 32', 'DE89370400440532013000', 'fr1420041010050500013m02606']) {
      expect(isValidIban(iban), iban).toBe(true);
    }
    for (const iban of ['GB82WEST12345698765433', 'DE89 3704 0044 0532 0130 01', 'GB82', '1234567890123456']) {
      expect(isValidIban(iban), iban).toBe(false);
    }
  });

  it('checks SWIFT/BIC codes of 8 or 11 characters', () => {
    expect(SWIFT_PATTERN.test(normalizeSwift('deut de ff'))).toBe(true);
    expect(SWIFT_PATTERN.test('DEUTDEFF500')).toBe(true);
    expect(SWIFT_PATTERN.test('DEUTDEF')).toBe(false);
    expect(SWIFT_PATTERN.test('DEUTDEFF50')).toBe(false);
    expect(SWIFT_PATTERN.test('1EUTDEFF')).toBe(false);
  });
});
