import { sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { admin, BTC, fund, readyUser, USDT } from '../../test/money.js';
import { BTC_USDT_ID, type Clock, settle, startOptions, tick } from '../../test/options.js';
import { placeOrder, trader } from '../../test/spot.js';
import { createTestApp, listenLocally } from '../../test/test-app.js';

const TOKEN = 'scrape-token-0123456789abcdef';

const t = appForFile({
  open: () => createTestApp({ metricsToken: TOKEN, marketHistoryDays: 1, marketDailyHistoryDays: 2 }),
  checkLedger: true,
});
let url: string;
let socket: Socket | undefined;
// The options clock runs two minutes behind the real one, so an order bought on it is overdue at once.
const clock: Clock = { now: Math.floor((Date.now() - 120_000) / 10_000) * 10_000 };

beforeAll(async () => {
  await t.app.market.start();
  await startOptions(t, clock);
  url = await listenLocally(t);
});
afterAll(async () => {
  socket?.disconnect();
});

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Scrapes /metrics with the token and parses the text exposition format. */
async function scrape(): Promise<Sample[]> {
  const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The value of the one sample named `name` whose labels include `labels` (undefined: none). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

describe('GET /metrics', () => {
  it('refuses a scrape without the token or with a wrong one, in the envelope', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ type: 'error', error: 'forbidden' });
    const wrong = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('exchange_');
    const basic = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Basic ${TOKEN}` } });
    expect(basic.statusCode).toBe(403);
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const off = await createTestApp();
    try {
      expect(
        (await off.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('counts spot batches, their commands and the order route as orders go through', async () => {
    const before = await scrape();
    const route = { method: 'POST', route: '/api/coin/trade', status_code: '200' };
    const seller = await trader(t, { [BTC]: '1' });
    const buyer = await trader(t, { [USDT]: '100000' });
    const orders = [
      placeOrder(t, seller.token, { type: '2', target_price: '60000', amount: '0.1' }),
      placeOrder(t, seller.token, { type: '2', target_price: '60010', amount: '0.1' }),
      placeOrder(t, buyer.token, { type: '1', target_price: '59000', amount: '0.1' }),
    ];
    for (const reply of await Promise.all(orders)) expect(reply.type).toBe('ok');
    expect((await placeOrder(t, buyer.token, { type: '1', target_price: '60010', amount: '0.15' })).message.status).toBe(
      'completed',
    );
    const after = await scrape();

    const pair = { pair: 'BTC/USDT' };
    const grew = (name: string, labels: Record<string, string>) =>
      (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
    // Four orders, each committed in some batch: at least one batch, and four commands in all.
    expect(grew('exchange_spot_batches_total', { ...pair, outcome: 'committed' })).toBeGreaterThanOrEqual(1);
    expect(grew('exchange_spot_batch_commands_count', pair)).toBe(
      grew('exchange_spot_batches_total', { ...pair, outcome: 'committed' }),
    );
    expect(grew('exchange_spot_batch_commands_sum', pair)).toBe(4);
    expect(grew('exchange_spot_batch_commit_seconds_count', pair)).toBeGreaterThanOrEqual(1);
    expect(grew('exchange_spot_batch_commit_seconds_sum', pair)).toBeGreaterThan(0);
    expect(value(after, 'exchange_spot_engine_queue_depth', pair)).toBe(0);
    // The order route by its pattern: one observation per order.
    expect(grew('http_request_duration_seconds_count', route)).toBe(4);
    // The trade's fees wait for their rebate until the worker runs.
    expect(value(after, 'exchange_referral_rebates_waiting')).toBeGreaterThan(0);
    expect(value(after, 'exchange_referral_rebate_lag_seconds')).toBeGreaterThanOrEqual(0);
    await t.app.rebates.runOnce();
    const rebated = await scrape();
    expect(value(rebated, 'exchange_referral_rebates_waiting')).toBe(0);
    expect(value(rebated, 'exchange_referral_rebate_lag_seconds')).toBe(0);
  });

  it('labels requests by route pattern, never by the raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/no/such/route/12345' });
    await t.get('market/depth?symbol=BTC%2FUSDT');
    const samples = await scrape();
    const routes = new Set(samples.filter((s) => s.name === 'http_request_duration_seconds_count').map((s) => s.labels.route));
    expect(routes).toContain('unmatched');
    expect(routes).toContain('/api/market/depth');
    expect([...routes].some((r) => r?.includes('12345') || r?.includes('?'))).toBe(false);
  });

  it('counts connected socket clients', async () => {
    expect(value(await scrape(), 'exchange_socket_clients')).toBe(0);
    socket = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket!.once('connect', () => resolve());
      socket!.once('connect_error', reject);
    });
    expect(value(await scrape(), 'exchange_socket_clients')).toBe(1);
  });

  it("reports each pair's index: available, from how many sources, how old", async () => {
    const samples = await scrape();
    expect(value(samples, 'exchange_index_available', { pair: 'BTC/USDT' })).toBe(1);
    expect(value(samples, 'exchange_index_constituents', { pair: 'BTC/USDT', kind: 'live' })).toBe(1);
    expect(value(samples, 'exchange_index_constituents', { pair: 'BTC/USDT', kind: 'required' })).toBe(1);
    const age = value(samples, 'exchange_index_age_seconds', { pair: 'BTC/USDT' });
    expect(age).toBeGreaterThanOrEqual(0);
    expect(age).toBeLessThan(60);
  });

  it('records the last ledger check with its result', async () => {
    // No check yet: no result rather than a 0 that would read as faults.
    const before = await scrape();
    expect(value(before, 'exchange_ledger_check_timestamp_seconds')).toBeUndefined();
    expect(value(before, 'exchange_ledger_check_sound')).toBeUndefined();
    const { token } = await admin(t);
    expect((await t.get('admin/ledger/verify', { token })).message.sound).toBe(true);
    const samples = await scrape();
    expect(value(samples, 'exchange_ledger_check_timestamp_seconds')).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(value(samples, 'exchange_ledger_check_sound')).toBe(1);
    expect(value(samples, 'exchange_ledger_check_faults')).toBe(0);
  });

  it("reports this process's PostgreSQL pool by connection state (PostgreSQL mode only)", async () => {
    const pool = t.database.pool;
    if (!pool) {
      // The embedded database has no pool.
      const samples = await scrape();
      expect(samples.some((s) => s.name.startsWith('exchange_db_pool_'))).toBe(false);
      return;
    }
    expect(value(await scrape(), 'exchange_db_pool_max')).toBe(pool.max);
    // A transaction held open during the scrape shows as a connection idle in transaction.
    const idleInTransaction = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      return value(await scrape(), 'exchange_db_pool_connections', { state: 'idle in transaction' });
    });
    expect(idleInTransaction).toBeGreaterThanOrEqual(1);
  });

  it('shows an option order overdue for settlement, and no lag once it is settled', async () => {
    expect(value(await scrape(), 'exchange_option_settlement_lag_seconds')).toBe(0);
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '100', 'option');
    const start = clock.now;
    tick(t, BTC_USDT_ID, '60000.00', start);
    clock.now = start + 100;
    const bought = await t.post(
      'microtrade/submit',
      { match_id: String(BTC_USDT_ID), currency_id: String(USDT), type: '1', seconds: '30', number: '10' },
      { token: u.token },
    );
    expect(bought.type).toBe('ok');
    // Its delivery second is about 90 s behind the real clock the metrics read.
    const overdue = await scrape();
    expect(value(overdue, 'exchange_option_settlements_due')).toBe(1);
    expect(value(overdue, 'exchange_option_settlement_lag_seconds')).toBeGreaterThan(60);
    const delivery = start / 1000 + 30;
    tick(t, BTC_USDT_ID, '60001.00', delivery * 1000 + 200);
    clock.now = (delivery + 1) * 1000 + 10;
    tick(t, BTC_USDT_ID, '60001.00', (delivery + 1) * 1000);
    await settle(t);
    const settled = await scrape();
    expect(value(settled, 'exchange_option_settlements_due')).toBe(0);
    expect(value(settled, 'exchange_option_settlement_lag_seconds')).toBe(0);
    expect(value(settled, 'exchange_metrics_database_read')).toBe(1);
  });
});
