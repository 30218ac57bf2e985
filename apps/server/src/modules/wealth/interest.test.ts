import { describe, expect, it } from 'vitest';
import { str } from '../../lib/money.js';
import {
  cycleInterest,
  dailyInterest,
  dayNumber,
  dayStart,
  daysDue,
  fromPercent,
  maturityDay,
  percent,
  redemptionDamages,
} from './interest.js';

describe('financial product money', () => {
  it("computes the spec's early-redemption example exactly: 0.4 %, 3 days, 1000 → 12, refund 988", () => {
    const damages = redemptionDamages('1000', '0.004', 3, 6);
    expect(str(damages)).toBe('12');
    expect(str(damages.negated().plus(1000))).toBe('988');
  });

  it('rounds damages up at the coin decimals and never beyond the principal', () => {
    // 0.0033 × 7 × 123.456789 = 2.85185182… → 2.851852 (USDT, 6 places, rounded up).
    expect(str(redemptionDamages('123.456789', '0.0033', 7, 6))).toBe('2.851852');
    // BTC: 0.002 × 14 × 0.01234567 = 0.00034567876 → 0.00034568.
    expect(str(redemptionDamages('0.01234567', '0.002', 14, 8))).toBe('0.00034568');
    expect(str(redemptionDamages('100', '0.5', 3, 6))).toBe('100');
    expect(str(redemptionDamages('100', '0.004', 0, 6))).toBe('0');
  });

  it('pays a daily interest rounded down, the same every day of the cycle', () => {
    expect(str(dailyInterest('1000', '0.004', 6))).toBe('4');
    // 0.003 × 333.333333 = 0.999999999 → 0.999999.
    expect(str(dailyInterest('333.333333', '0.003', 6))).toBe('0.999999');
    expect(str(cycleInterest('333.333333', '0.003', 7, 6))).toBe('6.999993');
    expect(str(cycleInterest('1000', '0.004', 15, 6))).toBe('60');
    // Too small to earn a unit a day.
    expect(str(dailyInterest('0.0001', '0.004', 6))).toBe('0');
    // Floats would say 0.30000000000000004 here; decimals stay exact.
    expect(str(dailyInterest('0.1', '3', 8).plus(dailyInterest('0.2', '3', 8)))).toBe('0.9');
  });

  it('counts days in UTC day numbers', () => {
    expect(dayNumber(Date.parse('1970-01-02T00:00:00Z'))).toBe(1);
    expect(dayNumber(Date.parse('2026-03-01T23:59:59.999Z'))).toBe(dayNumber(Date.parse('2026-03-01T00:00:00Z')));
    expect(dayStart(dayNumber(Date.parse('2026-03-01T13:00:00Z'))).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    // An order bought on day 100 with 15 days: days 101..115, each due once it has ended.
    expect(daysDue(101, 15, 100)).toBe(0);
    expect(daysDue(101, 15, 101)).toBe(0);
    expect(daysDue(101, 15, 102)).toBe(1);
    expect(daysDue(101, 15, 113)).toBe(12);
    expect(daysDue(101, 15, 115)).toBe(14);
    expect(daysDue(101, 15, 116)).toBe(15);
    expect(daysDue(101, 15, 400)).toBe(15);
    // Maturity: the end of day 115, i.e. the start of day 116.
    expect(maturityDay(101, 15)).toBe(116);
  });

  it('converts rates between percent and fractions exactly', () => {
    expect(percent('0.004')).toBe('0.4');
    expect(str(fromPercent('0.4'))).toBe('0.004');
    expect(str(fromPercent('0.0025'))).toBe('0.000025');
  });
});
