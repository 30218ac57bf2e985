import { D, type Dec, roundDown, roundUp } from '../../lib/money.js';

/**
 * Allocation of a new coin among subscriptions, exact and without I/O (decimal.js only).
 *
 * Each order paid `amount` in the subscription currency. With `price` (one new coin in that currency)
 * and `supply` (new coins offered), the offering is worth `supply × price`.
 * - Undersubscribed (Σ amount ≤ supply × price): an order gets `amount ÷ price` coins.
 * - Oversubscribed: every order is scaled by the same ratio, `supply ÷ Σ amount` coins per unit paid,
 *   so an order gets `amount × supply ÷ Σ amount` coins.
 * Each order's exact share is cut DOWN to the new coin's decimals (nobody receives a coin that does not
 * exist). Undersubscribed, that is all: the unsold supply is simply not issued. Oversubscribed, cutting
 * every share down would leave up to one smallest unit per order unissued although subscribers paid for
 * more than the whole supply, so the units the cut left over are handed out by LARGEST REMAINDER: one
 * more unit each to the orders whose exact share lost the most to the cut, ties to the earliest order
 * (lowest id). Σ quantity is then exactly the supply, and every order is within one unit of its exact
 * share. An order gets the extra unit only if it paid for it (quantity × price ≤ what it froze); in the
 * rare case that fewer orders can pay for one more unit than there are units left over (an offering
 * barely oversubscribed in a coarse coin), those units are not issued and `unallocated` reports them.
 *
 * The order pays `quantity × price` rounded UP to the subscription currency's decimals (the issuer never
 * sells below the issue price; never more than the order froze), and the rest of what it froze is
 * refunded.
 */
export type AllocationInput = {
  price: Dec | string;
  supply: Dec | string;
  /** Decimal places of the new coin. */
  coinDecimals: number;
  /** Decimal places of the subscription currency. */
  payDecimals: number;
  orders: readonly { id: number; amount: Dec | string }[];
};

export type OrderAllocation = { id: number; amount: Dec; quantity: Dec; cost: Dec; refund: Dec };

export type Allocation = {
  oversubscribed: boolean;
  /** Σ amount: what subscribers froze. */
  demand: Dec;
  /** Coins per unit paid, before rounding (1 ÷ price, or supply ÷ demand when oversubscribed). */
  rate: Dec;
  orders: OrderAllocation[];
  allocated: Dec;
  unallocated: Dec;
  /** Σ cost: what the issuer receives. */
  proceeds: Dec;
  refunded: Dec;
};

export function allocate(input: AllocationInput): Allocation {
  const price = new D(input.price);
  const supply = new D(input.supply);
  if (!price.gt(0) || !supply.gt(0)) throw new Error('price and supply must be positive');
  const demand = input.orders.reduce((sum, o) => sum.plus(o.amount), new D(0));
  const oversubscribed = demand.gt(supply.times(price));
  // Coins per unit of the subscription currency paid. Kept as a rate only for display; each quantity
  // is computed from its own amount in one division so no intermediate rounding accumulates.
  const rate = oversubscribed ? supply.dividedBy(demand) : new D(1).dividedBy(price);

  const unit = new D(10).pow(-input.coinDecimals);
  const shares = input.orders.map((o) => {
    const amount = new D(o.amount);
    const exact = oversubscribed ? amount.times(supply).dividedBy(demand) : amount.dividedBy(price);
    return { id: o.id, amount, exact, quantity: roundDown(exact, input.coinDecimals) };
  });
  if (oversubscribed) {
    // Whole units the cut left over: supply − Σ floor, fewer than the orders (each lost less than one).
    let left = supply
      .minus(shares.reduce((sum, s) => sum.plus(s.quantity), new D(0)))
      .dividedBy(unit)
      .floor()
      .toNumber();
    const byRemainder = shares
      // Only a share the cut made smaller, and only one that paid for the unit.
      .filter((s) => s.exact.gt(s.quantity) && s.quantity.plus(unit).times(price).lte(s.amount))
      .sort((a, b) => b.exact.minus(b.quantity).comparedTo(a.exact.minus(a.quantity)) || a.id - b.id);
    for (const s of byRemainder) {
      if (left <= 0) break;
      s.quantity = s.quantity.plus(unit);
      left--;
    }
  }

  let allocated = new D(0);
  let proceeds = new D(0);
  let refunded = new D(0);
  const orders = shares.map(({ id, amount, quantity }) => {
    const cost = roundUp(quantity.times(price), input.payDecimals);
    // quantity × price ≤ amount (a cut-down share is below amount ÷ price, and an extra unit is given
    // only where it holds), and rounding up to the currency's decimals cannot pass `amount` (which has
    // those decimals): the refund is never negative.
    const refund = amount.minus(cost);
    if (refund.lt(0)) throw new Error(`allocation would charge order ${id} more than it froze`);
    allocated = allocated.plus(quantity);
    proceeds = proceeds.plus(cost);
    refunded = refunded.plus(refund);
    return { id, amount, quantity, cost, refund };
  });
  return {
    oversubscribed,
    demand,
    rate,
    orders,
    allocated,
    unallocated: supply.minus(allocated),
    proceeds,
    refunded,
  };
}
