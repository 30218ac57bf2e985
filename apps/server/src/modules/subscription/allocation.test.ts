import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, str } from '../../ledger/money.js';
import { allocate } from './allocation.js';

const view = (a: ReturnType<typeof allocate>) =>
  a.orders.map((o) => ({ id: o.id, quantity: str(o.quantity), cost: str(o.cost), refund: str(o.refund) }));

describe('allocate', () => {
  it('gives every order amount ÷ price when undersubscribed, and leaves the rest unissued', () => {
    const a = allocate({
      price: '0.5',
      supply: '1000',
      coinDecimals: 4,
      payDecimals: 6,
      orders: [
        { id: 1, amount: '100' },
        { id: 2, amount: '50.25' },
      ],
    });
    expect(a.oversubscribed).toBe(false);
    expect(view(a)).toEqual([
      { id: 1, quantity: '200', cost: '100', refund: '0' },
      { id: 2, quantity: '100.5', cost: '50.25', refund: '0' },
    ]);
    expect(str(a.allocated)).toBe('300.5');
    expect(str(a.unallocated)).toBe('699.5');
    expect(str(a.proceeds)).toBe('150.25');
  });

  it('rounds the quantity down to the coin and refunds what the whole coins did not cost', () => {
    // 10 ÷ 3 = 3.33333… coins; at 2 decimals 3.33 coins cost 9.99, so 0.01 comes back.
    const a = allocate({ price: '3', supply: '100', coinDecimals: 2, payDecimals: 6, orders: [{ id: 1, amount: '10' }] });
    expect(view(a)).toEqual([{ id: 1, quantity: '3.33', cost: '9.99', refund: '0.01' }]);
  });

  it('rounds the cost up to the currency when quantity × price has more places than it', () => {
    // 1 ÷ 0.333333 = 3.0000030000… → 3.000003 coins at 6 dp; 3.000003 × 0.333333 = 0.999999999999,
    // rounded up to the currency's 6 dp = 1: the whole 1 is spent, nothing comes back.
    const a = allocate({ price: '0.333333', supply: '100', coinDecimals: 6, payDecimals: 6, orders: [{ id: 1, amount: '1' }] });
    expect(view(a)).toEqual([{ id: 1, quantity: '3.000003', cost: '1', refund: '0' }]);
  });

  it('scales every order by supply ÷ demand when oversubscribed (exact decimals)', () => {
    // Offering: 1000 coins × 0.1 = 100 USDT; demand 300 → each order gets a third of its coins.
    const a = allocate({
      price: '0.1',
      supply: '1000',
      coinDecimals: 4,
      payDecimals: 6,
      orders: [
        { id: 1, amount: '100' },
        { id: 2, amount: '150' },
        { id: 3, amount: '50' },
      ],
    });
    expect(a.oversubscribed).toBe(true);
    expect(str(a.demand)).toBe('300');
    expect(view(a)).toEqual([
      // 100 × 1000 / 300 = 333.3333… → 333.3333 coins, cost 33.33333, refund 66.66667
      { id: 1, quantity: '333.3333', cost: '33.33333', refund: '66.66667' },
      { id: 2, quantity: '500', cost: '50', refund: '100' },
      { id: 3, quantity: '166.6666', cost: '16.66666', refund: '33.33334' },
    ]);
    // Rounding left 0.0001 coin unallocated; it is never issued and its price is in the refunds.
    expect(str(a.allocated)).toBe('999.9999');
    expect(str(a.unallocated)).toBe('0.0001');
    expect(str(a.proceeds)).toBe('99.99999');
    expect(str(a.refunded)).toBe('200.00001');
    expect(str(a.proceeds.plus(a.refunded))).toBe('300');
  });

  it('gives nothing (and refunds everything) to an order too small for one unit of the coin', () => {
    const a = allocate({
      price: '1',
      supply: '1',
      coinDecimals: 0,
      payDecimals: 6,
      orders: [
        { id: 1, amount: '3' },
        { id: 2, amount: '0.5' },
      ],
    });
    expect(view(a)).toEqual([
      { id: 1, quantity: '0', cost: '0', refund: '3' },
      { id: 2, quantity: '0', cost: '0', refund: '0.5' },
    ]);
    expect(str(a.unallocated)).toBe('1');
  });

  it('exactly fills the offering when demand equals it', () => {
    const a = allocate({
      price: '2',
      supply: '50',
      coinDecimals: 8,
      payDecimals: 6,
      orders: [
        { id: 1, amount: '60' },
        { id: 2, amount: '40' },
      ],
    });
    expect(a.oversubscribed).toBe(false);
    expect(view(a)).toEqual([
      { id: 1, quantity: '30', cost: '60', refund: '0' },
      { id: 2, quantity: '20', cost: '40', refund: '0' },
    ]);
    expect(str(a.unallocated)).toBe('0');
  });

  it('never allocates more than the supply, never charges more than an order froze, and conserves money', () => {
    const amount = fc
      .tuple(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 6 }))
      .map(([units, places]) => new D(units).dividedBy(new D(10).pow(places)).toFixed());
    fc.assert(
      fc.property(
        fc.array(amount, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 8 }),
        (amounts, supplyUnits, priceUnits, coinDecimals) => {
          const price = new D(priceUnits).dividedBy(1000).toFixed();
          const a = allocate({
            price,
            supply: String(supplyUnits),
            coinDecimals,
            payDecimals: 6,
            orders: amounts.map((amount, i) => ({ id: i + 1, amount })),
          });
          expect(a.allocated.lte(supplyUnits)).toBe(true);
          for (const o of a.orders) {
            expect(o.refund.gte(0)).toBe(true);
            expect(o.cost.plus(o.refund).eq(o.amount)).toBe(true);
            expect(o.quantity.decimalPlaces()).toBeLessThanOrEqual(coinDecimals);
            expect(o.cost.decimalPlaces()).toBeLessThanOrEqual(6);
            // Nobody pays less than the issue price for what they get.
            expect(o.cost.gte(o.quantity.times(price))).toBe(true);
          }
          // Pro-rata: rounding costs each order less than one smallest unit of the coin.
          if (a.oversubscribed) {
            const unit = new D(10).pow(-coinDecimals);
            for (const o of a.orders) {
              const exact = o.amount.times(supplyUnits).dividedBy(a.demand);
              expect(exact.minus(o.quantity).lt(unit)).toBe(true);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
