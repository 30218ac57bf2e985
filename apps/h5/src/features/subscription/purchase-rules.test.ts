import { describe, expect, it } from 'vitest';
import type { ProjectInfo } from './api/subscription-api';
import { checkPurchase, coinsFor, maxPurchase } from './purchase-rules';

const info = {
  issue_price: '0.3',
  decimals: 2,
  subscribe_decimals: 6,
  min_amount: '10',
  max_amount: '500',
  mine: { subscribed: '100', remaining: '400', available: '250' },
} as ProjectInfo;

describe('checkPurchase', () => {
  it('checks in the server order: format, precision, minimum, quota, balance', () => {
    expect(checkPurchase('', info)).toBe('amount_required');
    expect(checkPurchase('0', info)).toBe('amount_invalid');
    expect(checkPurchase('-1', info)).toBe('amount_invalid');
    expect(checkPurchase('10.0000001', info)).toBe('amount_too_precise');
    expect(checkPurchase('9.99', info)).toBe('amount_below_min');
    expect(checkPurchase('400.01', info)).toBe('subscription_limit_exceeded');
    expect(checkPurchase('250.000001', info)).toBe('insufficient_balance');
    expect(checkPurchase('250', info)).toBeUndefined();
  });
});

describe('coinsFor', () => {
  it('cuts the coins to the coin decimals and rounds their cost up to the currency', () => {
    // 10 ÷ 0.3 = 33.333… → 33.33 coins, costing 9.999.
    expect(coinsFor('10', info)).toEqual({ quantity: '33.33', cost: '9.999' });
  });
});

describe('maxPurchase', () => {
  it('is the smaller of the quota left and the balance', () => {
    expect(maxPurchase(info)).toBe('250');
    expect(maxPurchase({ ...info, mine: { subscribed: '0', remaining: '500', available: '900' } })).toBe('500');
  });
});
