import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, fund, USDT } from '../../../test/money.js';
import { createProject, HOUR, openProject } from '../../../test/subscription.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { auditLog, currencies, ledgerAccounts, pairs, subscriptionOrders } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { releaseDueUnlocks } from './unlock.js';

const t = appForFile({ checkLedger: true });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

const DAY = 24 * HOUR;

async function subscriber(usdt = '1000') {
  const u = await registerEmailUser(t);
  const id = u.user.id as number;
  if (usdt !== '0') await fund(t, id, USDT, usdt);
  return { ...u, id };
}

const order = (token: string, projectId: number, amount: string, lang?: string) =>
  t.post('lh/send/order', { config_id: String(projectId), amount }, { token, lang });

/** Asks to move one of the user's coins from the coin account to the trust account. */
const oneCoinToTrust = (token: string, currencyId: number) =>
  t.post('wallet/change', { currency_id: String(currencyId), number: '1', from_field: 'coin', to_field: 'trust' }, { token });

const step = (projectId: number, action: 'close' | 'allocate' | 'launch', body: Record<string, string> = {}) =>
  t.post(`admin/subscription/projects/${projectId}/${action}`, body, { token: operator });

describe('lh/send/config, product_info, get_recommend', () => {
  it('lists projects with the original field names, the phase and the introduction in the reader’s language', async () => {
    const p = await openProject(t);
    const list = await t.get('lh/send/config', { lang: 'zh' });
    expect(list.type).toBe('ok');
    const mine = list.message.find((x: { id: number }) => x.id === p.id);
    expect(mine).toMatchObject({
      new_currency_name: p.code,
      change_rate: '0.1',
      num: '1000',
      last_num: '1000',
      day: 7,
      phase: 'subscribing',
      introduction: '测试用的币。',
      introduction_lang: 'zh',
      subscribe_currency_name: 'USDT',
      min_amount: '10',
      max_amount: '500',
    });
    const info = await t.get(`lh/send/product_info?id=${p.id}`, { lang: 'th' });
    // No Thai text: English is shown.
    expect(info.message).toMatchObject({ introduction: 'A coin for tests.', introduction_lang: 'en' });
    expect(info.message.mine).toBeNull();
    const recommend = await t.get('lh/send/get_recommend');
    expect(recommend.message.length).toBeLessThanOrEqual(3);
    expect(recommend.message.length).toBeGreaterThan(0);
  });

  it('answers not_found for an unknown project', async () => {
    const r = await t.get('lh/send/product_info?id=999999');
    expect(r).toMatchObject({ type: 'error', error: 'not_found' });
  });

  it("shows a signed-in user's quota and balance", async () => {
    const p = await openProject(t);
    const u = await subscriber('300');
    expect((await order(u.token, p.id, '120')).type).toBe('ok');
    const info = await t.get(`lh/send/product_info?id=${p.id}`, { token: u.token });
    expect(info.message.mine).toEqual({ subscribed: '120', remaining: '380', available: '180' });
    expect(info.message.subscribed_amount).toBe('120');
    // 120 USDT asks for 1200 coins at 0.1: more than the 1000 offered, so the project is sold out.
    expect(info.message.phase).toBe('sold_out');
    expect(info.message.last_num).toBe('0');
  });
});

