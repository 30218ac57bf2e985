import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SOCKET_EVENTS } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONSOLE_KEY } from '../../test/constants.js';
import { BTC, USDT } from '../../test/money.js';
import { reachable, testRedisUrl } from '../../test/reachable.js';
import { coinBalance, placeOrder, trader } from '../../test/spot.js';
import { type Envelope, nextIp, type TestApp } from '../../test/test-app.js';
import { dropPgDatabase, seededPgDatabase } from '../../test/test-database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { SPOT_BATCH_LOCK } from '../modules/spot/repo.js';
import { ranking } from './rendezvous.js';

/**
 * Two or three nodes (buildApp) in this process on one fresh PostgreSQL database and the local Redis,
 * under a Redis prefix of their own. Skipped, with a message, unless both servers answer.
 */
const pgUrl = new URL(process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test');

const servers = await Promise.all([
  reachable(pgUrl.hostname, Number(pgUrl.port || 5432)),
  reachable(testRedisUrl.hostname, Number(testRedisUrl.port || 6379)),
]);
const up = servers.every(Boolean);
if (!up)
  console.warn(`cluster tests skipped: PostgreSQL at ${pgUrl.host} and Redis at ${testRedisUrl.host} must both be reachable`);

const TUNING = { pollMs: 250, fenceMs: 400 };
const until = async (check: () => boolean | Promise<boolean>, ms = 8_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe.skipIf(!up)('cluster: several nodes on one PostgreSQL and one Redis', () => {
  const prefix = `h5t-${randomBytes(4).toString('hex')}`;
  let dbName = '';
  let databaseUrl = '';
  const dataDir = mkdtempSync(join(tmpdir(), 'h5-cluster-'));
  const nodes: TestApp[] = [];
  const halted = new Set<TestApp>();
  /** The nodes running (not halted, not draining, with Redis), by id. */
  const live = () => nodes.filter((n) => !halted.has(n) && !n.app.cluster!.leaving && n.app.cluster!.health().redis === 'up');
  const liveIds = () => live().map((n) => n.app.cluster!.nodeId);
  /** A new node's id that does not win pair 1 (BTC/USDT) over the live nodes: it forwards that pair's orders. */
  const followerId = (base: string) =>
    [base, ...Array.from({ length: 500 }, (_, i) => `${base}${i}`)].find((id) => ranking(1, [...liveIds(), id])[0] !== id)!;

  async function startNode(nodeId: string, overrides: { forwardTimeoutMs?: number; redisUrl?: string } = {}): Promise<TestApp> {
    const config = {
      ...loadConfig({ CONSOLE_SECRET_KEY: TEST_CONSOLE_KEY }),
      serveStatic: false,
      logLevel: 'silent',
      dataDir,
      databaseUrl,
      redisUrl: overrides.redisUrl ?? testRedisUrl.toString(),
      redisPrefix: prefix,
      nodeId,
      forwardTimeoutMs: overrides.forwardTimeoutMs ?? 3_000,
    };
    const app = await buildApp({ config, logger: false, clusterTuning: TUNING });
    await app.ready();
    const node = client(app);
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    const seeded = await seededPgDatabase(dataDir);
    dbName = seeded.name;
    databaseUrl = seeded.url;
  });

  afterAll(async () => {
    for (const node of nodes.splice(0)) await node.close().catch(() => {});
    if (dbName) await dropPgDatabase(dbName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // One node signs users up: the operator's authenticator codes are spent per test app.
  const registrar = () => nodes[0]!;
  const health = async (t: TestApp) =>
    (await t.get('health')).message as { node: string; leader: boolean; engines: string[]; redis: string };

  it('gives every market exactly one owner and the cluster one leader', async () => {
    const a = await startNode('a');
    const b = await startNode('b');
    await a.app.market.ensurePairs();
    const symbols = a.app.market.listPairs().map((p) => p.symbol);
    expect(symbols.length).toBeGreaterThan(1);
    // The checks read the same snapshot the wait accepted: a second read could fall inside a pair's move
    // from the first node to the second (released by one, not yet taken by the other).
    let hs: Awaited<ReturnType<typeof health>>[] = [];
    await until(async () => {
      hs = await Promise.all([a, b].map(health));
      return hs.flatMap((h) => h.engines).length === symbols.length && hs.filter((h) => h.leader).length === 1;
    });
    expect(hs.map((h) => h.node)).toEqual(['a', 'b']);
    expect(hs.every((h) => h.redis === 'up')).toBe(true);
    const owned = hs.flatMap((h) => h.engines);
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned].sort()).toEqual([...symbols].sort());
    expect(hs.filter((h) => h.leader)).toHaveLength(1);
    // Each pair runs on the node rendezvous hashing picks over the live nodes: both nodes run some.
    await until(async () => ownedAsHashed(['a', 'b']));
    for (const h of await Promise.all([a, b].map(health))) expect(h.engines.length).toBeGreaterThan(0);
  });

  it('executes an order placed on a follower on the owner, and pushes the trade to sockets of every node', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const [owner, follower] = (await health(a)).engines.includes('BTC/USDT') ? [a, b] : [b, a];
    expect((await health(follower)).engines).not.toContain('BTC/USDT');

    // A socket on the owner's node follows BTC/USDT; the trade is placed through the other node.
    await owner.app.listen({ port: 0, host: '127.0.0.1' });
    await owner.app.realtime.ready();
    await follower.app.realtime.ready();
    const port = (owner.app.server.address() as AddressInfo).port;
    const socket = connectSocket(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'] });
    const trades: unknown[] = [];
    socket.on(SOCKET_EVENTS.matchTrade, (trade: unknown) => trades.push(trade));
    await new Promise<void>((resolve) => socket.emit(SOCKET_EVENTS.subscribe, { symbol: 'BTC/USDT' }, () => resolve()));

    const seller = await trader(registrar(), { [BTC]: '1' });
    const buyer = await trader(registrar(), { [USDT]: '10000' });
    const ask = await placeOrder(follower, seller.token, { type: '2', target_price: '60000', amount: '0.05' });
    expect(ask.type).toBe('ok');
    expect(ask.message.status).toBe('waiting');
    const bid = await placeOrder(follower, buyer.token, { type: '1', target_price: '60000', amount: '0.05' });
    expect(bid.type).toBe('ok');
    expect(bid.message.status).toBe('completed');
    // The owner's book holds nothing more; the follower never opened one.
    expect(owner.app.spot.loadedBook(1)).toBeDefined();
    expect(follower.app.spot.loadedBook(1)).toBeUndefined();
    await until(() => trades.length > 0);
    expect(trades[0]).toMatchObject({ symbol: 'BTC/USDT', price: expect.stringMatching(/^60000/) });
    socket.close();

    // A resting order placed on the follower is cancelled through it as well.
    const rest = await placeOrder(follower, seller.token, { type: '2', target_price: '61000', amount: '0.01' });
    const cancelled = await cancel(follower, seller.token, rest.message.id);
    expect(cancelled.type).toBe('ok');
    expect(cancelled.message.status).toBe('cancelled');
  });

  it("orders the batches of every node by one database lock, so two nodes' batches cannot deadlock", async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const owner = a.app.cluster!.owns(1) ? a : b;
    const seller = await trader(registrar(), { [BTC]: '1' });
    // Another node's batch holds the lock (here a plain session): this node's batch waits for it before
    // it locks any account, instead of locking some and meeting the other in a cycle.
    const other = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      await other`SELECT pg_advisory_lock(${SPOT_BATCH_LOCK.cls}::int, ${SPOT_BATCH_LOCK.id}::int)`;
      let settled = false;
      const placing = placeOrder(owner, seller.token, { type: '2', target_price: '66000', amount: '0.01' }).finally(() => {
        settled = true;
      });
      await new Promise((r) => setTimeout(r, 400));
      expect(settled).toBe(false);
      await other`SELECT pg_advisory_unlock(${SPOT_BATCH_LOCK.cls}::int, ${SPOT_BATCH_LOCK.id}::int)`;
      const placed = await placing;
      expect(placed.type).toBe('ok');
      expect(placed.message.status).toBe('waiting');
      // Off the book again: the next test counts its asks.
      expect((await cancel(owner, seller.token, placed.message.id as number)).type).toBe('ok');
    } finally {
      await other.end({ timeout: 5 });
    }
  });

  it('moves an engine to another node within 5 s when its owner dies, with the same book', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const [owner, other] = (await health(a)).engines.includes('BTC/USDT') ? [a, b] : [b, a];
    const maker = await trader(registrar(), { [BTC]: '2', [USDT]: '10000' });
    for (const [type, price] of [
      ['2', '62000'],
      ['2', '62500'],
      ['1', '58000'],
    ] as const)
      expect((await placeOrder(other, maker.token, { type, target_price: price, amount: '0.02' })).type).toBe('ok');
    const before = await other.app.spot.depth(1, 50);
    expect(before.asks.length).toBe(2);

    // The owner dies: its lock connection drops abruptly and it does nothing more.
    const died = Date.now();
    owner.app.cluster!.halt();
    halted.add(owner);
    await until(async () => (await health(other)).engines.includes('BTC/USDT'), 5_000);
    expect(Date.now() - died).toBeLessThan(5_000);
    expect(other.app.spot.loadedBook(1)).toBeDefined();
    expect(await other.app.spot.depth(1, 50)).toEqual(before);
    // The old owner stopped acting as owner: its book is closed.
    expect(owner.app.spot.loadedBook(1)).toBeUndefined();
  });

  it('keeps a node without Redis serving its own clients, and fails its forwards fast', async () => {
    // Nothing listens on port 1: this node's Redis is down from the start.
    const lone = await startNode('lone', { redisUrl: 'redis://127.0.0.1:1' });
    const h = await health(lone);
    expect(h).toMatchObject({ node: 'lone', leader: false, engines: [], redis: 'down' });
    const u = await trader(registrar(), { [USDT]: '1000' });
    expect((await lone.get('wallet/list', { token: u.token })).status).not.toBe(500);
    const started = Date.now();
    const reply = await placeOrder(lone, u.token, { type: '1', target_price: '50000', amount: '0.01' });
    expect(reply.error).toBe('engine_unavailable');
    expect(Date.now() - started).toBeLessThan(1_000);
    await lone.close();
    nodes.splice(nodes.indexOf(lone), 1);
  });

  it('answers a forward that gets no reply with the retryable, localized engine_unavailable', async () => {
    const c = await startNode(followerId('c'), { forwardTimeoutMs: 300 });
    await until(async () => ownedAsHashed(liveIds()));
    const owner = nodes.find((n) => n !== c && n.app.cluster!.owns(1))!;
    // The owner takes the command but never answers (as a hung process would).
    const place = owner.app.spot.place;
    owner.app.spot.place = () => new Promise(() => {});
    try {
      const u = await trader(registrar(), { [USDT]: '1000' });
      const started = Date.now();
      const reply = await placeOrder(c, u.token, { type: '1', target_price: '50000', amount: '0.01' }, { lang: 'en' });
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(reply.status).toBe(503);
      expect(reply.type).toBe('error');
      expect(reply.error).toBe('engine_unavailable');
      expect(reply.message).toMatch(/try again/);
      const zh = await placeOrder(c, u.token, { type: '1', target_price: '50000', amount: '0.01' }, { lang: 'zh' });
      expect(zh.error).toBe('engine_unavailable');
      expect(zh.message).toBe('交易暂时不可用，请稍后重试');
    } finally {
      owner.app.spot.place = place;
    }
    // Answered again once the owner is back.
    const v = await trader(registrar(), { [USDT]: '1000' });
    expect((await placeOrder(c, v.token, { type: '1', target_price: '50000', amount: '0.01' })).type).toBe('ok');
  });

  it('never stores a forwarded order the owner takes up after its caller gave up', async () => {
    const c =
      nodes.find((n) => n.app.config.forwardTimeoutMs === 300) ?? (await startNode(followerId('d'), { forwardTimeoutMs: 300 }));
    const owner = nodes.find((n) => n !== c && n.app.cluster!.owns(1))!;
    // The owner is slow to get to the command (a busy event loop): it starts after the caller's 300 ms.
    const place = owner.app.spot.place;
    owner.app.spot.place = async (...args) => {
      await new Promise((r) => setTimeout(r, 450));
      return place.apply(owner.app.spot, args);
    };
    const u = await trader(registrar(), { [USDT]: '1000' });
    try {
      const reply = await placeOrder(c, u.token, { type: '1', target_price: '50000', amount: '0.01' }, { lang: 'en' });
      expect(reply.status).toBe(503);
      expect(reply.error).toBe('engine_unavailable');
      // The owner has run it by now, and refused it: no order, nothing frozen.
      await new Promise((r) => setTimeout(r, 700));
    } finally {
      owner.app.spot.place = place;
    }
    expect((await c.get('coin/list', { token: u.token })).message.total).toBe(0);
    expect(await coinBalance(c, u.id, USDT)).toEqual({ available: '1000', frozen: '0' });
  });

  it("moves the pairs a joining node wins to it, and hands a draining node's pairs over at once", async () => {
    await until(async () => ownedAsHashed(liveIds()));
    const before = new Map(
      await Promise.all(live().map(async (n) => [n.app.cluster!.nodeId, (await health(n)).engines] as const)),
    );
    // A node joins: it takes exactly the pairs it now wins; no other pair moves.
    const j = await startNode('j');
    const ids = liveIds();
    await until(async () => ownedAsHashed(ids));
    const symbols = j.app.market.listPairs();
    for (const pair of symbols) {
      const [now] = ranking(pair.id, ids);
      const was = [...before].find(([, engines]) => engines.includes(pair.symbol))?.[0];
      if (now !== 'j') expect(now, pair.symbol).toBe(was);
    }
    expect((await health(j)).engines.length).toBeGreaterThan(0);

    // The owner of BTC/USDT drains (as on SIGTERM): new requests to it are refused, retryable; its book
    // goes to the runner-up at once (no fencing wait), with the resting orders.
    const owner = live().find((n) => n.app.cluster!.owns(1))!;
    const other = live().find((n) => n !== owner)!;
    const maker = await trader(registrar(), { [BTC]: '1' });
    expect((await placeOrder(other, maker.token, { type: '2', target_price: '64000', amount: '0.03' })).type).toBe('ok');
    const book = await other.app.spot.depth(1, 50);
    const heirId = ranking(1, ids).filter((id) => id !== owner.app.cluster!.nodeId)[0];
    const heir = live().find((n) => n.app.cluster!.nodeId === heirId)!;
    const started = Date.now();
    const draining = owner.app.cluster!.drain();
    const refused = await owner.get('wallet/list', { token: maker.token, lang: 'en' });
    expect(refused.status).toBe(503);
    expect(refused.error).toBe('service_unavailable');
    expect(refused.message).toMatch(/try again/);
    await draining;
    expect(owner.app.spot.loadedBook(1)).toBeUndefined();
    await until(() => heir.app.cluster!.owns(1), 5_000);
    const tookMs = Date.now() - started;
    console.log(`cluster test: BTC/USDT handed over in ${tookMs} ms`);
    expect(tookMs).toBeLessThan(TUNING.pollMs + TUNING.fenceMs + 2_000);
    expect(await heir.app.spot.depth(1, 50)).toEqual(book);
    await owner.close();
    nodes.splice(nodes.indexOf(owner), 1);
    // Every pair has one owner among the nodes left.
    await until(async () => ownedAsHashed(liveIds()));
  });

  /** Whether every pair runs on exactly the node rendezvous hashing picks among `ids`. */
  async function ownedAsHashed(ids: string[]): Promise<boolean> {
    const running = nodes.filter((n) => ids.includes(n.app.cluster!.nodeId));
    const pairs = running[0]!.app.market.listPairs();
    return pairs.every((pair) => {
      const owners = running.filter((n) => n.app.cluster!.owns(pair.id)).map((n) => n.app.cluster!.nodeId);
      return owners.length === 1 && owners[0] === ranking(pair.id, ids)[0];
    });
  }
});

function client(app: FastifyInstance): TestApp {
  const send = async (
    method: 'GET' | 'POST',
    path: string,
    body?: Record<string, string>,
    opts: { token?: string; lang?: string } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = opts.token;
    if (opts.lang) headers.lang = opts.lang;
    let payload: string | undefined;
    if (method === 'POST' && body) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body).toString();
    }
    const res = await app.inject({ method, url: `/api/${path}`, headers, payload, remoteAddress: nextIp() });
    return { status: res.statusCode, ...res.json<Record<string, unknown>>() } as Envelope;
  };
  return {
    app,
    database: app.database,
    post: (path, body, opts) => send('POST', path, body, opts),
    get: (path, opts) => send('GET', path, undefined, opts),
    close: () => app.close(),
  };
}

async function cancel(t: TestApp, token: string, id: number): Promise<Envelope> {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/coin/trade',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ id: String(id) }).toString(),
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, ...res.json<Record<string, unknown>>() } as Envelope;
}
