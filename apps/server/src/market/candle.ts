import type { KlineCandle } from '@app/shared';
import { D, str } from '../lib/money.js';
import type { CopyBuffer } from './copy-buffer.js';
import type { Pair } from './pairs.js';
import { bucketStart, type CandlePeriod } from './periods.js';
import { fixedPlaces, plainNumeric, unitsToPlain, unitsToString } from './units.js';

/** A candle as the market keeps it: open time in unix seconds, every value a decimal string. */
export type Candle = { t: number; o: string; h: string; l: string; c: string; v: string; a: string };

/**
 * A candle of the simulation in integer units: prices in 10^-priceDecimals, volume in lots, turnover in
 * 10^-priceDecimals of the quote coin.
 */
export type UnitCandle = { t: number; o: number; h: number; l: number; c: number; v: number; a: number };

/** Rolls sorted candles up into `period` buckets: open first, close last, high max, low min, sums. */
export function aggregateUnits(period: CandlePeriod, candles: readonly UnitCandle[]): UnitCandle[] {
  const out: UnitCandle[] = [];
  let cur: UnitCandle | undefined;
  for (const c of candles) {
    const t = bucketStart(period, c.t);
    if (cur && cur.t === t) {
      if (c.h > cur.h) cur.h = c.h;
      if (c.l < cur.l) cur.l = c.l;
      cur.c = c.c;
      cur.v += c.v;
      cur.a += c.a;
    } else {
      cur = { ...c, t };
      out.push(cur);
    }
  }
  return out;
}

export function unitCandleToCandle(pair: Pair, u: UnitCandle): Candle {
  const p = (units: number) => unitsToString(units, pair.priceDecimals);
  return {
    t: u.t,
    o: p(u.o),
    h: p(u.h),
    l: p(u.l),
    c: p(u.c),
    v: unitsToPlain(u.v * pair.lotUnits, pair.lotDecimals),
    a: unitsToPlain(u.a, pair.priceDecimals),
  };
}

/** Appends a unit candle as a COPY row (fixed places: the database keeps numerics, not their text). */
export function writeUnitCandle(out: CopyBuffer, pair: Pair, period: CandlePeriod, u: UnitCandle): void {
  const d = pair.priceDecimals;
  out.int(pair.id).tab().text(period).tab().int(u.t).tab();
  out.units(u.o, d).tab().units(u.h, d).tab().units(u.l, d).tab().units(u.c, d).tab();
  out
    .units(u.v * pair.lotUnits, pair.lotDecimals)
    .tab()
    .units(u.a, d)
    .newline();
}

/** `next` (later) folded into `acc` (earlier, possibly none), as the candle opening at `t`. */
export function mergeCandle(acc: Candle | undefined, next: Candle, t: number): Candle {
  if (!acc) return { ...next, t };
  return {
    t,
    o: acc.o,
    h: Number(next.h) > Number(acc.h) ? next.h : acc.h,
    l: Number(next.l) < Number(acc.l) ? next.l : acc.l,
    c: next.c,
    v: str(new D(acc.v).plus(next.v)),
    a: str(new D(acc.a).plus(next.a)),
  };
}

/** The API's and the socket's shape of a candle (`id` is the open time in seconds, `time` in ms). */
export function toKline(c: Candle): KlineCandle {
  return { id: c.t, open: c.o, close: c.c, high: c.h, low: c.l, vol: c.v, amount: c.a, time: c.t * 1000 };
}

/** A stored row (numeric(36,18) text) shown with the pair's price places and plain quantities. */
export function candleFromRow(
  pair: Pair,
  row: { openTime: number | string; open: string; high: string; low: string; close: string; volume: string; amount: string },
): Candle {
  const d = pair.priceDecimals;
  return {
    t: Number(row.openTime),
    o: fixedPlaces(row.open, d),
    h: fixedPlaces(row.high, d),
    l: fixedPlaces(row.low, d),
    c: fixedPlaces(row.close, d),
    v: plainNumeric(row.volume),
    a: plainNumeric(row.amount),
  };
}
