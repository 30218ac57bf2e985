import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalDecimal,
  checkSampleProof,
  dayHeadText,
  genesisText,
  type RecordedSample,
  type SampleProof,
  sampleText,
  utcDayOf,
  utcDayStart,
} from './index-record.js';

const sha = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('canonicalDecimal', () => {
  it('gives one spelling per value', () => {
    expect(canonicalDecimal('100.500000000000000000')).toBe('100.5');
    expect(canonicalDecimal('0100.50')).toBe('100.5');
    expect(canonicalDecimal('5.000')).toBe('5');
    expect(canonicalDecimal('0.000120')).toBe('0.00012');
    expect(canonicalDecimal('-0.0')).toBe('0');
    expect(() => canonicalDecimal('1e5')).toThrow();
  });
});

describe('UTC days', () => {
  it('maps seconds to days and back', () => {
    expect(utcDayOf(utcDayStart('2026-11-27'))).toBe('2026-11-27');
    expect(utcDayOf(utcDayStart('2026-11-27') - 1)).toBe('2026-11-26');
  });
});

/** Builds a chained day of two minutes for pair 1 and returns its proof for `second`. */
async function chainedDay(second: number) {
  const day = '2026-11-27';
  const start = utcDayStart(day);
  let prev = await sha(genesisText(1, day));
  const samples: RecordedSample[] = [];
  for (const s of [start, start + 1, start + 59, start + 60, start + 61]) {
    const fields = {
      second: s,
      price: `${100 + (s - start)}.25`,
      price_time: s * 1000 + 10,
      source: 'simulated',
      carried: false,
    };
    const constituents = [{ venue: 'simulated', price: fields.price, time: fields.price_time }];
    const hash = await sha(sampleText({ pairId: 1, ...fields, priceTime: fields.price_time, constituents, prevHash: prev }));
    samples.push({ ...fields, constituents, prev_hash: prev, hash });
    prev = hash;
  }
  const minutes = [
    { minute: start, hash: samples[2]!.hash },
    { minute: start + 60, hash: samples[4]!.hash },
  ];
  const head = await sha(dayHeadText(1, day, minutes));
  const proof: SampleProof = {
    pair_id: 1,
    symbol: 'BTC/USDT',
    day,
    second,
    as_of: second,
    minute_samples: samples.filter((s) => Math.floor(s.second / 60) === Math.floor(second / 60)),
    minutes,
  };
  return { proof, head, start };
}

describe('checkSampleProof', () => {
  it('passes an intact sample in the first and in a later minute', async () => {
    const start = utcDayStart('2026-11-27');
    for (const second of [start + 1, start + 61]) {
      const { proof, head } = await chainedDay(second);
      const check = await checkSampleProof(proof, head, sha);
      expect(check).toMatchObject({ ok: true, computedHead: head });
      expect(check.sample?.second).toBe(second);
      expect(check.hashes).toBeLessThanOrEqual(62);
    }
  });

  it('fails a changed price, a removed sample, an inserted one, and a head that differs', async () => {
    const start = utcDayStart('2026-11-27');
    let { proof, head } = await chainedDay(start + 1);
    proof.minute_samples[1]!.price = '101.26';
    expect((await checkSampleProof(proof, head, sha)).reason).toBe('hash_mismatch');

    ({ proof, head } = await chainedDay(start + 59));
    proof.minute_samples.splice(1, 1);
    expect((await checkSampleProof(proof, head, sha)).reason).toBe('link_broken');

    ({ proof, head } = await chainedDay(start + 61));
    proof.minute_samples.splice(1, 0, { ...proof.minute_samples[0]!, second: start + 60 });
    expect((await checkSampleProof(proof, head, sha)).ok).toBe(false);

    ({ proof, head } = await chainedDay(start + 61));
    expect(
      (
        await checkSampleProof(
          proof,
          head.replace(/^./, (c) => (c === '0' ? '1' : '0')),
          sha,
        )
      ).reason,
    ).toBe('head_mismatch');
    ({ proof, head } = await chainedDay(start + 30));
    expect((await checkSampleProof(proof, head, sha)).reason).toBe('sample_missing');
  });
});
