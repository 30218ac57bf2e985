import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { expectRollUpsConsistent } from '../../test/market.js';
import type { CandleReply } from '../../test/test-app.js';

/** The full first-start backfill with the production defaults (30 days of minutes, 730 days of days). */
const t = appForFile();

describe('first start of the simulated feed', () => {
  it('backfills at least 30 days of 1-minute and 730 daily candles per pair', async () => {
    const started = performance.now();
    await t.app.market.start();
    const ms = Math.round(performance.now() - started);
    const report = t.app.market.lastPrepare!;
    // A figure for the report, never an assertion (DESIGN.md 7).
    console.info(`market_backfill_ms: ${report.ms} (rows ${report.rows}; start to live ${ms} ms)`);
    expect(report.backfilledPairs).toBe(t.app.market.listPairs().length);
    expect(report.backfilledPairs).toBeGreaterThanOrEqual(10);
    for (const pair of t.app.market.listPairs()) {
      const minutes = await t.app.market.store.count(pair.id, '1min');
      const days = await t.app.market.store.count(pair.id, '1day');
      expect(minutes, pair.symbol).toBeGreaterThanOrEqual(30 * 1440);
      expect(days, pair.symbol).toBeGreaterThanOrEqual(730);
      expect(await t.app.market.store.count(pair.id, '1week'), pair.symbol).toBeGreaterThanOrEqual(104);
      expect(await t.app.market.store.count(pair.id, '1mon'), pair.symbol).toBeGreaterThanOrEqual(24);
    }
    const daily = (await t.get('currency/new_timeshar?symbol=ETH/USDT&period=1day&from=0')) as CandleReply;
    expect(daily.status).toBe(200);
    expect(daily.code).toBe(1);
    expect(daily.more).toBe(false);
    expect(daily.data.length).toBeGreaterThanOrEqual(731);
  }, 120_000); // every seeded pair's full history: slow on a busy machine

  it('rolls the whole history up consistently', async () => {
    expect(await expectRollUpsConsistent(t.database, 3)).toBeGreaterThan(10_000);
  });
});