describe('lh/send/order refusals change nothing', () => {
  it('refuses outside the window, below the minimum, beyond the maximum, too precise, and without the balance', async () => {
    const now = Date.now();
    const upcoming = await openProject(t, {
      start_at: new Date(now + HOUR).toISOString(),
      end_at: new Date(now + 2 * HOUR).toISOString(),
      launch_at: new Date(now + 3 * HOUR).toISOString(),
    });
    const ended = await openProject(t, {
      start_at: new Date(now - 2 * HOUR).toISOString(),
      end_at: new Date(now - HOUR).toISOString(),
      launch_at: new Date(now + HOUR).toISOString(),
    });
    const p = await openProject(t);
    const u = await subscriber('100');

    expect(await order(u.token, upcoming.id, '20')).toMatchObject({ type: 'error', error: 'subscription_not_started' });
    expect(await order(u.token, ended.id, '20', 'jp')).toMatchObject({
      type: 'error',
      error: 'subscription_ended',
      message: '申込期間は終了しました',
    });
    expect(await order(u.token, p.id, '9.99')).toMatchObject({
      error: 'amount_below_min',
      message: 'The minimum is 10',
    });
    expect(await order(u.token, p.id, '10.0000001')).toMatchObject({ error: 'amount_too_precise' });
    for (const bad of ['', '0', '-5', 'abc', '1e3']) {
      const r = await order(u.token, p.id, bad);
      expect(r.type).toBe('error');
      expect(['amount_required', 'amount_invalid']).toContain(r.error);
    }
    expect(await order(u.token, p.id, '501')).toMatchObject({ error: 'subscription_limit_exceeded' });
    const poor = await order(u.token, p.id, '100.000001');
    expect(poor).toMatchObject({ error: 'insufficient_balance' });
    expect(Object.keys(poor.fields ?? {})).toEqual(['amount']);
    expect(await order(u.token, 999999, '20')).toMatchObject({ error: 'not_found' });

    // Nothing was frozen or stored.
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
    const rows = await t.database.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.userId, u.id));
    expect(rows).toEqual([]);
  });

  it('counts every order of a user against the maximum, and decides parallel orders one at a time', async () => {
    const p = await openProject(t, { max_amount: '100' });
    const u = await subscriber('1000');
    expect((await order(u.token, p.id, '60')).type).toBe('ok');
    const r = await order(u.token, p.id, '50');
    expect(r).toMatchObject({ error: 'subscription_limit_exceeded', message: 'The most you can subscribe is 100; 40 left' });
    // Ten parallel orders of 20 with 40 left: exactly two succeed.
    const replies = await Promise.all(Array.from({ length: 10 }, () => order(u.token, p.id, '20')));
    expect(replies.filter((x) => x.type === 'ok')).toHaveLength(2);
    expect(await balance(t, u.id, USDT)).toEqual({ available: '900', frozen: '100' });
  });

  it('needs a session', async () => {
    const p = await openProject(t);
    expect((await t.post('lh/send/order', { config_id: String(p.id), amount: '20' })).type).toBe('999');
    expect((await t.get('lh/send/order_list')).type).toBe('999');
  });
});

