import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { HealthReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONSOLE_KEY } from '../../test/constants.js';
import { FaultProxy, testPgUrl } from '../../test/fault-proxy.js';
import { reachable, testRedisUrl } from '../../test/reachable.js';
import { dropPgDatabase, seededPgDatabase } from '../../test/test-database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { TimedOut } from './bounded.js';
import { LockSession, lockName } from './locks.js';

/**
 * PostgreSQL going away under a cluster node, through a TCP proxy in this process: a restart (every
 * connection dropped, new ones refused) and a server or network that stops answering (connections
 * kept, nothing passed). The lock round must end whatever the driver does with its dead connections,
 * and the node must take its locks back once PostgreSQL answers. Skipped unless PostgreSQL and Redis
 * both answer (as cluster.test.ts).
 */
const pgUrl = new URL(testPgUrl);
const PG = { host: pgUrl.hostname, port: Number(pgUrl.port || 5432) };

const up = (
  await Promise.all([reachable(PG.host, PG.port), reachable(testRedisUrl.hostname, Number(testRedisUrl.port || 6379))])
).every(Boolean);
if (!up)
  console.warn(`outage tests skipped: PostgreSQL at ${pgUrl.host} and Redis at ${testRedisUrl.host} must both be reachable`);

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe.skipIf(!up)('cluster: PostgreSQL going away and coming back', () => {
  let dbName = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-outage-'));
  const proxies: FaultProxy[] = [];
  const apps: FastifyInstance[] = [];
  const sessions: LockSession[] = [];

  const proxy = async () => {
    const p = await FaultProxy.start();
    proxies.push(p);
    return p;
  };
  const session = (url: string, queryMs = 300, connectMs = 800) => {
    const s = new LockSession(url, silent, queryMs, connectMs);
    sessions.push(s);
    return s;
  };

  beforeAll(async () => {
    dbName = (await seededPgDatabase(dataDir)).name;
  });

  afterAll(async () => {
    for (const app of apps.splice(0)) await app.close().catch(() => {});
    for (const s of sessions.splice(0)) await s.close();
    for (const p of proxies.splice(0)) await p.close();
    if (dbName) await dropPgDatabase(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives up on a lock connection that stops answering, and holds the lock again on a fresh session', async () => {
    const p = await proxy();
    const locks = session(p.urlFor(dbName));
    // Straight to PostgreSQL: sees when the first session's lock is free again.
    const other = session(new URL(`/${dbName}`, pgUrl).toString());
    const key = { cls: randomInt(1, 2 ** 30), id: 1 };
    expect(await locks.tryLock(key)).toBe(true);
    expect(await locks.verify()).toContain(lockName(key));
    expect(await other.tryLock(key)).toBe(false);

    p.blackhole();
    // The query on the silent connection, then opening a new one: both give up instead of waiting.
    await expect(locks.verify()).rejects.toBeInstanceOf(TimedOut);
    await expect(locks.verify()).rejects.toBeInstanceOf(TimedOut);

    p.heal();
    // The first session's connection is gone, and its lock with it.
    await until(() => other.tryLock(key));
    await other.unlock(key);
    expect(await locks.verify()).toEqual(new Set());
    expect(await locks.tryLock(key)).toBe(true);
    expect(await locks.verify()).toContain(lockName(key));
  });

  it('fails while PostgreSQL refuses connections, and reconnects when it is back', async () => {
    const p = await proxy();
    const locks = session(p.urlFor(dbName));
    const key = { cls: randomInt(1, 2 ** 30), id: 2 };
    expect(await locks.tryLock(key)).toBe(true);
    await p.cut();
    await expect(locks.verify()).rejects.toThrow();
    await expect(locks.verify()).rejects.toThrow();
    await p.restore();
    await until(async () => (await locks.verify().catch(() => undefined)) !== undefined);
    expect(await locks.tryLock(key)).toBe(true);
  });

  it('fences a node while PostgreSQL is away and gives it its engines back after, with its old leader work still stopping', async () => {
    const p = await proxy();
    const config = {
      ...loadConfig({ CONSOLE_SECRET_KEY: TEST_CONSOLE_KEY }),
      serveStatic: false,
      logLevel: 'silent',
      dataDir,
      databaseUrl: p.urlFor(dbName),
      redisUrl: testRedisUrl.toString(),
      redisPrefix: `h5t-${randomBytes(4).toString('hex')}`,
      nodeId: 'solo',
    };
    const app = await buildApp({
      config,
      logger: false,
      clusterTuning: { pollMs: 250, fenceMs: 400, stepMs: 500, openMs: 5_000, handoverMs: 1_000 },
    });
    apps.push(app);
    await app.ready();
    await app.market.ensurePairs();
    const pairs = app.market.listPairs().length;
    expect(pairs).toBeGreaterThan(1);
    const health = async () => (await app.inject({ url: '/api/health' })).json().message as HealthReply;
    await until(async () => {
      const h = await health();
      return h.leader && h.engines.length === pairs && h.database === 'up';
    });

    // Its leader work will not finish stopping (as work stuck on a dead connection would not) until released.
    let finish = () => {};
    const release = app.contracts.release.bind(app.contracts);
    app.contracts.release = () =>
      new Promise<void>((resolve) => {
        finish = () => void release().then(resolve, resolve);
      });

    await p.cut();
    await until(async () => {
      const h = await health();
      return h.database === 'down' && !h.leader && h.engines.length === 0;
    });
    await p.restore();
    await until(async () => {
      const h = await health();
      return h.database === 'up' && h.engines.length === pairs;
    });
    expect(app.spot.loadedBook(1)?.isClosed).toBe(false);
    // It does not lead while its old leader work is still stopping; it does once that has stopped.
    expect((await health()).leader).toBe(false);
    finish();
    await until(async () => (await health()).leader);
  }, 60_000);
});
