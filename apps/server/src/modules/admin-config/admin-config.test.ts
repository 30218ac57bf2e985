import { desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, USDT } from '../../../test/money.js';
import { placeOrder, trader } from '../../../test/spot.js';
import { adminToken, operatorSignIn, registerEmailUser, TEST_ADMIN } from '../../../test/test-app.js';
import { auditLog, spotTrades } from '../../db/schema.js';
import { D } from '../../lib/money.js';
import { applyStoredConfig } from './service.js';

const t = appForFile({ checkLedger: true });
let operator: string;
let support: string;
beforeAll(async () => {
  operator = await adminToken(t);
  const email = 'config-support@example.test';
  expect(
    (await t.post('admin/operators', { email, password: 'operator-password-1', role: 'support' }, { token: operator })).type,
  ).toBe('ok');
  support = (await operatorSignIn(t, email, 'operator-password-1')).token;
});

/** The raw SQL error of a statement, or undefined when it succeeded. */
async function sqlError(statement: ReturnType<typeof sql>): Promise<string | undefined> {
  try {
    await t.database.db.execute(statement);
    return undefined;
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
}

describe('audit log: append-only and searchable', () => {
  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    await t.post('admin/config/withdraw-limit', { withdraw_daily_limit: '4' }, { token: operator });
    const before = await t.database.db.select().from(auditLog);
    expect(before.length).toBeGreaterThan(0);
    expect(await sqlError(sql`UPDATE audit_log SET action = 'forged'`)).toMatch(/append-only/);
    expect(await sqlError(sql`UPDATE audit_log SET "before" = '{}'::jsonb WHERE id = ${before[0]!.id}`)).toMatch(/append-only/);
    expect(await sqlError(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
    expect(await sqlError(sql`TRUNCATE audit_log`)).toMatch(/append-only/);
    expect(await t.database.db.select().from(auditLog)).toEqual(before);
    // Inserting still works (that is how every action is recorded).
    expect(await sqlError(sql`INSERT INTO audit_log (action, target) VALUES ('test.insert', 'x')`)).toBeUndefined();
  });

  it('has no route that edits or deletes audit rows', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    const auditLines = routes.split('\n').filter((line) => line.includes('audit'));
    expect(auditLines.join('\n')).not.toMatch(/PUT|PATCH|DELETE|POST/);
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const)
      expect(t.app.hasRoute({ method, url: '/api/admin/audit' })).toBe(false);
  });

  it('searches by action (exact or family), operator, target, time range and free text; paged', async () => {
    await t.post('admin/config/withdraw-limit', { withdraw_daily_limit: '5' }, { token: operator });
    await t.post('admin/config/pairs/2', { maker_fee_rate: '0.0015' }, { token: operator });
    const family = await t.get('admin/audit?action=config.*', { token: operator });
    expect(family.message.list.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['config.pair.set', 'config.withdraw_limit.set']),
    );
    expect(family.message.list.every((r: { action: string }) => r.action.startsWith('config.'))).toBe(true);
    const exact = await t.get('admin/audit?action=config.pair.set', { token: operator });
    expect(exact.message.list[0]).toMatchObject({
      action: 'config.pair.set',
      target: 'pair:ETH/USDT',
      admin_email: TEST_ADMIN.email,
      before: { maker_fee_rate: expect.any(String) },
      after: { maker_fee_rate: '0.0015' },
    });
    expect(
      (
        await t.get(`admin/audit?admin=${encodeURIComponent(TEST_ADMIN.email.slice(0, 6))}&action=config.pair.set`, {
          token: operator,
        })
      ).message.total,
    ).toBe(1);
    expect((await t.get('admin/audit?admin=nobody-like-this', { token: operator })).message.total).toBe(0);
    expect((await t.get('admin/audit?target=ETH%2FUSDT', { token: operator })).message.total).toBe(1);
    // Free text reaches into the before/after JSON.
    expect(
      (await t.get('admin/audit?q=0.0015', { token: operator })).message.list.map((r: { action: string }) => r.action),
    ).toEqual(['config.pair.set']);
    // LIKE wildcards match literally.
    expect((await t.get('admin/audit?q=%25', { token: operator })).message.total).toBe(0);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await t.get(`admin/audit?from=${future}`, { token: operator })).message.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const all = await t.get(`admin/audit?from=${past}&to=${future}&limit=1&page=2`, { token: operator });
    expect(all.message).toMatchObject({ page: 2, limit: 1 });
    expect(all.message.list).toHaveLength(1);
    expect((await t.get('admin/audit?from=not-a-date', { token: operator })).error).toBe('field_invalid');
  });

  it('lists the actions present in the log, from the data', async () => {
    const actions = (await t.get('admin/audit/actions', { token: operator })).message as { action: string; count: number }[];
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['config.pair.set', 'config.withdraw_limit.set', 'test.insert']),
    );
    expect(actions.find((a) => a.action === 'config.withdraw_limit.set')?.count).toBe(2);
    expect((await t.get('admin/audit/actions', { token: support })).error).toBe('forbidden');
  });
});

