import { describe, expect, it } from 'vitest';
import { checkStake, elapsedShare, formatCountdown, remainingMs, winPayout } from './countdown';

describe('option countdown helpers', () => {
  it('counts down on the server clock and never below zero', () => {
    expect(remainingMs(10_000, 4_000, 500)).toBe(5_500);
    expect(remainingMs(10_000, 12_000, 0)).toBe(0);
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(59_000)).toBe('0:59');
    expect(formatCountdown(245_000)).toBe('4:05');
    expect(formatCountdown(3_600_000)).toBe('1:00:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(elapsedShare({ created_at: 0, delivery_at: 60_000 }, 15_000)).toBe(0.25);
    expect(elapsedShare({ created_at: 0, delivery_at: 60_000 }, 90_000)).toBe(1);
  });

  it('shows the win payout exactly as the server computes it', () => {
    expect(winPayout('100', '85', 6)).toBe('185');
    expect(winPayout('33.333333', '12.5', 6)).toBe('37.499999');
  });

  it('checks the stake in the spec order', () => {
    const time = { min_num: '10', max_num: '1000' };
    expect(checkStake('50', undefined, '100')).toBe('choose_time');
    expect(checkStake(' ', time, '100')).toBe('stake_required');
    expect(checkStake('abc', time, '100')).toBe('stake_invalid');
    expect(checkStake('9.99', time, '100')).toBe('below_min');
    expect(checkStake('1000.01', time, '5000')).toBe('above_max');
    expect(checkStake('100.5', time, '100')).toBe('insufficient');
    expect(checkStake('100', time, '100')).toBeUndefined();
  });
});
