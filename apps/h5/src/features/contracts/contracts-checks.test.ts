import { describe, expect, it } from 'vitest';
import { checkForm, checkLots, checkStops, estimateCost, estimateLiquidation } from './contracts-checks';

const rules = { tick: '0.01', priceDecimals: 2, maxLots: 10000, current: '60000.00' };
const form = {
  side: 'long' as const,
  kind: 'market' as const,
  lots: '1',
  price: '',
  stopOn: false,
  stopProfit: '',
  stopLoss: '',
};

describe('lever form checks', () => {
  it('lots are a whole number of at least 1', () => {
    expect(['0', '1.5', '-1', '', '1e2', 'a'].map((v) => checkLots(v, 100))).toEqual(Array(6).fill('lots_invalid'));
    expect(checkLots('101', 100)).toBe('lots_too_many');
    expect(checkLots(' 3 ', 100)).toBeUndefined();
  });

  it('limit prices lie below the current price for a long, above for a short, on the tick', () => {
    expect(checkForm({ ...form, kind: 'limit' }, rules)).toEqual({ field: 'price', code: 'price_required' });
    expect(checkForm({ ...form, kind: 'limit', price: '60000.00' }, rules)?.code).toBe('limit_price_wrong_side');
    expect(checkForm({ ...form, kind: 'limit', price: '59999.999' }, rules)?.code).toBe('price_invalid');
    expect(checkForm({ ...form, kind: 'limit', price: '59999.99' }, rules)).toBeUndefined();
    expect(checkForm({ ...form, side: 'short', kind: 'limit', price: '59999.99' }, rules)?.code).toBe('limit_price_wrong_side');
  });

  it('stops are required once switched on, and lie on the right side of entry and current price', () => {
    expect(checkForm({ ...form, stopOn: true }, rules)).toEqual({ field: 'stop_profit', code: 'stop_price_required' });
    expect(checkStops('long', '60000', '60100', '60050', '', rules)?.code).toBe('stop_profit_wrong_side');
    expect(checkStops('long', '60000', '59900', '', '59950', rules)?.code).toBe('stop_loss_wrong_side');
    expect(checkStops('long', '60000', '60000', '61000', '59000', rules)).toBeUndefined();
    expect(checkStops('short', '60000', '60000', '59000', '61000', rules)).toBeUndefined();
    expect(checkStops('short', '60000', '60000', '61000', '', rules)?.field).toBe('stop_profit');
  });

  it('estimates margin and fee exactly as the server charges them', () => {
    expect(estimateCost('60000.00', '0.01', 3, 10, '0.0005', 6)).toEqual({ margin: '180', fee: '0.9', total: '180.9' });
    expect(estimateCost('60000.02', '0.01', 1, 7, '0.0005', 6)).toEqual({
      margin: '85.714315',
      fee: '0.300001',
      total: '86.014316',
    });
  });
});

describe('the liquidation price before opening', () => {
  it('is where equity meets the maintenance margin, rounded against the user', () => {
    // 1 lot of 0.01 at 60,000, 10×: margin 60, maintenance 0.5% = 3, cushion 57 / 0.01 = 5,700.
    expect(estimateLiquidation('long', '60000.00', '0.01', 1, 10, '0.005', 6, 2)).toBe('54300');
    expect(estimateLiquidation('short', '60000.00', '0.01', 1, 10, '0.005', 6, 2)).toBe('65700');
    // 100×: margin 6, maintenance 3, cushion 300.
    expect(estimateLiquidation('long', '60000.00', '0.01', 1, 100, '0.005', 6, 2)).toBe('59700');
    // A cushion that is not on the grid: 7× gives margin 85.714286 (up), cushion 8,271.4286 / …
    expect(estimateLiquidation('long', '60000.00', '0.01', 1, 7, '0.005', 6, 2)).toBe('51728.57');
    expect(estimateLiquidation('short', '60000.00', '0.01', 1, 7, '0.005', 6, 2)).toBe('68271.43');
  });

  it('is absent when a long could never be liquidated', () => {
    expect(estimateLiquidation('long', '100', '1', 1, 1, '0', 6, 2)).toBeNull();
  });
});
