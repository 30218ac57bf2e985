import {
  AMOUNT_TEXT,
  addDecimal,
  ceilDecimal,
  compareDecimal,
  decimalPlaces,
  divideDecimal,
  floorToStep,
  isOnStep,
  isPositiveDecimal,
  multiplyDecimal,
  subtractDecimal,
  truncateDecimal,
} from '@app/shared';

/**
 * The spot form's client checks and shortcuts, in decimal strings (never floats). The server judges
 * again; these only spare the user a round trip and say what is wrong next to the field.
 */

/** The two sides, buy first (the rising colour), as the form's tabs and the chart's buttons show them. */
export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];
export type OrderKind = 'limit' | 'market';

export type OrderInput = { side: Side; kind: OrderKind; price: string; amount: string; total: string };

export type PairRules = {
  tick_size: string;
  lot_size: string;
  min_amount: string;
  /** Fee rates as fractions ("0.001"): a limit buy freezes its cost plus the fee at the larger one. */
  maker_fee_rate?: string;
  taker_fee_rate?: string;
};

/** The larger fee rate of a pair ('0' when unknown). */
function feeRate(rules: PairRules): string {
  const maker = rules.maker_fee_rate ?? '0';
  const taker = rules.taker_fee_rate ?? '0';
  return compareDecimal(maker, taker) >= 0 ? maker : taker;
}

/**
 * What a limit buy freezes of the quote coin: price × amount plus the fee at the larger rate, rounded
 * up to the coin's decimals (docs/api-spot.md "Money").
 */
export function limitBuyCost(price: string, amount: string, rules: PairRules, quoteDecimals: number): string {
  const quote = multiplyDecimal(price, amount);
  return ceilDecimal(multiplyDecimal(quote, addDecimal('1', feeRate(rules))), quoteDecimals);
}

export type OrderField = 'price' | 'amount' | 'total';

export type OrderCheck =
  | 'price_required'
  | 'price_invalid'
  | 'price_off_tick'
  | 'amount_required'
  | 'amount_invalid'
  | 'amount_off_lot'
  | 'amount_below_min'
  | 'total_required'
  | 'total_invalid'
  | 'total_too_precise'
  | 'insufficient_balance'
  | 'not_enough_sellable';

export type OrderProblem = { field: OrderField; code: OrderCheck };

const isPlainPositive = (text: string) => AMOUNT_TEXT.test(text) && isPositiveDecimal(text);

/** Which field a market buy asks for: the quote amount to spend; every other order asks for the base amount. */
export const usesTotal = (input: Pick<OrderInput, 'side' | 'kind'>) => input.side === 'buy' && input.kind === 'market';

/**
 * The first problem of an order, field by field in the form's order, or undefined when it may be sent.
 * `available` is the quote coin's available balance for a buy and the base coin's for a sell;
 * `quoteDecimals` is how many decimals the quote coin allows (for a market buy's total).
 */
export function checkOrder(
  raw: OrderInput,
  rules: PairRules,
  available: string,
  quoteDecimals: number,
): OrderProblem | undefined {
  const input = { ...raw, price: raw.price.trim(), amount: raw.amount.trim(), total: raw.total.trim() };
  if (input.kind === 'limit') {
    if (input.price === '') return { field: 'price', code: 'price_required' };
    if (!isPlainPositive(input.price)) return { field: 'price', code: 'price_invalid' };
    if (!isOnStep(input.price, rules.tick_size)) return { field: 'price', code: 'price_off_tick' };
  }
  if (usesTotal(input)) {
    if (input.total === '') return { field: 'total', code: 'total_required' };
    if (!isPlainPositive(input.total)) return { field: 'total', code: 'total_invalid' };
    if (decimalPlaces(input.total) > quoteDecimals) return { field: 'total', code: 'total_too_precise' };
    if (compareDecimal(input.total, available) > 0) return { field: 'total', code: 'insufficient_balance' };
    return undefined;
  }
  if (input.amount === '') return { field: 'amount', code: 'amount_required' };
  if (!isPlainPositive(input.amount)) return { field: 'amount', code: 'amount_invalid' };
  if (!isOnStep(input.amount, rules.lot_size)) return { field: 'amount', code: 'amount_off_lot' };
  if (compareDecimal(input.amount, rules.min_amount) < 0) return { field: 'amount', code: 'amount_below_min' };
  if (input.side === 'sell') {
    if (compareDecimal(input.amount, available) > 0) return { field: 'amount', code: 'not_enough_sellable' };
    return undefined;
  }
  // A limit buy freezes price × amount of the quote coin, and the fee.
  if (compareDecimal(limitBuyCost(input.price, input.amount, rules, quoteDecimals), available) > 0) {
    return { field: 'amount', code: 'insufficient_balance' };
  }
  return undefined;
}

export const PERCENTS = [25, 50, 75, 100] as const;

/**
 * The field value for "use N % of what is available": the base amount on the lot grid for a limit buy
 * (at the price typed) and for a sell, the quote total cut to the coin's decimals for a market buy.
 * Undefined when it cannot be worked out (a limit buy without a valid price).
 */
export function percentOf(
  percent: number,
  input: Pick<OrderInput, 'side' | 'kind' | 'price'>,
  rules: PairRules,
  available: string,
  quoteDecimals: number,
): string | undefined {
  if (!isPositiveDecimal(available)) return '0';
  const share = percent >= 100 ? available : multiplyDecimal(available, divideDecimal(String(percent), '100', 4));
  if (usesTotal(input)) return truncateDecimal(share, quoteDecimals);
  if (input.side === 'sell') return floorToStep(share, rules.lot_size);
  const price = input.price.trim();
  if (!isPlainPositive(price)) return undefined;
  const lotPlaces = decimalPlaces(rules.lot_size);
  // The fee is frozen with the price: what one coin costs with it.
  const unitCost = multiplyDecimal(price, addDecimal('1', feeRate(rules)));
  let amount = floorToStep(divideDecimal(share, unitCost, lotPlaces), rules.lot_size);
  // Rounding the fee up may still tip the last lot over: step back until it fits.
  while (isPositiveDecimal(amount) && compareDecimal(limitBuyCost(price, amount, rules, quoteDecimals), share) > 0) {
    amount = floorToStep(subtractDecimal(amount, rules.lot_size), rules.lot_size);
  }
  return amount;
}

/** price × amount for display, or undefined while either is not a number yet. */
export function orderTotal(price: string, amount: string): string | undefined {
  if (!isPlainPositive(price.trim()) || !isPlainPositive(amount.trim())) return undefined;
  return multiplyDecimal(price.trim(), amount.trim());
}
