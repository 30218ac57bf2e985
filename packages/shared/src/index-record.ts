/**
 * The tamper-evident index record (docs/index-record.md): the canonical encodings that are hashed with
 * SHA-256 into the per-pair, per-UTC-day chain of index samples. One definition for the server (which
 * writes and walks the chain, node:crypto) and the browser (which checks a sample, Web Crypto): the
 * hash functions differ, the bytes hashed are these.
 *
 * Every encoding is `JSON.stringify` of an array of strings and safe integers, which every JavaScript
 * engine prints identically (no key order, no float formatting, no escaping left to the encoder).
 */

import type * as IndexSamplesApi from './api/index-samples.js';

/** A venue price inside an index sample: the venue, its price, and the venue's own time (ms). */
export type IndexConstituent = { venue: string; price: string; time: number };

/** The fields of a sample that its hash covers. */
export type ChainedSampleFields = {
  pairId: number;
  second: number;
  price: string;
  priceTime: number;
  source: string;
  /** True when the second had no tick of its own and records the price that stood through it. */
  carried: boolean;
  constituents: readonly IndexConstituent[];
  prevHash: string;
};

/**
 * A decimal as one spelling: no leading zeros, no trailing fractional zeros, no lone point, no "-0"
 * ("0100.50" → "100.5", "5.000" → "5"). The database returns numeric(36,18) with 18 places and a feed
 * sends whatever it sends; both must hash the same.
 */
export function canonicalDecimal(value: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(value.trim());
  if (!match || (!match[2] && !match[3])) throw new Error(`not a decimal: ${value}`);
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return match[1] === '-' && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

export { utcDayOf, utcDayStart } from './utc-day.js';

/** The first second of the minute holding `second`. */
export function minuteOf(second: number): number {
  return second - (((second % 60) + 60) % 60);
}

/** What the first sample of a pair's day chains from: the hash of this text (each day stands alone). */
export function genesisText(pairId: number, day: string): string {
  return JSON.stringify(['index-genesis/1', pairId, day]);
}

/** What a sample's hash is taken over. */
export function sampleText(s: ChainedSampleFields): string {
  return JSON.stringify([
    'index-sample/1',
    s.pairId,
    s.second,
    canonicalDecimal(s.price),
    s.priceTime,
    s.source,
    s.carried ? 1 : 0,
    s.constituents.map((c) => [c.venue, canonicalDecimal(c.price), c.time]),
    s.prevHash,
  ]);
}

/** A minute of the day's record: its first second and the hash of its last sample (the chain there). */
export type MinuteHead = { minute: number; hash: string };

/**
 * What a day's head is the hash of: the day's minutes that hold samples, in order, each with the chain
 * hash at its end. A sample is then checked with its minute's samples (≤ 60 hashes) and this one hash,
 * not the day's 86,400.
 */
export function dayHeadText(pairId: number, day: string, minutes: readonly MinuteHead[]): string {
  return JSON.stringify(['index-day/1', pairId, day, minutes.map((m) => [m.minute, m.hash])]);
}

/** A recorded sample as `GET /api/index/sample` returns it (its schema: indexSamplesApi.recordedSample). */
export type RecordedSample = IndexSamplesApi.RecordedSample;

/** A sample with what is needed to check it against its day's head (`GET /api/index/sample`). */
export type SampleProof = IndexSamplesApi.SampleReply;

export type ProofCheck = {
  ok: boolean;
  /** Why it failed: which link did not hold. */
  reason?: 'sample_missing' | 'hash_mismatch' | 'link_broken' | 'minute_mismatch' | 'head_mismatch';
  /** The sample asked for, as checked. */
  sample?: RecordedSample;
  /** The head recomputed from the minutes. */
  computedHead: string;
  /** How many SHA-256 computations the check took. */
  hashes: number;
};

/** SHA-256 of a text's UTF-8 bytes as lowercase hex (node:crypto on the server, Web Crypto in a browser). */
export type Sha256Hex = (text: string) => Promise<string>;

/**
 * Checks one sample against a day head published apart from it: every sample of its minute rehashes to
 * what it carries and links to the one before; the minute's first sample links to the previous minute's
 * head (or the day's genesis); the minute's last hash is its head; the list of minute heads hashes to
 * `publishedHead`. At most 60 + 2 hashes.
 */
export async function checkSampleProof(proof: SampleProof, publishedHead: string, sha256: Sha256Hex): Promise<ProofCheck> {
  let hashes = 1;
  const computedHead = await sha256(dayHeadText(proof.pair_id, proof.day, proof.minutes));
  const sample = proof.minute_samples.find((s) => s.second === proof.second);
  const fail = (reason: NonNullable<ProofCheck['reason']>): ProofCheck => ({ ok: false, reason, sample, computedHead, hashes });
  if (!sample) return fail('sample_missing');
  const minute = minuteOf(proof.second);
  const at = proof.minutes.findIndex((m) => m.minute === minute);
  if (at < 0) return fail('minute_mismatch');
  let prev: string;
  if (at > 0) prev = proof.minutes[at - 1]!.hash;
  else {
    prev = await sha256(genesisText(proof.pair_id, proof.day));
    hashes++;
  }
  let last = -1;
  for (const s of proof.minute_samples) {
    if (minuteOf(s.second) !== minute || s.second <= last) return fail('link_broken');
    if (s.prev_hash !== prev) return fail('link_broken');
    const hash = await sha256(
      sampleText({
        pairId: proof.pair_id,
        second: s.second,
        price: s.price,
        priceTime: s.price_time,
        source: s.source,
        carried: s.carried,
        constituents: s.constituents,
        prevHash: s.prev_hash,
      }),
    );
    hashes++;
    if (hash !== s.hash) return fail('hash_mismatch');
    prev = hash;
    last = s.second;
  }
  if (prev !== proof.minutes[at]!.hash) return fail('minute_mismatch');
  if (computedHead !== publishedHead) return fail('head_mismatch');
  return { ok: true, sample, computedHead, hashes };
}
