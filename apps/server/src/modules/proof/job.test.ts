import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { until } from '../../../test/market.js';
import { fund, readyUser, USDT } from '../../../test/money.js';
import { startProofJob } from './job.js';

const t = appForFile();
beforeAll(async () => {
  const user = await readyUser(t);
  await fund(t, user.id, USDT, '10');
});

describe('the daily proof-of-liabilities job', () => {
  it('publishes today’s snapshot at start, then runs next at 00:05 UTC', async () => {
    expect(await t.get('proof/root')).toMatchObject({ status: 404, error: 'proof_not_available' });
    const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    const job = startProofJob(t.database.db, log);
    try {
      const published = await until(async () => {
        const reply = await t.get('proof/root');
        return reply.type === 'ok' ? reply.message : undefined;
      });
      expect(published.day).toBe(new Date().toISOString().slice(0, 10));
      expect(log.error).not.toHaveBeenCalled();

      const next = job.nextRun();
      expect(next).not.toBeNull();
      expect([next!.getUTCHours(), next!.getUTCMinutes(), next!.getUTCSeconds()]).toEqual([0, 5, 0]);
      const wait = next!.getTime() - Date.now();
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(86_400_000);
    } finally {
      job.stop();
    }
  });
});
