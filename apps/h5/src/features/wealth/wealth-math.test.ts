import { describe, expect, it } from 'vitest';
import { buyAmountError, dailyIncome, damagesFor, incomeOver } from './wealth-math';

const rules = { decimals: 6, save_min: '100', save_max: '100000', available: '5000' };

describe('finance previews', () => {
  it('computes the cycle income and the 30-day maximum exactly, rounding each day down', () => {
    expect(dailyIncome('1000', '0.4', 6)).toBe('4');
    expect(incomeOver('1000', '0.4', 15, 6)).toBe('60');
    expect(incomeOver('1000', '0.4', 30, 6)).toBe('120');
    expect(dailyIncome('333.333333', '0.3', 6)).toBe('0.999999');
    expect(incomeOver('333.333333', '0.3', 7, 6)).toBe('6.999993');
    expect(dailyIncome('', '0.4', 6)).toBeNull();
    expect(dailyIncome('0', '0.4', 6)).toBeNull();
  });

  it("states the spec's damages example: 0.4 %, 3 days, 1000 → 12", () => {
    expect(damagesFor('1000', '0.4', 3)).toBe('12');
  });

  it('checks the amount in the server order', () => {
    expect(buyAmountError('', rules)).toBe('amount_required');
    expect(buyAmountError('0', rules)).toBe('amount_invalid');
    expect(buyAmountError('-5', rules)).toBe('amount_invalid');
    expect(buyAmountError('100.1234567', rules)).toBe('amount_too_precise');
    expect(buyAmountError('99.99', rules)).toBe('amount_below_min');
    expect(buyAmountError('100001', rules)).toBe('amount_above_max');
    expect(buyAmountError('5000.01', rules)).toBe('insufficient_balance');
    expect(buyAmountError('5000', rules)).toBeUndefined();
  });
});
