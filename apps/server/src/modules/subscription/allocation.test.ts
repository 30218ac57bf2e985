import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { D, str } from '../../lib/money.js';
import { allocate } from './allocation.js';

const view = (a: ReturnType<typeof allocate>) =>
  a.orders.map((o) => ({ id: o.id, quantity: str(o.quantity), cost: str(o.cost), refund: str(o.refund) }));

describe('allocate', () => {
  // Each offering with its orders (ids 1, 2, … in the order of their amounts): what every order gets,
  // and the totals, which always conserve money (proceeds + refunds = demand).
  const cases: {
    name: string;
    offering: { price: string; supply: string; coinDecimals: number };
    amounts: string[];
    expected: { id: number; quantity: string; cost: string; refund: string }[];
    totals: {
      oversubscribed: boolean;
      demand: string;
      allocated: string;
      unallocated: string;
      proceeds: string;
      refunded: string;
    };
  }[] = [
    {
      name: 'gives every order amount ÷ price when undersubscribed, and leaves the rest unissued',
      offering: { price: '0.5', supply: '1000', coinDecimals: 4 },
      amounts: ['100', '50.25'],
      expected: [
        { id: 1, quantity: '200', cost: '100', refund: '0' },
        { id: 2, quantity: '100.5', cost: '50.25', refund: '0' },
      ],
      totals: {
        oversubscribed: false,
        demand: '150.25',
        allocated: '300.5',
        unallocated: '699.5',
        proceeds: '150.25',
        refunded: '0',
      },
    },
    {
      name: 'rounds the quantity down to the coin and refunds what the whole coins did not cost',
      // 10 ÷ 3 = 3.33333… coins; at 2 decimals 3.33 coins cost 9.99, so 0.01 comes back.
      offering: { price: '3', supply: '100', coinDecimals: 2 },
      amounts: ['10'],
      expected: [{ id: 1, quantity: '3.33', cost: '9.99', refund: '0.01' }],
      totals: {
        oversubscribed: false,
        demand: '10',
        allocated: '3.33',
        unallocated: '96.67',
        proceeds: '9.99',
        refunded: '0.01',
      },
    },
    {
      name: 'rounds the cost up to the currency when quantity × price has more places than it',
      // 1 ÷ 0.333333 = 3.0000030000… → 3.000003 coins at 6 dp; 3.000003 × 0.333333 = 0.999999999999,
      // rounded up to the currency's 6 dp = 1: the whole 1 is spent, nothing comes back.
      offering: { price: '0.333333', supply: '100', coinDecimals: 6 },
      amounts: ['1'],
      expected: [{ id: 1, quantity: '3.000003', cost: '1', refund: '0' }],
      totals: {
        oversubscribed: false,
        demand: '1',
        allocated: '3.000003',
        unallocated: '96.999997',
        proceeds: '1',
        refunded: '0',
      },
    },
    {
      name: 'scales every order by supply ÷ demand when oversubscribed (exact decimals)',
      // Offering: 1000 coins × 0.1 = 100 USDT; demand 300 → each order gets a third of its coins.
      offering: { price: '0.1', supply: '1000', coinDecimals: 4 },
      amounts: ['100', '150', '50'],
      expected: [
        // 100 × 1000 / 300 = 333.3333… → 333.3333 coins, cost 33.33333, refund 66.66667
        { id: 1, quantity: '333.3333', cost: '33.33333', refund: '66.66667' },
        { id: 2, quantity: '500', cost: '50', refund: '100' },
        // 50 × 1000 / 300 = 166.6666… lost the most to the cut: it gets the left-over 0.0001.
        { id: 3, quantity: '166.6667', cost: '16.66667', refund: '33.33333' },
      ],
      // The whole supply is issued: the unit the cut left over went to the largest remainder.
      totals: { oversubscribed: true, demand: '300', allocated: '1000', unallocated: '0', proceeds: '100', refunded: '200' },
    },
    {
      name: 'gives the extra unit only to an order that paid for it',
      // Barely oversubscribed in whole coins: 9 coins at 1, two orders of 4.6 each want 4.5 coins each,
      // but neither paid for a fifth coin. 8 are issued, 1 is not, and nobody is charged above what it froze.
      offering: { price: '1', supply: '9', coinDecimals: 0 },
      amounts: ['4.6', '4.6'],
      expected: [
        { id: 1, quantity: '4', cost: '4', refund: '0.6' },
        { id: 2, quantity: '4', cost: '4', refund: '0.6' },
      ],
      totals: { oversubscribed: true, demand: '9.2', allocated: '8', unallocated: '1', proceeds: '8', refunded: '1.2' },
    },
    {
      name: 'gives nothing (and refunds everything) to an order too small for one unit of the coin',
      offering: { price: '1', supply: '1', coinDecimals: 0 },
      amounts: ['3', '0.5'],
      // Exact shares 0.857 and 0.143 of the single coin: it goes to the larger remainder, order 1 (which
      // paid for it); order 2 could not have paid for a whole coin anyway.
      expected: [
        { id: 1, quantity: '1', cost: '1', refund: '2' },
        { id: 2, quantity: '0', cost: '0', refund: '0.5' },
      ],
      totals: { oversubscribed: true, demand: '3.5', allocated: '1', unallocated: '0', proceeds: '1', refunded: '2.5' },
    },
    {
      name: 'exactly fills the offering when demand equals it',
      offering: { price: '2', supply: '50', coinDecimals: 8 },
      amounts: ['60', '40'],
      expected: [
        { id: 1, quantity: '30', cost: '60', refund: '0' },
        { id: 2, quantity: '20', cost: '40', refund: '0' },
      ],
      totals: { oversubscribed: false, demand: '100', allocated: '50', unallocated: '0', proceeds: '100', refunded: '0' },
    },
  ];
  for (const { name, offering, amounts, expected, totals } of cases) {
    it(name, () => {
      const a = allocate({ ...offering, payDecimals: 6, orders: amounts.map((amount, i) => ({ id: i + 1, amount })) });
      expect(view(a)).toEqual(expected);
      expect({
        oversubscribed: a.oversubscribed,
        demand: str(a.demand),
        allocated: str(a.allocated),
        unallocated: str(a.unallocated),
        proceeds: str(a.proceeds),
        refunded: str(a.refunded),
      }).toEqual(totals);
      expect(str(a.proceeds.plus(a.refunded))).toBe(totals.demand);
    });
  }

  it('hands the left-over units to the largest remainders, ties to the earliest order', () => {
    // 7 coins (0 decimals) among three equal orders: 2⅓ each, one coin left over after the cut; the
    // remainders tie, so the lowest id gets it — whatever order the orders arrive in.
    const orders = [
      { id: 12, amount: '10' },
      { id: 5, amount: '10' },
      { id: 9, amount: '10' },
    ];
    const a = allocate({ price: '1', supply: '7', coinDecimals: 0, payDecimals: 6, orders });
    expect(a.orders.map((o) => [o.id, str(o.quantity)])).toEqual([
      [12, '2'],
      [5, '3'],
      [9, '2'],
    ]);
    // 10 coins among 1, 2 and 4 parts: exact 1.43, 2.86, 5.71 → 1, 2, 5 and 2 left over, to the
    // remainders 0.86 and 0.71 (ids 2 and 3), not 0.43 (id 1).
    const b = allocate({
      price: '1',
      supply: '10',
      coinDecimals: 0,
      payDecimals: 6,
      orders: [
        { id: 1, amount: '10' },
        { id: 2, amount: '20' },
        { id: 3, amount: '40' },
      ],
    });
    expect(b.orders.map((o) => str(o.quantity))).toEqual(['1', '3', '6']);
    expect(str(b.allocated)).toBe('10');
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
          // Each order gets at most what it paid for at the issue price.
          for (const o of a.orders) expect(o.quantity.times(price).lte(o.amount)).toBe(true);
          if (a.oversubscribed) {
            // Pro-rata: each order is within one smallest unit of its exact share.
            const unit = new D(10).pow(-coinDecimals);
            for (const o of a.orders) {
              const exact = o.amount.times(supplyUnits).dividedBy(a.demand);
              expect(o.quantity.minus(exact).abs().lt(unit)).toBe(true);
            }
            // Largest remainder: a unit stays unissued only when no order left at its cut-down share
            // could pay for one more.
            if (a.unallocated.gt(0)) {
              for (const o of a.orders) {
                const exact = o.amount.times(supplyUnits).dividedBy(a.demand);
                if (o.quantity.lt(exact)) expect(o.quantity.plus(unit).times(price).gt(o.amount)).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('issues exactly the supply when oversubscribed, each order within one unit of its share and within what it paid', () => {
    // Demand at least twice the offering and every order worth at least two units: each order can then
    // pay for its cut-down share plus one unit, so Σ quantity must be the supply exactly.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 2, max: 1_000_000 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 2, max: 50 }),
        (coinDecimals, priceUnits, parts, supplyUnits, overFactor) => {
          const unit = new D(10).pow(-coinDecimals);
          const price = new D(priceUnits).dividedBy(1000);
          const supply = new D(supplyUnits).times(unit);
          // Scale the orders so that demand ≥ overFactor × supply × price and each ≥ 2 units' price.
          const partsTotal = parts.reduce((x, y) => x + y, 0);
          const scale = D.max(supply.times(price).times(overFactor).dividedBy(partsTotal), unit.times(price));
          const orders = parts.map((p, i) => ({
            id: i + 1,
            amount: new D(p).times(scale).toDecimalPlaces(6, D.ROUND_UP).toFixed(),
          }));
          const a = allocate({ price: price.toFixed(), supply: supply.toFixed(), coinDecimals, payDecimals: 6, orders });
          expect(a.oversubscribed).toBe(true);
          expect(a.allocated.eq(supply)).toBe(true);
          expect(a.unallocated.isZero()).toBe(true);
          for (const o of a.orders) {
            const exact = o.amount.times(supply).dividedBy(a.demand);
            expect(o.quantity.minus(exact).abs().lt(unit)).toBe(true);
            expect(o.quantity.times(price).lte(o.amount)).toBe(true);
            expect(o.cost.lte(o.amount)).toBe(true);
            expect(o.refund.gte(0)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
