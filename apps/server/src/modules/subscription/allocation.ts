import { D, type Dec, roundDown, roundUp } from '../../ledger/money.js';

/**
 * Allocation of a new coin among subscriptions, exact and without I/O (decimal.js only).
 *
 * Each order paid `amount` in the subscription currency. With `price` (one new coin in that currency)
 * and `supply` (new coins offered), the offering is worth `supply × price`.
 * - Undersubscribed (Σ amount ≤ supply × price): an order gets `amount ÷ price` coins.
 * - Oversubscribed: every order is scaled by the same ratio, `supply ÷ Σ amount` coins per unit paid,
 *   so an order gets `amount × supply ÷ Σ amount` coins.
 * Either way the quantity is rounded DOWN to the new coin's decimals (nobody receives a coin that does
 * not exist), the order pays `quantity × price` rounded UP to the subscription currency's decimals (the
 * issuer never sells below the issue price; this is at most one smallest unit and never more than
 * the order froze), and the rest of what it froze is refunded.
 *
 * The rounding remainder — supply that rounding down left unallocated, at most one smallest unit of
 * the new coin per order — is never issued: launch credits only the allocated quantities, and the
 * money for it stays in the subscribers' refunds. `unallocated` reports it.
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

  let allocated = new D(0);
  let proceeds = new D(0);
  let refunded = new D(0);
  const orders = input.orders.map((o) => {
    const amount = new D(o.amount);
    const exact = oversubscribed ? amount.times(supply).dividedBy(demand) : amount.dividedBy(price);
    const quantity = roundDown(exact, input.coinDecimals);
    const cost = roundUp(quantity.times(price), input.payDecimals);
    // quantity ≤ amount ÷ price, so quantity × price ≤ amount, and rounding up to the currency's
    // decimals cannot pass `amount` (which has those decimals): the refund is never negative.
    const refund = amount.minus(cost);
    if (refund.lt(0)) throw new Error(`allocation would charge order ${o.id} more than it froze`);
    allocated = allocated.plus(quantity);
    proceeds = proceeds.plus(cost);
    refunded = refunded.plus(refund);
    return { id: o.id, amount, quantity, cost, refund };
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
