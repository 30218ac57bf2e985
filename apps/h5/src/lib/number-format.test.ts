import { describe, expect, it, vi } from 'vitest';

vi.mock('./locale', () => ({ currentLang: () => 'en' }));

const {
  coinPlaces,
  formatAmount,
  formatCoinAmount,
  formatMoney,
  formatPercent,
  formatPrice,
  formatQuoted,
  formatRate,
  formatSignedPercent,
  separatorsFor,
} = await import('./number-format');

describe('the one number formatter', () => {
  it('groups thousands and cuts (never rounds up) to the places asked', () => {
    expect(formatAmount('9962.7885454', 2, 2)).toBe('9,962.78');
    expect(formatAmount('1234567.999', 2)).toBe('1,234,567.99');
    expect(formatAmount('20000')).toBe('20,000');
    expect(formatAmount('-1234.5', 2, 2)).toBe('-1,234.50');
    expect(formatAmount(null)).toBe('—');
    expect(formatAmount('abc')).toBe('—');
  });

  it('writes the marks of the language', () => {
    expect(separatorsFor('en')).toEqual({ group: ',', decimal: '.' });
    expect(separatorsFor('esp').decimal).toBe(',');
    expect(formatAmount('1234567.5', 2, 2, 'esp')).toBe('1.234.567,50');
    expect(formatAmount('1234567.5', 2, 2, 'zh')).toBe('1,234,567.50');
    expect(formatAmount('1234567.5', 2, 2, 'th')).toBe('1,234,567.50');
  });

  it('shows coins at their display places: USDT in cents, BTC to 8, others to their own decimals', () => {
    expect(coinPlaces('USDT', 6)).toEqual({ places: 2, minPlaces: 0 });
    expect(formatMoney('1000.123456', 'USDT', 6)).toBe('1,000.12 USDT');
    expect(formatMoney('20000', 'USDT')).toBe('20,000 USDT');
    expect(formatMoney('9962.7885454', 'USDT')).toBe('9,962.78 USDT');
    expect(formatCoinAmount('0.123456789', 'BTC', 10)).toBe('0.12345678');
    expect(formatCoinAmount('1.5', 'ETH', 18)).toBe('1.5');
    expect(formatCoinAmount('3.14159', 'XYZ', 3)).toBe('3.141');
    expect(formatMoney(undefined, 'USDT')).toBe('—');
  });

  it('writes prices on the pair grid with separators', () => {
    expect(formatPrice('60145.86', 2)).toBe('60,145.86');
    expect(formatPrice('60196.1', 2)).toBe('60,196.10');
    expect(formatPrice('0.5', 4)).toBe('0.5000');
    expect(formatQuoted('60145.80')).toBe('60,145.80');
    expect(formatQuoted('1000')).toBe('1,000');
    expect(formatQuoted(null)).toBe('—');
  });

  it('writes percentages one way: two places, the mark glued to the number', () => {
    expect(formatPercent('0.4')).toBe('0.40%');
    expect(formatPercent('0')).toBe('0.00%');
    expect(formatPercent('-3.456')).toBe('-3.45%');
    expect(formatSignedPercent('1.2')).toBe('+1.20%');
    expect(formatSignedPercent('0.001')).toBe('0.00%');
    expect(formatSignedPercent('-1.2')).toBe('-1.20%');
    expect(formatRate('0.004')).toBe('0.40%');
    expect(formatRate(undefined)).toBe('—');
  });
});
