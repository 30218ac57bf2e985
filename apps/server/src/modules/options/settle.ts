import { D, roundDown, str } from '../../lib/money.js';

/**
 * The outcome of an option, as a pure function of the order's own terms (copied at purchase) and two
 * recorded index samples. Nothing else goes in: no setting, no flag, no operator input, no clock, no
 * randomness — so the same order and samples always give the same result, and anyone can re-check a
 * settlement from the stored samples (settle.test.ts proves both). Do not add parameters to it.
 */

/** The terms an order carries: direction 1 up, 2 down; ratios in percent; the stake coin's decimals. */
export type OptionTerms = {
  direction: 1 | 2;
  stake: string;
  profitRatio: string;
  lossRatio: string;
  decimals: number;
};

/** An index sample: the price and when the index took it (ms). */
export type PriceSample = { price: string; time: number };

export type OptionResult = -1 | 0 | 1;

export type Settlement = {
  /** 1 win, 0 flat, -1 loss (the original client's profit_result). */
  result: OptionResult;
  /** What returns to the option account: stake × (1 + profit), the stake, or stake × (1 − loss). */
  payout: string;
  /** payout − stake: the user's profit (negative on a loss). */
  profit: string;
};

export function settleOption(order: OptionTerms, samples: { open: PriceSample; delivery: PriceSample }): Settlement {
  const open = new D(samples.open.price);
  const delivery = new D(samples.delivery.price);
  const stake = new D(order.stake);
  const moved = delivery.comparedTo(open);
  const result: OptionResult = moved === 0 ? 0 : moved > 0 === (order.direction === 1) ? 1 : -1;
  const factor =
    result === 1
      ? new D(1).plus(new D(order.profitRatio).dividedBy(100))
      : result === -1
        ? new D(1).minus(new D(order.lossRatio).dividedBy(100))
        : new D(1);
  // What the user receives is rounded down to the coin's places: the house never pays out more than the rate.
  const payout = result === 0 ? stake : roundDown(stake.times(factor), order.decimals);
  return { result, payout: str(payout), profit: str(payout.minus(stake)) };
}
