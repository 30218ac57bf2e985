import { describe, expect, it } from 'vitest';
import { maskCardNumber, shortAddress } from './format';

describe('format', () => {
  it('shortens long addresses only', () => {
    expect(shortAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHq…gjLj6t');
    expect(shortAddress('short')).toBe('short');
  });

  it('masks all but the last four digits of a card', () => {
    expect(maskCardNumber('6222 0212 3456 7890')).toBe('•••• 7890');
    expect(maskCardNumber('123')).toBe('123');
    expect(maskCardNumber(null)).toBe('—');
  });
});
