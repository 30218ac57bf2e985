import { describe, expect, it } from 'vitest';
import { penaltyRateRule, percentRule } from './product-rules';

const check = (rule: { validator: (r: unknown, v: string | undefined) => Promise<void> }, value: string | undefined) =>
  rule.validator(undefined, value).then(
    () => 'ok',
    (error: Error) => error.message,
  );

describe('the financial product form', () => {
  it('refuses a damages rate of 0 (every product can be redeemed early), in any spelling', async () => {
    for (const zero of ['0', '0.0', '0.0000', '00']) {
      expect(await check(penaltyRateRule, zero)).toMatch(/early redemption is allowed, so the damages rate must be above 0/i);
    }
  });

  it('accepts an empty damages rate (the daily yield) and a positive one up to 100 % a day', async () => {
    expect(await check(penaltyRateRule, undefined)).toBe('ok');
    expect(await check(penaltyRateRule, '  ')).toBe('ok');
    expect(await check(penaltyRateRule, '0.0001')).toBe('ok');
    expect(await check(penaltyRateRule, '100')).toBe('ok');
    expect(await check(penaltyRateRule, '100.01')).toMatch(/at most 100/);
    expect(await check(penaltyRateRule, '-1')).toMatch(/plain decimal/);
    expect(await check(penaltyRateRule, '1e-3')).toMatch(/plain decimal/);
  });

  it('keeps the daily yield above zero and at most 100', async () => {
    expect(await check(percentRule('daily yield'), '0')).toMatch(/greater than zero/);
    expect(await check(percentRule('daily yield'), '0.4')).toBe('ok');
    expect(await check(percentRule('daily yield'), '101')).toMatch(/at most 100/);
  });
});
