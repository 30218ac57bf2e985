import { describe, expect, it } from 'vitest';
import { CODE_COUNTDOWN_S, countdownEnd, secondsLeft, startCountdown } from './countdown';

describe('code countdown', () => {
  it('counts 60 seconds down, rounding up partial seconds', () => {
    const end = startCountdown('register:email', 10_000);
    expect(end).toBe(10_000 + CODE_COUNTDOWN_S * 1000);
    expect(secondsLeft(end, 10_000)).toBe(60);
    expect(secondsLeft(end, 10_001)).toBe(60);
    expect(secondsLeft(end, 69_000)).toBe(1);
    expect(secondsLeft(end, 70_000)).toBe(0);
    expect(secondsLeft(end, 99_000)).toBe(0);
  });

  it('remembers the end per purpose so a revisited form keeps counting', () => {
    startCountdown('forget:mobile', 0);
    expect(countdownEnd('forget:mobile')).toBe(60_000);
    expect(countdownEnd('never-sent')).toBe(0);
  });
});