describe('runtime configuration', () => {
  it('shows coins with their rules and chains, pairs, the limit, the market maker and the feed', async () => {
    const c = (await t.get('admin/config', { token: operator })).message;
    expect(c.coins.find((x: { id: number }) => x.id === USDT)).toMatchObject({
      name: 'USDT',
      chains: expect.arrayContaining(['TRC20']),
    });
    expect(c.pairs[0]).toMatchObject({ id: 1, symbol: 'BTC/USDT', open_orders: 0 });
    expect(c.market_maker).toMatchObject({ levels: expect.any(Number), spreadBps: expect.any(Number) });
    // API tests run without the feed: its kind is shown, not connected, no ticks yet.
    expect(c.feed).toMatchObject({ connected: false });
    expect(c.feed.pairs[0]).toEqual({ pair_id: 1, symbol: 'BTC/USDT', price: null, last_tick_at: null });
  });

  it("applies a pair's fee rate to the running book at once, audited with before/after", async () => {
    const change = await t.post('admin/config/pairs/1', { taker_fee_rate: '0.005' }, { token: operator });
    expect(change.message).toMatchObject({ id: 1, symbol: 'BTC/USDT', taker_fee_rate: '0.005' });
    // A trade right after pays the new taker rate: 0.1 BTC × 60 000 × 0.005 = 30 USDT.
    const seller = await trader(t, { [BTC]: '1' });
    const buyer = await trader(t, { [USDT]: '10000' });
    expect((await placeOrder(t, seller.token, { type: '2', target_price: '60000', amount: '0.1' })).type).toBe('ok');
    const bid = await placeOrder(t, buyer.token, { type: '1', target_price: '60000', amount: '0.1' });
    expect(bid.type).toBe('ok');
    const [trade] = await t.database.db
      .select()
      .from(spotTrades)
      .where(eq(spotTrades.pairId, 1))
      .orderBy(desc(spotTrades.id))
      .limit(1);
    expect(Number(trade!.takerFee)).toBe(30);
    const audit = await t.get('admin/audit?action=config.pair.set&target=BTC', { token: operator });
    expect(audit.message.list[0]).toMatchObject({
      before: { taker_fee_rate: expect.any(String) },
      after: { taker_fee_rate: '0.005' },
    });
  });

  it("sets a pair's price band and market-maker ladder, applied at once and audited", async () => {
    const before = (await t.get('admin/config', { token: operator })).message.pairs.find((p: { id: number }) => p.id === 2);
    // Seeded: every pair has its own ladder of at least 20 levels a side and a 5 % band.
    expect(before).toMatchObject({ symbol: 'ETH/USDT', price_band: '0.05', mm_levels: 25, mm_depth: '200000' });
    const change = await t.post(
      'admin/config/pairs/2',
      { price_band: '0.02', mm_levels: '30', mm_depth: '150000', mm_spread_bps: '6' },
      { token: operator },
    );
    expect(change.message).toMatchObject({ price_band: '0.02', mm_levels: 30, mm_depth: '150000', mm_spread_bps: 6 });
    const eth = t.app.market.getPair(2)!;
    expect(eth).toMatchObject({ priceBand: '0.02', mmLevels: 30, mmDepth: '150000', mmSpreadBps: 6 });
    // The market maker's next ladder on the pair uses them: 30 levels, 150 000 USDT a side (sized at the
    // index, so the bids, priced below it, are worth a little less).
    const ladder = t.app.marketMaker.ladder(eth, new D(3000));
    expect(ladder.filter((q) => q.side === 'buy')).toHaveLength(30);
    const bidNotional = ladder.filter((q) => q.side === 'buy').reduce((s, q) => s.plus(new D(q.price).times(q.amount)), new D(0));
    expect(bidNotional.toNumber()).toBeGreaterThan(145_000);
    expect(bidNotional.toNumber()).toBeLessThanOrEqual(150_000);
    expect(new D(ladder.find((q) => q.side === 'sell')!.price).toFixed()).toBe('3001.8');
    const audit = await t.get('admin/audit?action=config.pair.set&target=ETH', { token: operator });
    expect(audit.message.list[0]).toMatchObject({
      before: { price_band: '0.05', mm_levels: 25 },
      after: { price_band: '0.02', mm_levels: 30, mm_depth: '150000', mm_spread_bps: 6 },
    });
  });

  it('refuses a band outside (0, 0.5] and a ladder out of range, changing nothing', async () => {
    for (const body of [
      { price_band: '0' },
      { price_band: '0.6' },
      { price_band: '-0.1' },
      { mm_levels: '0' },
      { mm_levels: '51' },
      { mm_spread_bps: '0' },
      { mm_depth: 'lots' },
      { mm_depth: '0' },
    ] as Record<string, string>[]) {
      const reply = await t.post('admin/config/pairs/3', body, { token: operator });
      expect(reply.type, JSON.stringify(body)).toBe('error');
      expect(Object.keys(reply.fields ?? {}), JSON.stringify(body)).toEqual([Object.keys(body)[0]]);
    }
    expect(t.app.market.getPair(3)).toMatchObject({ priceBand: '0.05', mmLevels: 20 });
    expect((await t.get('admin/audit?action=config.pair.set&target=TRX', { token: operator })).message.total).toBe(0);
  });

  it('refuses bad input and a minimum that is not whole lots, changing nothing', async () => {
    expect((await t.post('admin/config/pairs/1', { maker_fee_rate: '1.5' }, { token: operator })).error).toBe('field_invalid');
    expect((await t.post('admin/config/pairs/1', { min_amount: '0.0000001' }, { token: operator })).fields).toHaveProperty(
      'min_amount',
    );
    expect((await t.post('admin/config/pairs/999', { maker_fee_rate: '0.001' }, { token: operator })).error).toBe('not_found');
    expect((await t.post('admin/config/market-maker', { levels: '0' }, { token: operator })).error).toBe('field_invalid');
    expect((await t.post('admin/config/market-maker', { refreshMs: '60000', staleMs: '30000' }, { token: operator })).error).toBe(
      'field_invalid',
    );
    expect((await t.post('admin/config/withdraw-limit', { withdraw_daily_limit: 'x' }, { token: operator })).error).toBe(
      'field_invalid',
    );
    expect((await t.get('admin/audit?action=config.market_maker.set', { token: operator })).message.total).toBe(0);
  });

  it('changes the market maker and the withdrawal limit without a restart', async () => {
    const mm = await t.post(
      'admin/config/market-maker',
      { levels: '3', spreadBps: '25', levelQuote: '500' },
      { token: operator },
    );
    expect(mm.message).toMatchObject({ levels: 3, spreadBps: 25, levelQuote: '500' });
    expect(t.app.marketMaker.config).toMatchObject({ levels: 3, spreadBps: 25, levelQuote: '500' });
    const audit = (await t.get('admin/audit?action=config.market_maker.set', { token: operator })).message.list[0];
    expect(audit.before.levels).not.toBe(3);
    expect(audit.after).toMatchObject({ levels: 3, spreadBps: 25 });

    await t.post('admin/config/withdraw-limit', { withdraw_daily_limit: '7' }, { token: operator });
    expect(t.app.config.withdrawDailyLimit).toBe(7);
    expect((await t.get('admin/config', { token: operator })).message.withdraw_daily_limit).toBe(7);

    // A restart starts from the environment's values; the stored ones are applied again at start.
    t.app.config.withdrawDailyLimit = 3;
    t.app.marketMaker.setConfig({ levels: 5 });
    await applyStoredConfig(t.app);
    expect(t.app.config.withdrawDailyLimit).toBe(7);
    expect(t.app.marketMaker.config.levels).toBe(3);
  });

  it('is super only', async () => {
    expect((await t.get('admin/config', { token: support })).error).toBe('forbidden');
    expect((await t.post('admin/config/withdraw-limit', { withdraw_daily_limit: '1' }, { token: support })).error).toBe(
      'forbidden',
    );
    const u = await registerEmailUser(t);
    expect((await t.get('admin/config', { token: u.token })).type).toBe('999');
  });
});
