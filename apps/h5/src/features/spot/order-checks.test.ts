import { compareDecimal, isOnStep, multiplyDecimal } from '@app/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkOrder, limitBuyCost, type OrderInput, orderTotal, percentOf } from './order-checks';

const BTC = { tick_size: '0.01', lot_size: '0.00001', min_amount: '0.0001' };
/** The seeded fee rates: 0.08 % maker, 0.1 % taker. */
const BTC_FEES = { ...BTC, maker_fee_rate: '0.0008', taker_fee_rate: '0.001' };
const TRX = { tick_size: '0.00001', lot_size: '0.1', min_amount: '1' };
const limitBuy = (price: string, amount: string): OrderInput => ({ side: 'buy', kind: 'limit', price, amount, total: '' });

describe('checkOrder', () => {
  it('asks for a price on the tick for a limit order', () => {
    expect(checkOrder(limitBuy('', '0.001'), BTC, '1000', 6)).toEqual({ field: 'price', code: 'price_required' });
    expect(checkOrder(limitBuy('0', '0.001'), BTC, '1000', 6)).toEqual({ field: 'price', code: 'price_invalid' });
    expect(checkOrder(limitBuy('-5', '0.001'), BTC, '1000', 6)).toEqual({ field: 'price', code: 'price_invalid' });
    expect(checkOrder(limitBuy('1e4', '0.001'), BTC, '1000', 6)).toEqual({ field: 'price', code: 'price_invalid' });
    expect(checkOrder(limitBuy('60000.005', '0.001'), BTC, '1000', 6)).toEqual({ field: 'price', code: 'price_off_tick' });
  });

  it('asks for a positive amount on the lot, at least the minimum', () => {
    expect(checkOrder(limitBuy('60000', ''), BTC, '1000', 6)).toEqual({ field: 'amount', code: 'amount_required' });
    expect(checkOrder(limitBuy('60000', '0'), BTC, '1000', 6)).toEqual({ field: 'amount', code: 'amount_invalid' });
    expect(checkOrder(limitBuy('60000', 'abc'), BTC, '1000', 6)).toEqual({ field: 'amount', code: 'amount_invalid' });
    expect(checkOrder(limitBuy('60000', '0.000015'), BTC, '1000', 6)).toEqual({ field: 'amount', code: 'amount_off_lot' });
    expect(checkOrder(limitBuy('60000', '0.00009'), BTC, '1000', 6)).toEqual({ field: 'amount', code: 'amount_below_min' });
    expect(checkOrder({ ...limitBuy('0.1', '1.25'), side: 'sell' }, TRX, '100', 6)).toEqual({
      field: 'amount',
      code: 'amount_off_lot',
    });
  });

  it('refuses a buy above the quote balance and a sell above the base balance', () => {
    // 0.0167 × 60000 = 1002 > 1000
    expect(checkOrder(limitBuy('60000', '0.0167'), BTC, '1000', 6)).toEqual({ field: 'amount', code: 'insufficient_balance' });
    expect(checkOrder(limitBuy('60000', '0.01666'), BTC, '999.6', 6)).toBeUndefined();
    expect(checkOrder({ ...limitBuy('60000', '0.5'), side: 'sell' }, BTC, '0.4', 6)).toEqual({
      field: 'amount',
      code: 'not_enough_sellable',
    });
    expect(checkOrder({ side: 'sell', kind: 'market', price: '', amount: '0.4', total: '' }, BTC, '0.4', 6)).toBeUndefined();
  });

  it('asks a market buy for the quote total instead of an amount', () => {
    const market = (total: string): OrderInput => ({ side: 'buy', kind: 'market', price: '', amount: '', total });
    expect(checkOrder(market(''), BTC, '1000', 6)).toEqual({ field: 'total', code: 'total_required' });
    expect(checkOrder(market('0'), BTC, '1000', 6)).toEqual({ field: 'total', code: 'total_invalid' });
    expect(checkOrder(market('1.1234567'), BTC, '1000', 6)).toEqual({ field: 'total', code: 'total_too_precise' });
    expect(checkOrder(market('1000.000001'), BTC, '1000', 6)).toEqual({ field: 'total', code: 'insufficient_balance' });
    expect(checkOrder(market('1000'), BTC, '1000', 6)).toBeUndefined();
  });
});

