import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { until } from '../../test/market.js';
import { createTestApp, listenLocally, registerEmailUser, type TestApp } from '../../test/test-app.js';

const t = appForFile({ open: () => createTestApp({ marketHistoryDays: 1, marketDailyHistoryDays: 2 }) });
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  await t.app.market.start();
  url = await listenLocally(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

// biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field in the tests
type Payload = any;

/** A client that records every event it receives. */
function client(options: { token?: string; transports?: ('websocket' | 'polling')[]; base?: string } = {}) {
  const socket = connect(options.base ?? url, {
    path: '/socket.io',
    transports: options.transports ?? ['websocket'],
    auth: options.token ? { token: options.token } : {},
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: { event: string; payload: Payload }[] = [];
  socket.onAny((event, payload) => received.push({ event, payload }));
  const of = (event: string) => received.filter((r) => r.event === event).map((r) => r.payload);
  return { socket, received, of };
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

const ask = (socket: Socket, event: string, payload: unknown) =>
  new Promise<Payload>((resolve) => socket.emit(event, payload, (reply: unknown) => resolve(reply)));

describe('public pair rooms', () => {
  it('push the ticker, the live candles and the book to a subscriber, tick after tick', async () => {
    const c = client();
    await connected(c.socket);
    expect(await ask(c.socket, 'subscribe', { symbol: 'BTC/USDT', period: '5min' })).toEqual({
      ok: true,
      symbol: 'BTC/USDT',
      period: '5min',
    });
    // At once: a snapshot of the ticker, both candles and the depth.
    await until(() => c.of('market_depth').length > 0, 3000, 'depth snapshot');
    expect(c.of('market_depth')[0]).toMatchObject({ symbol: 'BTC/USDT', bids: [], asks: [] });
    const first = c.of('daymarket')[0];
    expect(first).toMatchObject({ symbol: 'BTC/USDT', pair_id: 1, legal_id: 3, currency_id: 1, demo: true });
    expect(first.now_price).toMatch(/^\d+\.\d{2}$/);
    // Then live: the next ticks.
    await until(() => c.of('daymarket').some((d) => d.time > first.time), 3000, 'a later tick');
    const klines = c.of('kline');
    const minute = klines.filter((k) => k.period === '1min').at(-1);
    const five = klines.filter((k) => k.period === '5min').at(-1);
    expect(minute).toMatchObject({ symbol: 'BTC/USDT', period: '1min' });
    expect(minute.id % 60).toBe(0);
    expect(five.id % 300).toBe(0);
    expect(minute.time).toBe(minute.id * 1000);
    expect(Number(five.high)).toBeGreaterThanOrEqual(Number(minute.high));
    // Only the periods asked for, and only this pair.
    expect(new Set(klines.map((k) => k.period))).toEqual(new Set(['1min', '5min']));
    expect(new Set(c.of('daymarket').map((d) => d.symbol))).toEqual(new Set(['BTC/USDT']));
  });

  it('push candles only to a subscription that named a chart period', async () => {
    const c = client();
    await connected(c.socket);
    expect(await ask(c.socket, 'subscribe', { symbol: 'BTC/USDT' })).toEqual({ ok: true, symbol: 'BTC/USDT' });
    const first = await until(() => c.of('daymarket')[0], 3000, 'the ticker snapshot');
    await until(() => c.of('daymarket').some((d) => d.time > first.time), 3000, 'a later tick');
    expect(c.of('kline')).toEqual([]);
    // Naming a period later (the chart opened) brings both candles; dropping it again stops them.
    await ask(c.socket, 'subscribe', { symbol: 'BTC/USDT', period: '1min' });
    await until(() => c.of('kline').length > 0, 3000, 'the 1-minute candle');
    expect(new Set(c.of('kline').map((k) => k.period))).toEqual(new Set(['1min']));
    await ask(c.socket, 'subscribe', { symbol: 'BTC/USDT' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const candles = c.of('kline').length;
    const ticks = c.of('daymarket').length;
    await until(() => c.of('daymarket').length > ticks, 3000, 'another tick');
    expect(c.of('kline').length).toBe(candles);
  });

  it('work over long polling too', async () => {
    const c = client({ transports: ['polling'] });
    await connected(c.socket);
    expect((await ask(c.socket, 'subscribe', { symbol: 'eth/usdt' })).ok).toBe(true);
    await until(() => c.of('daymarket').length > 0, 3000, 'a ticker over polling');
    expect(c.of('daymarket')[0].symbol).toBe('ETH/USDT');
  });

  it("carry every pair's ticker to '*' subscribers, stop after unsubscribe, and refuse unknown names", async () => {
    const c = client();
    await connected(c.socket);
    expect(await ask(c.socket, 'subscribe', { symbol: '*' })).toEqual({ ok: true, symbol: '*' });
    const all = t.app.market.listPairs().length;
    await until(() => new Set(c.of('daymarket').map((d) => d.symbol)).size === all, 10_000, 'all tickers');
    expect(c.of('kline')).toEqual([]);
    expect(await ask(c.socket, 'subscribe', { symbol: 'PEPE/USDT' })).toEqual({ ok: false, error: 'pair_unknown' });
    expect(await ask(c.socket, 'subscribe', { symbol: 'BTC/USDT', period: '2min' })).toEqual({
      ok: false,
      error: 'period_unknown',
    });
    expect(await ask(c.socket, 'subscribe', { symbol: 'user:1' })).toEqual({ ok: false, error: 'pair_unknown' });
    expect(await ask(c.socket, 'subscribe', 42)).toEqual({ ok: false, error: 'pair_unknown' });
    expect(await ask(c.socket, 'unsubscribe', { symbol: '*' })).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const count = c.received.length;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(c.received.length).toBe(count);
  });

  it("carry the order book's trades and depth when the spot module publishes them", async () => {
    const c = client();
    await connected(c.socket);
    await ask(c.socket, 'subscribe', { symbol: 'TRX/USDT' });
    t.app.market.publishTrade(3, { id: 'T1', price: '0.12001', amount: '150.5', side: 'sell', time: 1 });
    t.app.realtime.toPair('TRX/USDT', 'market_depth', { symbol: 'TRX/USDT', bids: [['0.12000', '10']], asks: [], time: 2 });
    await until(() => c.of('match_trade').length > 0 && c.of('market_depth').length > 1, 3000, 'trade and depth');
    expect(c.of('match_trade')[0]).toEqual({
      symbol: 'TRX/USDT',
      id: 'T1',
      price: '0.12001',
      amount: '150.5',
      side: 'sell',
      time: 1,
    });
    expect(c.of('market_depth').at(-1).bids).toEqual([['0.12000', '10']]);
  });
});

describe('attaching', () => {
  it('attaches by itself after the first reply of a listening server', async () => {
    const other = await createTestApp();
    try {
      await other.app.listen({ port: 0, host: '127.0.0.1' });
      expect(other.app.realtime.io).toBeUndefined();
      const port = (other.app.server.address() as AddressInfo).port;
      await fetch(`http://127.0.0.1:${port}/api/get/lang`);
      await until(() => other.app.realtime.io, 3000, 'socket server');
      const c = client({ base: `http://127.0.0.1:${port}` });
      await connected(c.socket);
      c.socket.disconnect();
    } finally {
      await other.close();
    }
  });
});

describe('private user rooms', () => {
  it("join only with the user's own live token; a forged, missing or other user's token gets no private events", async () => {
    const alice = await registerEmailUser(t);
    const bob = await registerEmailUser(t);
    const mine = client({ token: alice.token });
    const bearer = client({ token: `Bearer ${alice.token}`, transports: ['polling'] });
    const forged = client({ token: randomBytes(32).toString('base64url') });
    const none = client();
    const other = client({ token: bob.token });
    for (const c of [mine, bearer, forged, none, other]) await connected(c.socket);
    // A forged token still connects: public rooms work, private ones don't.
    expect((await ask(forged.socket, 'subscribe', { symbol: 'BTC/USDT' })).ok).toBe(true);
    // Asking for the room by name is not a way in.
    expect((await ask(forged.socket, 'subscribe', { symbol: `user:${alice.user.id}` })).ok).toBe(false);
    t.app.realtime.toUser(alice.user.id, 'order_update', { id: 1, status: 'filled' });
    await until(() => mine.of('order_update').length > 0 && bearer.of('order_update').length > 0, 3000, 'private event');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mine.of('order_update')).toEqual([{ id: 1, status: 'filled' }]);
    for (const c of [forged, none, other]) expect(c.of('order_update')).toEqual([]);
  });

  it('does not accept a token that was revoked (logged out)', async () => {
    const carol = await registerEmailUser(t);
    await t.post('user/logout', {}, { token: carol.token });
    const c = client({ token: carol.token });
    await connected(c.socket);
    t.app.realtime.toUser(carol.user.id, 'order_update', { id: 2 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(c.of('order_update')).toEqual([]);
  });
});

/** A free port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe.skipIf(!existsSync('/usr/bin/redis-server'))('with REDIS_URL (several nodes)', () => {
  let redis: ChildProcess;
  let nodes: TestApp[] = [];
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    const redisUrl = `redis://127.0.0.1:${port}`;
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = createServer();
          probe.once('error', () => resolve(true));
          probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
        }),
      5000,
      'redis listening',
    );
    nodes = [await createTestApp({ redisUrl }), await createTestApp({ redisUrl })];
    for (const node of nodes) {
      await node.app.listen({ port: 0, host: '127.0.0.1' });
      await node.app.realtime.ready();
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    redis?.kill();
  });

  it("delivers a room's event emitted on one node to a client connected to another", async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const c = client({ base: `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}` });
    await connected(c.socket);
    await ask(c.socket, 'subscribe', { symbol: 'BTC/USDT' });
    await until(
      () => {
        b.app.realtime.toPair('BTC/USDT', 'match_trade', { via: 'node b' });
        return c.of('match_trade').length > 0;
      },
      5000,
      'an event across nodes',
    );
    expect(c.of('match_trade')[0]).toEqual({ via: 'node b' });
  });
});
