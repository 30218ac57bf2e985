import { AppError } from '../../lib/app-error.js';
import { D, type Dec } from '../../lib/money.js';
import type { Pair } from '../../market/pairs.js';

/** A user's numbers as typed, checked against a pair's rules; each refusal names the field it is about. */

const text = (raw: unknown) => (typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '');
const NUMBER_TEXT = /^\d{1,24}(\.\d{1,30})?$/;

export const refuse = (
  code: ConstructorParameters<typeof AppError>[0],
  field: string,
  values?: Record<string, string | number>,
) => new AppError(code, { fields: { [field]: code }, ...(values ? { values } : {}) });

/** A stop on the wrong side of the entry or the index, refused on the field of the stop at fault. */
export const refuseStop = (problem: 'stop_profit_wrong_side' | 'stop_loss_wrong_side') =>
  refuse(problem, problem === 'stop_profit_wrong_side' ? 'target_profit_price' : 'stop_loss_price');

/** Lots: a whole number ≥ 1 as typed ("1.5", "0", "-1", "1e3" are refused), at most the pair's maximum. */
export function parseLots(raw: unknown, maxLots: number): number {
  const value = text(raw);
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw refuse('lots_invalid', 'share');
  const lots = Number(value);
  if (lots > maxLots) throw refuse('lots_too_many', 'share', { max: maxLots });
  return lots;
}

export function parseMultiple(raw: unknown, allowed: readonly number[]): number {
  const value = text(raw);
  const multiple = /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
  if (!allowed.includes(multiple)) throw refuse('multiple_not_allowed', 'multiple');
  return multiple;
}

/** A price on the pair's grid: positive, at most the pair's places, a multiple of its tick. */
export function parsePairPrice(pair: Pair, raw: unknown, field: string, required: boolean): Dec | undefined {
  const value = text(raw);
  // Only an empty field means "no stop": a price of 0 is refused (price_invalid below), never read as none.
  if (value === '') {
    if (required) throw refuse('price_required', field);
    return undefined;
  }
  if (!NUMBER_TEXT.test(value)) throw refuse('price_invalid', field);
  const price = new D(value);
  if (price.lte(0) || price.decimalPlaces() > pair.priceDecimals) throw refuse('price_invalid', field);
  if (!price.mod(pair.tickSize).isZero()) throw refuse('price_off_tick', field, { tick: pair.tickSize });
  return price;
}
