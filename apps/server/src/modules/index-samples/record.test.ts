import { createHash } from 'node:crypto';
import { checkSampleProof, dayHeadText, type SampleProof } from '@app/shared';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC_USDT_ID, ETH_USDT_ID } from '../../../test/options.js';
import { chainedSamplesBetween } from './repo.js';

const sha = async (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const t = appForFile();
const DAY = '2026-11-20';
const START = Date.parse(`${DAY}T00:00:00Z`) / 1000;
const ms = (second: number, offset = 0) => second * 1000 + offset;

beforeAll(async () => {
  const clock = { now: ms(START + 100) };
  t.app.indexSamples.useClock(() => clock.now);
  // Two minutes of BTC/USDT, one of ETH/USDT.
  for (let s = START + 100; s < START + 220; s++) {
    t.app.indexSamples.ingest({ pairId: BTC_USDT_ID, price: `${60000 + (s % 13)}.5`, time: ms(s, 400) });
    if (s < START + 160) t.app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '3000.25', time: ms(s, 450) });
    clock.now = ms(s, 600);
    if (s % 30 === 0) await t.app.indexSamples.flush();
  }
  clock.now = ms(START + 230);
  await t.app.indexSamples.flush();
});

describe('the public index record', () => {
  it("publishes each pair's day head, without sign-in", async () => {
    const all = await t.get(`index/heads?day=${DAY}`);
    expect(all.type).toBe('ok');
    const btc = all.message.list.find((h: { pair_id: number }) => h.pair_id === BTC_USDT_ID);
    const eth = all.message.list.find((h: { pair_id: number }) => h.pair_id === ETH_USDT_ID);
    // BTC: seconds 100..219 (+ 220 carried) in minutes 60, 120, 180; ETH: 100..159 (+ 160 carried) in 60, 120.
    expect(btc).toMatchObject({ symbol: 'BTC/USDT', day: DAY, samples: 121, minutes: 3, running: false });
    expect(btc.head).toMatch(/^[0-9a-f]{64}$/);
    expect(eth).toMatchObject({ samples: 61, minutes: 2 });
    const one = await t.get(`index/heads?pair=btc_usdt&day=${DAY}`);
    expect(one.message.list).toEqual([btc]);
    // A day without samples has no head yet.
    const empty = await t.get('index/heads?pair=BTC/USDT&day=2026-11-19');
    expect(empty.message.list[0]).toMatchObject({ head: null, samples: 0 });
    // The head is the hash of the minute checkpoints.
    const minutes = await t.get(`index/minutes?pair=BTC/USDT&day=${DAY}`);
    expect(minutes.message.head).toBe(btc.head);
    expect(minutes.message.minutes.map((m: { minute: number }) => m.minute)).toEqual([60, 120, 180].map((x) => START + x));
  });

  it('gives the head as it stood at any second, fixed while the chain grows', async () => {
    const before = (await t.get(`index/heads?pair=ETH/USDT&day=${DAY}`)).message.list[0];
    expect(before.last_second).toBe(START + 160);
    // The chain grows: ETH's minute 240 appears.
    const clock = { now: ms(START + 400) };
    t.app.indexSamples.useClock(() => clock.now);
    for (let s = START + 240; s < START + 270; s++)
      t.app.indexSamples.ingest({ pairId: ETH_USDT_ID, price: '3001.5', time: ms(s, 100) });
    clock.now = ms(START + 275);
    await t.app.indexSamples.flush();
    const after = (await t.get(`index/heads?pair=ETH/USDT&day=${DAY}`)).message.list[0];
    expect(after.head).not.toBe(before.head);
    const asOf = await t.get(`index/heads?pair=ETH/USDT&day=${DAY}&at=${START + 160}`);
    expect(asOf.message.list[0]).toMatchObject({ head: before.head, last_second: START + 160, samples: before.samples });
    const minutes = await t.get(`index/minutes?pair=ETH/USDT&day=${DAY}&at=${START + 160}`);
    expect(minutes.message.head).toBe(before.head);
    // Mid-minute: the minute ends in its last sample up to `at`.
    const [s119, s140] = [
      ...(await chainedSamplesBetween(t.database.db, ETH_USDT_ID, START + 119, START + 119)),
      ...(await chainedSamplesBetween(t.database.db, ETH_USDT_ID, START + 140, START + 140)),
    ];
    const mid = (await t.get(`index/heads?pair=ETH/USDT&day=${DAY}&at=${START + 140}`)).message.list[0];
    expect(mid).toMatchObject({ samples: 20 + 21, minutes: 2, last_second: START + 140 });
    expect(mid.head).toBe(
      await sha(
        dayHeadText(ETH_USDT_ID, DAY, [
          { minute: START + 60, hash: s119!.hash },
          { minute: START + 120, hash: s140!.hash },
        ]),
      ),
    );
    // A sample read now checks against the head as of its `as_of`.
    const proof = (await t.get(`index/sample?pair=ETH/USDT&second=${START + 130}`)).message as SampleProof;
    expect(proof.as_of).toBe(after.last_second);
    const head = (await t.get(`index/heads?pair=ETH/USDT&day=${DAY}&at=${proof.as_of}`)).message.list[0].head;
    expect(head).toBe(after.head);
    expect(await checkSampleProof(proof, head, sha)).toMatchObject({ ok: true });
    expect(await checkSampleProof(proof, before.head, sha)).toMatchObject({ ok: false, reason: 'head_mismatch' });
  });

  it('serves a sample with its chain context that checks against the published head', async () => {
    const second = START + 150;
    const proof = await t.get(`index/sample?pair=BTC/USDT&second=${second}`);
    expect(proof.type).toBe('ok');
    const body = proof.message as SampleProof;
    expect(body.minute_samples).toHaveLength(60);
    const heads = await t.get(`index/heads?pair=BTC/USDT&day=${DAY}&at=${body.as_of}`);
    const check = await checkSampleProof(body, heads.message.list[0].head, sha);
    expect(check).toMatchObject({ ok: true, sample: { second, price: '60000.500000000000000000', carried: false } });
    expect(check.hashes).toBeLessThanOrEqual(62);
    expect(check.sample!.constituents).toEqual([
      { venue: 'simulated', price: `${60000 + (second % 13)}.5`, time: ms(second, 400) },
    ]);

    // A price changed in the database no longer checks: the browser sees it.
    await t.database.db.execute(
      sql`UPDATE index_samples SET price = 1 WHERE pair_id = ${BTC_USDT_ID} AND second = ${second + 3}`,
    );
    const tampered = await t.get(`index/sample?pair=BTC/USDT&second=${second}`);
    expect(await checkSampleProof(tampered.message, heads.message.list[0].head, sha)).toMatchObject({
      ok: false,
      reason: 'hash_mismatch',
    });
  });

  it('answers a second without a sample, a bad day and an unknown pair with localized errors', async () => {
    const none = await t.get(`index/sample?pair=BTC/USDT&second=${START + 5000}`, { lang: 'zh' });
    expect(none).toMatchObject({
      status: 400,
      type: 'error',
      error: 'index_sample_not_found',
      message: '该交易对在该秒没有记录指数样本',
    });
    const day = await t.get('index/heads?day=2026-02-30');
    expect(day).toMatchObject({ type: 'error', error: 'validation_failed' });
    const pair = await t.get(`index/minutes?pair=NOPE&day=${DAY}`);
    expect(pair).toMatchObject({ type: 'error', error: 'pair_unknown' });
  });
});
