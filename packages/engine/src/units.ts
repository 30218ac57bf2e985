/**
 * Exact conversion between decimal strings (the wire, the database) and the integer units the engine
 * matches in:
 *
 * - price ticks:  price    = ticks × tickSize   (`toTicks('123.45', '0.01') === 12345`)
 * - quantity lots: quantity = lots  × lotSize    (`toLots('0.015', '0.001') === 15`)
 * - quote units:  amount   = units × tickSize × lotSize, so a trade's quote amount is exactly
 *   `priceTicks × qtyLots` quote units (`notional(12345, 15, '0.01', '0.001') === '1.85175'`).
 *
 * All arithmetic is on bigint, never on floats. A value off the grid is rejected (`UnitError` with code
 * `off_grid`) unless a rounding direction is asked for explicitly: `'down'` (towards −∞, e.g. a
 * quote budget or a quantity a user can afford) or `'up'` (towards +∞). Results must be safe integers
 * (|n| ≤ 2^53 − 1), otherwise `out_of_range`.
 */

export type Rounding = 'exact' | 'down' | 'up';

export type UnitErrorCode = 'invalid_decimal' | 'invalid_step' | 'off_grid' | 'out_of_range';

export class UnitError extends RangeError {
  readonly code: UnitErrorCode;
  constructor(code: UnitErrorCode, message: string) {
    super(message);
    this.name = 'UnitError';
    this.code = code;
  }
}