describe('with fees', () => {
  it('freezes a limit buy with the fee at the larger rate, rounded up to the quote decimals', () => {
    // docs/api-spot.md: 0.00011 BTC at 40000.01 = 4.4000011 USDT costs 4.404402.
    expect(limitBuyCost('40000.01', '0.00011', BTC_FEES, 6)).toBe('4.404402');
    expect(limitBuyCost('60000', '0.001', BTC_FEES, 6)).toBe('60.06');
  });

  it('counts the fee against the balance', () => {
    expect(checkOrder(limitBuy('60000', '0.01666'), BTC_FEES, '999.6', 6)).toEqual({
      field: 'amount',
      code: 'insufficient_balance',
    });
    expect(checkOrder(limitBuy('60000', '0.01666'), BTC_FEES, '1000.5996', 6)).toBeUndefined();
  });

  it('leaves room for the fee in the 100 % shortcut', () => {
    expect(percentOf(100, { side: 'buy', kind: 'limit', price: '60000' }, BTC_FEES, '1000', 6)).toBe('0.01665');
    const balance = fc.tuple(fc.nat(100_000), fc.nat(999_999)).map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`);
    const price = fc.integer({ min: 1, max: 9_999_999 }).map((cents) => (cents / 100).toFixed(2));
    fc.assert(
      fc.property(balance, price, fc.constantFrom(25, 50, 75, 100), (available, p, pct) => {
        const amount = percentOf(pct, { side: 'buy', kind: 'limit', price: p }, BTC_FEES, available, 6) as string;
        expect(isOnStep(amount, BTC.lot_size)).toBe(true);
        expect(compareDecimal(limitBuyCost(p, amount, BTC_FEES, 6), available)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('percentOf', () => {
  it('fills the amount a share of the balance buys at the price, on the lot grid', () => {
    expect(percentOf(25, { side: 'buy', kind: 'limit', price: '60000' }, BTC, '1000', 6)).toBe('0.00416');
    expect(percentOf(100, { side: 'buy', kind: 'limit', price: '60000' }, BTC, '1000', 6)).toBe('0.01666');
    expect(percentOf(50, { side: 'buy', kind: 'limit', price: '' }, BTC, '1000', 6)).toBeUndefined();
  });

  it('fills a share of the coin held for a sell and of the quote for a market buy', () => {
    expect(percentOf(75, { side: 'sell', kind: 'limit', price: '0.12' }, TRX, '10.55', 6)).toBe('7.9');
    expect(percentOf(50, { side: 'buy', kind: 'market', price: '' }, BTC, '1000.123457', 6)).toBe('500.061728');
    expect(percentOf(50, { side: 'sell', kind: 'market', price: '' }, BTC, '0', 6)).toBe('0');
  });

  it('never asks for more than the balance, and stays on the lot grid', () => {
    const balance = fc.tuple(fc.nat(1_000_000), fc.nat(999_999)).map(([w, f]) => `${w}.${String(f).padStart(6, '0')}`);
    const price = fc.integer({ min: 1, max: 9_999_999 }).map((cents) => (cents / 100).toFixed(2));
    fc.assert(
      fc.property(balance, price, fc.constantFrom(25, 50, 75, 100), (available, p, pct) => {
        const amount = percentOf(pct, { side: 'buy', kind: 'limit', price: p }, BTC, available, 6);
        expect(amount).toBeDefined();
        expect(isOnStep(amount as string, BTC.lot_size)).toBe(true);
        expect(compareDecimal(multiplyDecimal(p, amount as string), available)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('orderTotal', () => {
  it('multiplies exactly once both are numbers', () => {
    expect(orderTotal('0.1', '0.2')).toBe('0.02');
    expect(orderTotal('60000.01', '')).toBeUndefined();
  });
});
