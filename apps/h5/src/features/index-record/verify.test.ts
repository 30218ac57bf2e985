import { createHash } from 'node:crypto';
import { dayHeadText, genesisText, type RecordedSample, sampleText } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { sha256Hex, verifyDayHead, verifySample } from './verify';

const nodeSha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const DAY = '2026-11-27';
const START = Date.parse(`${DAY}T00:00:00Z`) / 1000;

/** A day of one minute as the server would record it (hashed with node:crypto, like the server). */
function recordedMinute() {
  let prev = nodeSha(genesisText(1, DAY));
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
    const hash = nodeSha(sampleText({ pairId: 1, ...s, priceTime: s.price_time, prevHash: prev }));
    samples.push({ ...s, hash });
    prev = hash;
  }
  const minutes = [{ minute: START, hash: prev }];
  return { samples, minutes, head: nodeSha(dayHeadText(1, DAY, minutes)) };
}

describe('the index record in the browser (Web Crypto)', () => {
  it('hashes the same bytes as the server, non-ASCII included', async () => {
    for (const text of ['', '["index-day/1",1,"2026-11-27",[]]', 'venue·東京']) expect(await sha256Hex(text)).toBe(nodeSha(text));
  });

  it('verifies a recorded sample against the published head, and fails a changed one', async () => {
    const { samples, minutes, head } = recordedMinute();
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
    expect(await verifySample(proof, nodeSha('another head'))).toMatchObject({ ok: false, reason: 'head_mismatch' });
  });

  it('checks a day head against its minute checkpoints', async () => {
    const { minutes, head } = recordedMinute();
    expect(await verifyDayHead(1, DAY, minutes, head)).toEqual({ ok: true, computed: head });
    expect((await verifyDayHead(1, DAY, [{ minute: START, hash: '0'.repeat(64) }], head)).ok).toBe(false);
  });
});
