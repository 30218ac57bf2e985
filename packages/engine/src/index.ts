/**
 * @app/engine: the order book and matching engine of one market. Pure TypeScript, no I/O,
 * deterministic; commands in, events out; snapshot/restore and replay. See README.md.
 */
export { Engine, SequenceError } from './engine.js';
export type * from './types.js';
export {
  fromLots,
  fromQuoteUnits,
  fromTicks,
  fromUnits,
  type MarketUnits,
  marketUnits,
  notional,
  quoteUnit,
  type Rounding,
  toLots,
  toQuoteUnits,
  toTicks,
  toUnits,
  UnitError,
  type UnitErrorCode,
} from './units.js';

/** Bumped when the snapshot format or the matching rules change. */
export const ENGINE_VERSION = 1;