/** value = int / 10^scale */
interface Dec {
  readonly int: bigint;
  readonly scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const TEN = 10n;

function parseDecimal(text: string): Dec {
  if (typeof text !== 'string') throw new UnitError('invalid_decimal', `not a decimal string: ${String(text)}`);
  const match = DECIMAL.exec(text);
  if (!match) throw new UnitError('invalid_decimal', `not a plain decimal: "${text}"`);
  let fraction = match[3] ?? '';
  // Trailing zeros carry no value; dropping them keeps the scale (and the output of fromUnits) minimal.
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end--;
  fraction = fraction.slice(0, end);
  const magnitude = BigInt(match[2] + fraction);
  return { int: match[1] === '-' ? -magnitude : magnitude, scale: fraction.length };
}

function parseStep(step: string): Dec {
  let dec: Dec;
  try {
    dec = parseDecimal(step);
  } catch {
    throw new UnitError('invalid_step', `step is not a plain decimal: "${String(step)}"`);
  }
  if (dec.int <= 0n) throw new UnitError('invalid_step', `step must be positive: "${step}"`);
  return dec;
}

function format(int: bigint, scale: number): string {
  const negative = int < 0n;
  let digits = (negative ? -int : int).toString();
  if (scale > 0) {
    if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
    digits = `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  }
  return negative ? `-${digits}` : digits;
}

function divide(value: Dec, step: Dec, rounding: Rounding, text: string): number {
  const scale = Math.max(value.scale, step.scale);
  const num = value.int * TEN ** BigInt(scale - value.scale);
  const den = step.int * TEN ** BigInt(scale - step.scale);
  let quotient = num / den; // truncates towards zero
  if (num % den !== 0n) {
    if (rounding === 'exact') {
      throw new UnitError('off_grid', `${text} is not a multiple of ${format(step.int, step.scale)}`);
    }
    if (rounding === 'down' && num < 0n) quotient -= 1n;
    else if (rounding === 'up' && num > 0n) quotient += 1n;
  }
  if (quotient > MAX_SAFE || quotient < -MAX_SAFE) {
    throw new UnitError('out_of_range', `${text} is more than 2^53 − 1 steps of ${format(step.int, step.scale)}`);
  }
  return Number(quotient);
}

function multiply(units: number | bigint, step: Dec): string {
  if (typeof units === 'number' && !Number.isSafeInteger(units)) {
    throw new UnitError('out_of_range', `units must be a safe integer: ${units}`);
  }
  return format(BigInt(units) * step.int, step.scale);
}

/** `value / step` as an integer; throws `UnitError` if `value` is off the grid (with `rounding = 'exact'`). */
export function toUnits(value: string, step: string, rounding: Rounding = 'exact'): number {
  return divide(parseDecimal(value), parseStep(step), rounding, value);
}

/** `units × step` as a decimal string with the step's number of decimals (`fromUnits(1230, '0.01') === '12.30'`). */
export function fromUnits(units: number | bigint, step: string): string {
  return multiply(units, parseStep(step));
}

export const toTicks = (price: string, tickSize: string, rounding: Rounding = 'exact'): number =>
  toUnits(price, tickSize, rounding);
export const fromTicks = (ticks: number | bigint, tickSize: string): string => fromUnits(ticks, tickSize);
export const toLots = (quantity: string, lotSize: string, rounding: Rounding = 'exact'): number =>
  toUnits(quantity, lotSize, rounding);
export const fromLots = (lots: number | bigint, lotSize: string): string => fromUnits(lots, lotSize);

function productStep(tickSize: string, lotSize: string): Dec {
  const tick = parseStep(tickSize);
  const lot = parseStep(lotSize);
  return { int: tick.int * lot.int, scale: tick.scale + lot.scale };
}

/** The size of one quote unit, `tickSize × lotSize` (`quoteUnit('0.01', '0.001') === '0.00001'`). */
export function quoteUnit(tickSize: string, lotSize: string): string {
  const step = productStep(tickSize, lotSize);
  return format(step.int, step.scale);
}

/**
 * A quote amount (e.g. a market buy's budget) in quote units. Budgets usually want `'down'`: a user
 * never spends more than they asked for.
 */
export function toQuoteUnits(amount: string, tickSize: string, lotSize: string, rounding: Rounding = 'exact'): number {
  return divide(parseDecimal(amount), productStep(tickSize, lotSize), rounding, amount);
}

export function fromQuoteUnits(units: number | bigint, tickSize: string, lotSize: string): string {
  return multiply(units, productStep(tickSize, lotSize));
}

/** The exact quote amount of `qtyLots` at `priceTicks`, computed in bigint (no overflow at any size). */
export function notional(priceTicks: number, qtyLots: number, tickSize: string, lotSize: string): string {
  return fromQuoteUnits(BigInt(priceTicks) * BigInt(qtyLots), tickSize, lotSize);
}

export interface MarketUnits {
  readonly tickSize: string;
  readonly lotSize: string;
  /** tickSize × lotSize */
  readonly quoteUnit: string;
  toTicks(price: string, rounding?: Rounding): number;
  fromTicks(ticks: number | bigint): string;
  toLots(quantity: string, rounding?: Rounding): number;
  fromLots(lots: number | bigint): string;
  toQuoteUnits(amount: string, rounding?: Rounding): number;
  fromQuoteUnits(units: number | bigint): string;
  notional(priceTicks: number, qtyLots: number): string;
}

/** The converters of one market, with its tick and lot sizes parsed once. */
export function marketUnits(tickSize: string, lotSize: string): MarketUnits {
  const tick = parseStep(tickSize);
  const lot = parseStep(lotSize);
  const quote: Dec = { int: tick.int * lot.int, scale: tick.scale + lot.scale };
  return {
    tickSize: format(tick.int, tick.scale),
    lotSize: format(lot.int, lot.scale),
    quoteUnit: format(quote.int, quote.scale),
    toTicks: (price, rounding = 'exact') => divide(parseDecimal(price), tick, rounding, price),
    fromTicks: (ticks) => multiply(ticks, tick),
    toLots: (quantity, rounding = 'exact') => divide(parseDecimal(quantity), lot, rounding, quantity),
    fromLots: (lots) => multiply(lots, lot),
    toQuoteUnits: (amount, rounding = 'exact') => divide(parseDecimal(amount), quote, rounding, amount),
    fromQuoteUnits: (units) => multiply(units, quote),
    notional: (priceTicks, qtyLots) => multiply(BigInt(priceTicks) * BigInt(qtyLots), quote),
  };
}
