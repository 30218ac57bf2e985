import { CANDLE_PERIODS, type CandlePeriod } from '@app/shared';
import { type SQL, sql } from 'drizzle-orm';

export { CANDLE_PERIODS, type CandlePeriod };

/** Seconds of the fixed-length periods; weeks start on Monday 00:00 UTC, months on the 1st (UTC). */
const FIXED: Partial<Record<CandlePeriod, number>> = {
  '1min': 60,
  '5min': 300,
  '30min': 1800,
  '60min': 3600,
  '1day': 86_400,
  '1week': 604_800,
};

/** 1970-01-05, the first Monday after the epoch: week buckets are aligned to it. */
const MONDAY = 345_600;

/** Each period is rolled up from the one before it in this chain (any aggregate of aggregates is exact). */
export const ROLL_UP: readonly { period: CandlePeriod; from: CandlePeriod }[] = [
  { period: '5min', from: '1min' },
  { period: '30min', from: '5min' },
  { period: '60min', from: '30min' },
  { period: '1day', from: '60min' },
  { period: '1week', from: '1day' },
  { period: '1mon', from: '1day' },
];

/** Open time (unix seconds) of the candle of `period` that contains the instant `t` (unix seconds). */
export function bucketStart(period: CandlePeriod, t: number): number {
  if (period === '1mon') {
    const d = new Date(t * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / 1000;
  }
  if (period === '1week') return t - mod(t - MONDAY, 604_800);
  const size = FIXED[period]!;
  return t - mod(t, size);
}

/** Open time of the candle after the one opening at `start`. */
export function nextBucket(period: CandlePeriod, start: number): number {
  if (period === '1mon') {
    const d = new Date(start * 1000);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / 1000;
  }
  return start + FIXED[period]!;
}

/** Nominal length of a period in seconds (a month counts 31 days), for sizing requested ranges. */
export const nominalSeconds = (period: CandlePeriod): number => FIXED[period] ?? 31 * 86_400;

/** The same bucket as `bucketStart`, in SQL over a bigint column of unix seconds. */
export function bucketSql(period: CandlePeriod, column: SQL): SQL {
  if (period === '1mon') return sql`extract(epoch from date_trunc('month', to_timestamp(${column}) at time zone 'UTC'))::bigint`;
  if (period === '1week') return sql`(${column} - mod(${column} - ${sql.raw(String(MONDAY))}, 604800))`;
  return sql`(${column} - mod(${column}, ${sql.raw(String(FIXED[period]))}))`;
}

const mod = (a: number, n: number) => ((a % n) + n) % n;