describe('the lifecycle: subscribe → close → allocate (pro-rata) → launch → lock-up ends', () => {
  it('allocates exactly, refunds the excess, creates the coin and its pair, locks and then releases it', async () => {
    // Offering: 1000 coins at 0.1 USDT = 100 USDT.
    const p = await openProject(t, { lock_days: 3, max_amount: '500' });
    const a = await subscriber('500');
    const b = await subscriber('500');
    const c = await subscriber('500');
    expect((await order(a.token, p.id, '100')).type).toBe('ok');
    const placed = await order(b.token, p.id, '150');
    expect(placed.message).toMatchObject({ amount: '150', status: 'pending', exam_status: 'sold_out', allocated: false });
    expect((await order(c.token, p.id, '50')).type).toBe('ok');
    expect(await balance(t, a.id, USDT)).toEqual({ available: '400', frozen: '100' });

    // A wrong-order step is refused: launch before allocation, allocate while the window is open.
    expect(await step(p.id, 'launch')).toMatchObject({ error: 'subscription_state_invalid' });
    expect(await step(p.id, 'allocate')).toMatchObject({ error: 'subscription_state_invalid' });
    // Terms are fixed once anyone subscribed; texts may still change.
    const edit = await t.post(`admin/subscription/projects/${p.id}`, { issue_price: '0.2' }, { token: operator });
    expect(edit).toMatchObject({ error: 'subscription_terms_locked' });
    expect(Object.keys(edit.fields ?? {})).toEqual(['issue_price']);
    const text = await t.post(`admin/subscription/projects/${p.id}`, { introduction_en: 'Updated.' }, { token: operator });
    expect(text.type).toBe('ok');

    expect((await step(p.id, 'close')).message.status).toBe('closed');
    expect(await step(p.id, 'close')).toMatchObject({ error: 'subscription_state_invalid' });
    expect(await order(a.token, p.id, '20')).toMatchObject({ error: 'subscription_ended' });
    const review = await t.get('lh/send/order_list', { token: a.token });
    expect(review.message.list[0].exam_status).toBe('under_review');

    const allocated = await step(p.id, 'allocate');
    expect(allocated.message.allocation).toEqual({
      status: 'allocated',
      orders: 3,
      demand: '300',
      oversubscribed: true,
      // The whole supply: the 0.0001 the cut left over went to the largest remainder (c's 166.6666…).
      allocated: '1000',
      unallocated: '0',
      proceeds: '100',
      refunded: '200',
    });
    // 100 × 1000 ÷ 300 = 333.3333 coins, costing 33.33333; the rest is back in available.
    expect(await balance(t, a.id, USDT)).toEqual({ available: '466.66667', frozen: '0' });
    expect(await balance(t, b.id, USDT)).toEqual({ available: '450', frozen: '0' });
    // 50 × 1000 ÷ 300 = 166.6666… → 166.6667 coins by largest remainder, costing 16.66667.
    expect(await balance(t, c.id, USDT)).toEqual({ available: '483.33333', frozen: '0' });
    const passed = await t.get('lh/send/order_list?status=allocated', { token: a.token });
    expect(passed.message.list).toHaveLength(1);
    expect(passed.message.list[0]).toMatchObject({
      exam_status: 'passed',
      quantity: '333.3333',
      cost: '33.33333',
      refund: '66.66667',
    });
    expect(await step(p.id, 'allocate')).toMatchObject({ error: 'subscription_state_invalid' });

    const launched = await step(p.id, 'launch');
    expect(launched.type).toBe('ok');
    expect(launched.message.project.status).toBe('launched');
    const currencyId = launched.message.project.currency_id as number;
    expect(currencyId).toBeGreaterThanOrEqual(100);
    const [coin] = await t.database.db.select().from(currencies).where(eq(currencies.id, currencyId));
    expect(coin).toMatchObject({ name: p.code, decimals: 4 });
    // Its USDT pair was listed through the spot module, at the issue price.
    expect(launched.message.listed).toBe(true);
    const [pair] = await t.database.db.select().from(pairs).where(eq(pairs.currencyId, currencyId));
    expect(pair).toMatchObject({ symbol: `${p.code}/USDT`, legalId: USDT });

    // Credited, but locked (frozen) for the lock-up: not transferable.
    expect(await balance(t, a.id, currencyId)).toEqual({ available: '0', frozen: '333.3333' });
    const transfer = await oneCoinToTrust(a.token, currencyId);
    expect(transfer.type).toBe('error');
    const wallet = await t.post('wallet/list', {}, { token: a.token });
    const coinRow = wallet.message.accounts[0].balances.find((x: { currency_id: number }) => x.currency_id === currencyId);
    expect(coinRow).toMatchObject({ currency_name: p.code, frozen: '333.3333' });

    const list = await t.get('lh/send/order_list?status=launched', { token: a.token });
    const mine = list.message.list[0];
    expect(mine).toMatchObject({ exam_status: 'launched', locked: true, quantity: '333.3333', cost: '33.33333' });
    // Returns come from the market price; without a feed in tests it is the listing's fallback price (demo).
    expect(mine.price).toBe('0.1');
    expect(mine.expected_gross_return).toBe('33.33333');
    expect(mine.accumulated_return).toBe('0');
    expect(mine.total_return_rate).toBe('0');
    const completion = new Date(mine.completion_time).getTime();
    expect(Math.abs(completion - (Date.now() + 3 * DAY))).toBeLessThan(60_000);

    // The lock-up ends: the job releases once, however often it runs.
    expect(await releaseDueUnlocks(t.database.db, new Date())).toBe(0);
    const later = new Date(Date.now() + 3 * DAY + HOUR);
    expect(await releaseDueUnlocks(t.database.db, later)).toBe(3);
    expect(await releaseDueUnlocks(t.database.db, later)).toBe(0);
    expect(await balance(t, a.id, currencyId)).toEqual({ available: '333.3333', frozen: '0' });
    expect(await balance(t, b.id, currencyId)).toEqual({ available: '500', frozen: '0' });
    expect(await balance(t, c.id, currencyId)).toEqual({ available: '166.6667', frozen: '0' });
    const moved = await oneCoinToTrust(a.token, currencyId);
    expect(moved.type).toBe('ok');

    // The user was told of the allocation and the launch, in their language when read.
    const messages = await t.get('user/messages', { token: a.token, lang: 'zh' });
    expect(messages.message.list.map((m: { title: string }) => m.title)).toEqual(['新币已上线', '认购已分配']);
    expect(messages.message.list[1].body).toContain('333.3333');

    // Every step is in the audit log with before/after.
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `subscription_project:${p.id}`))
      .orderBy(auditLog.id);
    expect(audit.map((x) => x.action)).toEqual([
      'subscription.create',
      'subscription.edit',
      'subscription.close',
      'subscription.allocate',
      'subscription.launch',
      'subscription.list_pair',
    ]);
    expect(audit.every((x) => x.adminId !== null && x.after !== null)).toBe(true);

    // The issuer (house) received exactly the proceeds and issued exactly the allocated coins.
    const house = async (currency: number) => {
      const [row] = await t.database.db
        .select({ available: ledgerAccounts.available })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.systemCode, 'house'), eq(ledgerAccounts.currencyId, currency)));
      return row?.available;
    };
    expect(Number(await house(currencyId))).toBeLessThan(-999.9998);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('allocates in full when undersubscribed, credits at once with no lock-up, and refunds the sub-unit change', async () => {
    // 3 USDT a coin, whole coins only: 10 USDT buys 3 coins for 9, and 1 comes back.
    const p = await openProject(t, { issue_price: '3', decimals: 0, lock_days: 0, min_amount: '1' });
    const u = await subscriber('10');
    expect((await order(u.token, p.id, '10')).type).toBe('ok');
    expect((await step(p.id, 'close')).type).toBe('ok');
    const allocated = await step(p.id, 'allocate');
    expect(allocated.message.allocation).toMatchObject({ oversubscribed: false, allocated: '3', unallocated: '997' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '1', frozen: '0' });
    const launched = await step(p.id, 'launch', { price: '3.5' });
    const currencyId = launched.message.project.currency_id as number;
    expect(launched.message.project.launch_price).toBe('3.5');
    expect(await balance(t, u.id, currencyId)).toEqual({ available: '3', frozen: '0' });
    const list = await t.get('lh/send/order_list', { token: u.token });
    // Priced at the new pair's (fallback) price 3.5: 3 coins are worth 10.5 for 9 paid: +1.5, 16.66 %.
    expect(list.message.list[0]).toMatchObject({
      locked: false,
      expected_gross_return: '10.5',
      accumulated_return: '1.5',
      total_return_rate: '16.66',
    });
  });

  it('allocates a window that ended by its end time without an explicit close', async () => {
    const p = await openProject(t);
    const u = await subscriber('100');
    expect((await order(u.token, p.id, '20')).type).toBe('ok');
    // Move the end time into the past (as the clock would).
    await t.database.db.execute(sql`UPDATE subscription_projects SET end_at = now() - interval '1 minute' WHERE id = ${p.id}`);
    expect((await step(p.id, 'allocate')).message.allocation).toMatchObject({ allocated: '200', oversubscribed: false });
  });
});

