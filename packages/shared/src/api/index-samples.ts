import { z } from 'zod';
import { intField } from '../fields.js';
import { utcDayOf, utcDayStart } from '../utc-day.js';
import { decimalText, pairColumns } from './reply.js';

// The recorded per-second index samples and the public, hash-chained index record over them
// (docs/index-record.md): day heads, minute checkpoints, one sample with its chain context. All public.

const second = intField(0, 1e11, 'validation_failed');
const pair = z.string({ message: 'pair_unknown' }).trim().min(1, 'pair_unknown').max(32, 'pair_unknown');
const day = z
  .string({ message: 'validation_failed' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation_failed')
  .refine((d) => Number.isFinite(utcDayStart(d)) && utcDayOf(utcDayStart(d)) === d, 'validation_failed');
/** A SHA-256 as lowercase hex. */
const hash = z.string();
/** A UTC day, 'YYYY-MM-DD'. */
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** `GET market/index_samples`: a pair's samples of unix seconds [from, to] (at most 600 seconds). */
export const samplesQuery = z.object({ symbol: pair, from: second, to: second.optional() });
export const samplesReply = z.object({
  symbol: z.string(),
  list: z.array(
    z.object({
      second: z.number().int(),
      price: decimalText,
      /** When the index took that price (ms): before the second when the price stood unchanged through it. */
      price_time: z.number().int(),
      /** The feed it came from (simulated, binance, index). */
      source: z.string(),
    }),
  ),
});
export type SamplesReply = z.infer<typeof samplesReply>;

/** `GET index/heads`: the day heads of a UTC day (default today), one pair or all; with `at`, as of that second. */
export const headsQuery = z.object({ pair: pair.optional(), day: day.optional(), at: second.optional() });
/** A pair's day head; `head` is null while the day has no sample, `running` while the day is not over. */
export const dayHead = z.object({
  ...pairColumns,
  day: dayText,
  head: hash.nullable(),
  minutes: z.number().int(),
  samples: z.number().int(),
  first_second: z.number().int().nullable(),
  last_second: z.number().int().nullable(),
  running: z.boolean(),
});
export type DayHead = z.infer<typeof dayHead>;
export const headsReply = z.object({ day: dayText, list: z.array(dayHead) });
export type HeadsReply = z.infer<typeof headsReply>;

/** `GET index/minutes`: a pair's minute checkpoints of a UTC day, what its head is the hash of. */
export const minutesQuery = z.object({ pair, day, at: second.optional() });
export const minutesReply = z.object({
  ...pairColumns,
  day: dayText,
  head: hash.nullable(),
  minutes: z.array(z.object({ minute: z.number().int(), hash, samples: z.number().int(), last_second: z.number().int() })),
});
export type MinutesReply = z.infer<typeof minutesReply>;

/** `GET index/sample`: one recorded sample with its chain context. */
export const sampleQuery = z.object({ pair, second });
/** A venue price inside an index sample: the venue, its price, and the venue's own time (ms). */
export const constituent = z.object({ venue: z.string(), price: decimalText, time: z.number().int() });
/** A recorded sample (times in ms, second in unix seconds). */
export const recordedSample = z.object({
  second: z.number().int(),
  price: decimalText,
  price_time: z.number().int(),
  source: z.string(),
  /** True when the second had no tick of its own and records the price that stood through it. */
  carried: z.boolean(),
  constituents: z.array(constituent),
  prev_hash: hash,
  hash,
});
export type RecordedSample = z.infer<typeof recordedSample>;
/** A sample with what is needed to check it against its day's head. */
export const sampleReply = z.object({
  ...pairColumns,
  day: dayText,
  second: z.number().int(),
  /** The chain as it stood at the end of this second: check against the day head as of it (`heads?at=`). */
  as_of: z.number().int(),
  /** Every sample of the asked second's minute, oldest first (the asked one among them). */
  minute_samples: z.array(recordedSample),
  /** The day's minutes that hold samples, oldest first, each with the chain hash at its end. */
  minutes: z.array(z.object({ minute: z.number().int(), hash })),
});
export type SampleReply = z.infer<typeof sampleReply>;
