import { dayHeadText, genesisText, type RecordedSample, sampleText } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { sha256Hex, verifyDayHead, verifySample } from './verify';

/** Known SHA-256 values of UTF-8 text (as node:crypto and the server give them). */
const KNOWN: [string, string][] = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['venue·東京', 'f2327924aaeaec462ab005db376f52699a8ca9bd645ad8ad57a694aba2c29b40'],
];
const DAY = '2026-11-27';
const START = Date.parse(`${DAY}T00:00:00Z`) / 1000;

/** A day of one minute as the server would record it. */
async function recordedMinute() {
  let prev = await sha256Hex(genesisText(1, DAY));
  const samples: RecordedSample[] = [];
  for (let i = 0; i < 5; i++) {
    const second = START + i;
    const s = {
      second,
      price: `6000${i}.500000000000000000`,
      price_time: second * 1000 + 250,
      source: 'simulated',
      carried: i === 3,
      constituents: [{ venue: 'simulated', price: `6000${i}.5`, time: second * 1000 + 250 }],
      prev_hash: prev,
    };
    const hash = await sha256Hex(sampleText({ pairId: 1, ...s, priceTime: s.price_time, prevHash: prev }));
    samples.push({ ...s, hash });
    prev = hash;
  }
  const minutes = [{ minute: START, hash: prev }];
  return { samples, minutes, head: await sha256Hex(dayHeadText(1, DAY, minutes)) };
}

describe('the index record in the browser (Web Crypto)', () => {
  it('hashes the same bytes as the server, non-ASCII included', async () => {
    for (const [text, hash] of KNOWN) expect(await sha256Hex(text)).toBe(hash);
  });

  it('verifies a recorded sample against the published head, and fails a changed one', async () => {
    const { samples, minutes, head } = await recordedMinute();
    const proof = {
      pair_id: 1,
      symbol: 'BTC/USDT',
      day: DAY,
      second: START + 2,
      as_of: START + 4,
      minute_samples: samples,
      minutes,
    };
    expect(await verifySample(proof, head)).toMatchObject({ ok: true, sample: { second: START + 2 } });
    const changed = { ...proof, minute_samples: samples.map((s, i) => (i === 4 ? { ...s, price: '1' } : s)) };
    expect(await verifySample(changed, head)).toMatchObject({ ok: false, reason: 'hash_mismatch' });
    expect(await verifySample(proof, KNOWN[1]![1])).toMatchObject({ ok: false, reason: 'head_mismatch' });
  });

  it('checks a day head against its minute checkpoints', async () => {
    const { minutes, head } = await recordedMinute();
    expect(await verifyDayHead(1, DAY, minutes, head)).toEqual({ ok: true, computed: head });
    expect((await verifyDayHead(1, DAY, [{ minute: START, hash: '0'.repeat(64) }], head)).ok).toBe(false);
  });
});