describe('console: projects', () => {
  it('validates a project', async () => {
    const now = Date.now();
    expect(await createProject(t, { code: 'usdt' })).toMatchObject({ error: 'currency_code_taken' });
    const badCode = await createProject(t, { code: '1BAD' });
    expect(badCode).toMatchObject({ error: 'field_invalid' });
    expect(Object.keys(badCode.fields ?? {})).toEqual(['code']);
    expect(await createProject(t, { issue_price: '0' })).toMatchObject({ error: 'amount_invalid' });
    const limits = await createProject(t, { min_amount: '20', max_amount: '10' });
    expect(Object.keys(limits.fields ?? {})).toEqual(['max_amount']);
    expect(await createProject(t, { min_amount: '1.0000001' })).toMatchObject({ error: 'amount_too_precise' });
    expect(await createProject(t, { total_supply: '1.12345' })).toMatchObject({ error: 'amount_too_precise' });
    expect(
      await createProject(t, { start_at: new Date(now).toISOString(), end_at: new Date(now - HOUR).toISOString() }),
    ).toMatchObject({ error: 'time_range_invalid' });
    expect(await createProject(t, { start_at: 'yesterday' })).toMatchObject({ error: 'field_invalid' });
    expect(await createProject(t, { introduction: { en: '  ' } })).toMatchObject({ error: 'field_required' });
    expect(await createProject(t, { subscribe_currency_id: 777 })).toMatchObject({ error: 'currency_unknown' });
    const p = await openProject(t);
    expect(await createProject(t, { code: p.code.toLowerCase() })).toMatchObject({ error: 'currency_code_taken' });
    const other = await openProject(t, { subscribe_currency_id: BTC, min_amount: '0.001', max_amount: '1' });
    expect(other.id).toBeGreaterThan(p.id);
  });

  it('is for operators only', async () => {
    const u = await subscriber('0');
    expect((await t.get('admin/subscription/projects', { token: u.token })).type).toBe('999');
    const listed = await t.get('admin/subscription/projects', { token: operator });
    expect(listed.message.total).toBeGreaterThan(0);
    expect(listed.message.list[0]).toHaveProperty('phase');
  });
});
