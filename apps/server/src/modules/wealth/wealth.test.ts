import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, fund, readyUser, USDT } from '../../../test/money.js';
import { adminToken } from '../../../test/test-app.js';
import { testClock, wealthTestApp } from '../../../test/wealth.js';
import { auditLog, ledgerAccounts } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';

const clock = testClock('2026-05-10T08:30:00Z');
const t = appForFile({ open: () => wealthTestApp(clock) });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});
afterEach(async () => {
  expect(await verifyLedger(t.database.db)).toEqual([]);
});

type Product = { id: number; currency_id: number; day: number; interest_rate: string; save_min: string; save_max: string };
async function product(currencyId: number, days: number): Promise<Product> {
  const u = await readyUser(t);
  const list = (await t.get('lh/deposit/config', { token: u.token })).message as Product[];
  const found = list.find((p) => p.currency_id === currencyId && p.day === days);
  if (!found) throw new Error('no such product');
  return found;
}

/** A user with `amount` USDT in the coin account. */
async function investor(amount = '5000') {
  const u = await readyUser(t);
  await fund(t, u.id, USDT, amount);
  return u;
}

const buy = (token: string, fields: Record<string, string>) => t.post('lh/deposit', { agree: '1', ...fields }, { token });

/** A product of the operator's own, created through the console. */
async function consoleProduct(fields: Record<string, string>) {
  const reply = await t.post(
    'admin/wealth/products',
    { currency_id: String(USDT), day: '10', save_min: '10', save_max: '1000', interest_rate: '1', ...fields },
    { token: operator },
  );
  expect(reply.type).toBe('ok');
  return reply.message as Product & { total_cap: string | null; left: string | null; penalty_rate: string };
}

describe('lh/deposit/config and product_info', () => {
  it('lists the seeded products with the original field names and the yields in percent', async () => {
    const u = await investor('250');
    const list = (await t.get('lh/deposit/config', { token: u.token })).message as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(5);
    const p = list.find((x) => x.currency_id === USDT && x.day === 15)!;
    expect(p).toMatchObject({
      currency_name: 'USDT',
      interest_rate: '0.4',
      penalty_rate: '0.4',
      total_rate: '6',
      max_rate_30: '12',
      save_min: '100',
      save_max: '100000',
      status: 'active',
    });
    const info = await t.get(`lh/deposit/product_info?id=${p.id}`, { token: u.token });
    expect(info.message).toMatchObject({ id: p.id, available: '250' });
    expect((await t.get('lh/deposit/product_info?id=999999', { token: u.token })).error).toBe('not_found');
    expect((await t.get('lh/deposit/product_info?id=abc', { token: u.token })).error).toBe('not_found');
    expect((await t.get('lh/deposit/config')).type).toBe('999');
  });
});

describe('lh/deposit (buy)', () => {
  it('refuses every bad input with a clear localized error and changes nothing', async () => {
    const u = await investor('500');
    const p = await product(USDT, 15);
    const id = String(p.id);
    const refuse = async (fields: Record<string, string>, code: string, field?: string, lang?: string) => {
      const reply = await t.post('lh/deposit', { config_id: id, ...fields }, { token: u.token, lang });
      expect(reply.type, JSON.stringify(reply)).toBe('error');
      expect(reply.error).toBe(code);
      if (field) expect(reply.fields?.[field]).toBeTruthy();
      return reply;
    };
    expect((await refuse({ amount: '', agree: '1' }, 'amount_required', 'amount')).message).toBe('Please enter the amount');
    expect((await refuse({ agree: '1' }, 'amount_required')).message).toBe('Please enter the amount');
    expect((await refuse({ amount: '', agree: '1' }, 'amount_required', 'amount', 'zh')).message).toBe('请输入数量');
    await refuse({ amount: '0', agree: '1' }, 'amount_invalid', 'amount');
    await refuse({ amount: '-100', agree: '1' }, 'amount_invalid', 'amount');
    await refuse({ amount: '1e3', agree: '1' }, 'amount_invalid', 'amount');
    await refuse({ amount: 'abc', agree: '1' }, 'amount_invalid', 'amount');
    await refuse({ amount: '100.1234567', agree: '1' }, 'amount_too_precise', 'amount');
    expect((await refuse({ amount: '99.999999', agree: '1' }, 'amount_below_min', 'amount')).message).toBe('The minimum is 100');
    expect((await refuse({ amount: '100000.000001', agree: '1' }, 'amount_above_max', 'amount')).message).toBe(
      'The maximum is 100000',
    );
    await refuse({ amount: '100' }, 'agreement_required', 'agree');
    await refuse({ amount: '100', agree: '0' }, 'agreement_required');
    await refuse({ amount: '501', agree: '1' }, 'insufficient_balance');
    expect((await t.post('lh/deposit', { config_id: '999999', amount: '100', agree: '1' }, { token: u.token })).error).toBe(
      'not_found',
    );
    expect((await t.post('lh/deposit', { amount: '100', agree: '1' }, { token: u.token })).error).toBe('not_found');
    expect((await t.post('lh/deposit', { config_id: id, amount: '100', agree: '1' })).type).toBe('999');

    expect(await balance(t, u.id, USDT)).toEqual({ available: '500', frozen: '0' });
    expect(await balance(t, u.id, USDT, 'trust')).toEqual({ available: '0', frozen: '0' });
    expect((await t.get('lh/deposit/order', { token: u.token })).message.total).toBe(0);
  });

  it('moves the amount from the coin account into the trust account, with exact terms', async () => {
    const u = await investor('1000.5');
    const p = await product(USDT, 15);
    const reply = await buy(u.token, { config_id: String(p.id), amount: '1000' });
    expect(reply.type).toBe('ok');
    expect(reply.message).toMatchObject({
      amount: '1000',
      price: '1',
      day: 15,
      day_rate: '0.4',
      daily_income: '4',
      total_interest: '60',
      current_income: '0',
      remaining_days: 15,
      status: 'hosting',
      paid_at: '2026-05-10T08:30:00.000Z',
      // Interest starts the day after the purchase; the principal returns once the last interest day
      // (25 May) has ended.
      start_at: '2026-05-11T00:00:00.000Z',
      end_at: '2026-05-26T00:00:00.000Z',
      completed_at: null,
      redeem_damages: '60',
      redeem_refund: '940',
    });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0.5', frozen: '0' });
    expect(await balance(t, u.id, USDT, 'trust')).toEqual({ available: '0', frozen: '1000' });
    // The trust balance is held: it cannot be transferred out while hosting.
    const transfer = await t.post(
      'wallet/change',
      { currency_id: String(USDT), number: '1', from_field: 'trust', to_field: 'coin' },
      { token: u.token },
    );
    expect(transfer.error).toBe('insufficient_balance');
    const report = await t.get('lh/deposit/report', { token: u.token });
    expect(report.message).toMatchObject({
      amount: '1000',
      today_income: '0',
      total_income: '0',
      coins: [{ currency_id: USDT, hosting: '1000', today_income: '0', total_income: '0' }],
    });
  });

  it('refuses a paused product, and sells it again once resumed', async () => {
    const u = await investor('100');
    const p = await consoleProduct({ save_min: '10' });
    const pause = await t.post(`admin/wealth/products/${p.id}/status`, { status: 'paused' }, { token: operator });
    expect(pause.message.status).toBe('paused');
    const refused = await buy(u.token, { config_id: String(p.id), amount: '10' });
    expect(refused.error).toBe('wealth_product_paused');
    const list = (await t.get('lh/deposit/config', { token: u.token })).message as Product[];
    expect(list.some((x) => x.id === p.id)).toBe(false);
    await t.post(`admin/wealth/products/${p.id}/status`, { status: 'active' }, { token: operator });
    expect((await buy(u.token, { config_id: String(p.id), amount: '10' })).type).toBe('ok');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '90', frozen: '0' });
  });

  it('keeps the total cap under simultaneous purchases and never overspends a balance', async () => {
    const p = await consoleProduct({ save_min: '10', save_max: '100', total_cap: '250' });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => investor('100')));
    const replies = await Promise.all(buyers.map((b) => buy(b.token, { config_id: String(p.id), amount: '100' })));
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(2);
    const refused = replies.filter((r) => r.type !== 'ok');
    expect(refused.map((r) => r.error)).toEqual(['wealth_quota_exceeded', 'wealth_quota_exceeded']);
    expect(refused[0]!.message).toContain('50');
    // One user who can afford one purchase of 60 sends ten at once: exactly one goes through.
    const single = await investor('60');
    const many = await Promise.all(
      Array.from({ length: 10 }, () => buy(single.token, { config_id: String(p.id), amount: '10' })),
    );
    expect(many.filter((r) => r.type === 'ok')).toHaveLength(5);
    expect(new Set(many.filter((r) => r.type !== 'ok').map((r) => r.error))).toEqual(new Set(['wealth_quota_exceeded']));
    const spender = await investor('10');
    const p2 = await consoleProduct({ save_min: '10' });
    const race = await Promise.all(
      Array.from({ length: 8 }, () => buy(spender.token, { config_id: String(p2.id), amount: '10' })),
    );
    expect(race.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(new Set(race.filter((r) => r.type !== 'ok').map((r) => r.error))).toEqual(new Set(['insufficient_balance']));
    expect(await balance(t, spender.id, USDT)).toEqual({ available: '0', frozen: '0' });
  });

  it('buys a BTC product at its decimals and records the USDT price of the coin', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, BTC, '1');
    const p = await product(BTC, 15);
    expect((await buy(u.token, { config_id: String(p.id), amount: '0.123456789' })).error).toBe('amount_too_precise');
    const reply = await buy(u.token, { config_id: String(p.id), amount: '0.12345678' });
    // No market feed in tests: the operators' fallback price of BTC.
    expect(reply.message).toMatchObject({ amount: '0.12345678', price: '60000', daily_income: '0.00024691' });
    expect(await balance(t, u.id, BTC, 'trust')).toEqual({ available: '0', frozen: '0.12345678' });
  });
});

describe('lh/deposit/order and early redemption', () => {
  it("redeems the spec's example: 0.4 %, 3 days left, 1000 → damages 12, refund 988", async () => {
    clock.set('2026-06-01T09:00:00Z');
    const u = await investor('1000');
    const p = await product(USDT, 15);
    const order = (await buy(u.token, { config_id: String(p.id), amount: '1000' })).message;
    // Twelve interest days (2–13 June) have ended (the job has not run yet: redemption catches them up
    // first); 14 June, begun but not held, is one of the three remaining.
    clock.set('2026-06-14T15:00:00Z');
    const hosting = await t.get('lh/deposit/order?status=1', { token: u.token });
    expect(hosting.message.order_list[0]).toMatchObject({
      id: order.id,
      remaining_days: 3,
      redeem_damages: '12',
      redeem_refund: '988',
    });
    const redeemed = await t.post('lh/deposit/order/cancel', { id: String(order.id) }, { token: u.token });
    expect(redeemed.message).toEqual({ id: order.id, status: 'redeemed', remaining_days: 3, damages: '12', refund: '988' });
    // 12 days × 4 USDT of interest stay with the user; 988 of the principal comes back.
    expect(await balance(t, u.id, USDT)).toEqual({ available: '1036', frozen: '0' });
    expect(await balance(t, u.id, USDT, 'trust')).toEqual({ available: '0', frozen: '0' });

    // Redeeming twice is refused and changes nothing.
    const twice = await t.post('lh/deposit/order/cancel', { id: String(order.id) }, { token: u.token });
    expect(twice.error).toBe('wealth_order_not_redeemable');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '1036', frozen: '0' });

    const tabs = async (status: string) => (await t.get(`lh/deposit/order?status=${status}`, { token: u.token })).message;
    expect((await tabs('hosting')).total).toBe(0);
    expect((await tabs('completed')).total).toBe(0);
    const done = await tabs('redeemed');
    expect(done.order_list[0]).toMatchObject({
      status: 'redeemed',
      current_income: '48',
      days_paid: 12,
      remaining_days: 0,
      damages: '12',
      refund: '988',
      completed_at: '2026-06-14T15:00:00.000Z',
    });
    expect(done.total_interest).toEqual([{ currency_id: USDT, amount: '48' }]);
    expect((await t.get('lh/deposit/order?status=4', { token: u.token })).error).toBe('field_invalid');
    // The platform's house account received the damages and paid the interest.
    const report = await t.get('lh/deposit/report', { token: u.token });
    expect(report.message).toMatchObject({ amount: '0', total_income: '48', today_income: '4' });
  });

  it("refuses to redeem someone else's order, an unknown one, and one that has matured", async () => {
    clock.set('2026-07-01T09:00:00Z');
    const owner = await investor('1000');
    const other = await investor('10');
    const p = await product(USDT, 7);
    const order = (await buy(owner.token, { config_id: String(p.id), amount: '1000' })).message;
    const foreign = await t.post('lh/deposit/order/cancel', { id: String(order.id) }, { token: other.token });
    expect(foreign.error).toBe('not_found');
    expect((await t.get('lh/deposit/order', { token: other.token })).message.total).toBe(0);
    expect((await t.post('lh/deposit/order/cancel', { id: '99999999' }, { token: owner.token })).error).toBe('not_found');
    expect((await t.post('lh/deposit/order/cancel', { id: '-1' }, { token: owner.token })).error).toBe('not_found');
    expect((await t.post('lh/deposit/order/cancel', {}, { token: owner.token })).error).toBe('not_found');

    // Redeeming on the purchase day costs every remaining day: 0.3 % × 7 × 1000 = 21.
    const list = await t.get('lh/deposit/order', { token: owner.token });
    expect(list.message.order_list[0]).toMatchObject({ remaining_days: 7, redeem_damages: '21', redeem_refund: '979' });

    // On the last interest day (8 July, begun, not yet held) the order still runs: one day remains.
    clock.set('2026-07-08T00:10:00Z');
    const lastDay = await t.get('lh/deposit/order', { token: owner.token });
    expect(lastDay.message.order_list[0]).toMatchObject({ status: 'hosting', remaining_days: 1, redeem_damages: '3' });

    // At maturity (the end of 8 July, the seventh interest day) the catch-up completes the order: it is no longer redeemable.
    clock.set('2026-07-09T00:10:00Z');
    const late = await t.post('lh/deposit/order/cancel', { id: String(order.id) }, { token: owner.token });
    expect(late.error).toBe('wealth_order_not_redeemable');
    expect(await balance(t, owner.id, USDT)).toEqual({ available: '1021', frozen: '0' });
    const completed = await t.get('lh/deposit/order?status=completed', { token: owner.token });
    expect(completed.message.order_list[0]).toMatchObject({ id: order.id, status: 'completed', current_income: '21' });
  });
});

describe('console: products and orders', () => {
  it('creates, edits, pauses and resumes products with an audit row each, and lists orders read-only', async () => {
    const created = await consoleProduct({ day: '20', interest_rate: '0.35', penalty_rate: '0.6', total_cap: '10000' });
    expect(created).toMatchObject({ day: 20, interest_rate: '0.35', penalty_rate: '0.6', total_cap: '10000', left: '10000' });
    const edited = await t.post(
      `admin/wealth/products/${created.id}`,
      { save_max: '2000', interest_rate: '0.45', total_cap: '' },
      { token: operator },
    );
    // The damages rate left out of the edit keeps its value (0.6 % a day, not 60 %).
    expect(edited.message).toMatchObject({
      day: 20,
      save_min: '10',
      save_max: '2000',
      interest_rate: '0.45',
      penalty_rate: '0.6',
      total_cap: null,
    });
    const ratesKept = await t.post(`admin/wealth/products/${created.id}`, { sort: '3' }, { token: operator });
    expect(ratesKept.message).toMatchObject({ interest_rate: '0.45', penalty_rate: '0.6', sort: 3 });

    const bad = (fields: Record<string, string>) =>
      t.post('admin/wealth/products', { currency_id: String(USDT), ...fields }, { token: operator });
    expect((await bad({ day: '10', save_min: '10', save_max: '5', interest_rate: '1' })).fields).toHaveProperty('save_max');
    expect((await bad({ day: '0', save_min: '10', save_max: '50', interest_rate: '1' })).fields).toHaveProperty('day');
    expect((await bad({ save_min: '10', save_max: '50', interest_rate: '1' })).fields).toHaveProperty('day');
    expect((await bad({ day: '10', save_min: '10', save_max: '50', interest_rate: '0' })).fields).toHaveProperty('interest_rate');
    expect((await bad({ day: '10', save_min: '10', save_max: '50', interest_rate: '101' })).fields).toHaveProperty(
      'interest_rate',
    );
    expect((await bad({ day: '10', save_min: '-1', save_max: '50', interest_rate: '1' })).fields).toHaveProperty('save_min');
    // Every product can be redeemed early, so its damages rate must be above 0: on creation and on edit,
    // with a localized message, and nothing is saved.
    const noDamages = await bad({ day: '10', save_min: '10', save_max: '50', interest_rate: '1', penalty_rate: '0' });
    expect(noDamages).toMatchObject({ type: 'error', error: 'wealth_penalty_rate_zero' });
    expect(noDamages.fields).toHaveProperty('penalty_rate');
    const zh = await t.post(
      'admin/wealth/products',
      { currency_id: String(USDT), day: '10', save_min: '10', save_max: '50', interest_rate: '1', penalty_rate: '0.0000' },
      { token: operator, lang: 'zh' },
    );
    expect(zh.message).toBe('该产品允许提前赎回，违约金比例必须大于0');
    const zeroed = await t.post(`admin/wealth/products/${created.id}`, { penalty_rate: '0' }, { token: operator });
    expect(zeroed.error).toBe('wealth_penalty_rate_zero');
    expect(
      (await t.get('admin/wealth/products', { token: operator })).message.find((p: { id: number }) => p.id === created.id),
    ).toMatchObject({
      penalty_rate: '0.6',
    });
    expect((await bad({ day: '10', save_min: '1.1234567', save_max: '50', interest_rate: '1' })).error).toBe(
      'amount_too_precise',
    );
    expect(
      (
        await t.post(
          'admin/wealth/products',
          { currency_id: '999', day: '10', save_min: '1', save_max: '2', interest_rate: '1' },
          { token: operator },
        )
      ).error,
    ).toBe('currency_unknown');
    expect((await t.post(`admin/wealth/products/${created.id}`, { currency_id: String(BTC) }, { token: operator })).error).toBe(
      'field_invalid',
    );
    expect((await t.post('admin/wealth/products/999999/status', { status: 'paused' }, { token: operator })).error).toBe(
      'not_found',
    );

    await t.post(`admin/wealth/products/${created.id}/status`, { status: 'paused' }, { token: operator });
    await t.post(`admin/wealth/products/${created.id}/status`, { status: 'active' }, { token: operator });
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `wealth_product:${created.id}`)));
    expect(rows.map((r) => r.action)).toEqual([
      'wealth.product.create',
      'wealth.product.edit',
      'wealth.product.edit',
      'wealth.product.pause',
      'wealth.product.resume',
    ]);
    const edit = rows.find((r) => r.action === 'wealth.product.edit')!;
    expect(edit.before).toMatchObject({ dailyRate: '0.003500000000000000' });
    expect(edit.after).toMatchObject({ dailyRate: '0.004500000000000000', totalCap: null });

    const u = await investor('100');
    await buy(u.token, { config_id: String(created.id), amount: '50' });
    const orders = await t.get(`admin/wealth/orders?product_id=${created.id}`, { token: operator });
    expect(orders.message.total).toBe(1);
    expect(orders.message.list[0]).toMatchObject({ amount: '50', day_rate: '0.45', user: { id: u.id } });
    const products = await t.get('admin/wealth/products', { token: operator });
    expect(products.message.find((x: { id: number }) => x.id === created.id)).toMatchObject({
      orders: 1,
      hosting: '50',
      sold: '50',
    });
    // A user token is not an operator's.
    expect((await t.get('admin/wealth/products', { token: u.token })).type).toBe('999');
    expect((await t.post('admin/wealth/products', { day: '1' }, { token: u.token })).type).toBe('999');
  });

  it('lists every wealth route in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const paths = Object.keys(res.json().paths);
    for (const path of ['/api/lh/deposit', '/api/lh/deposit/config', '/api/lh/deposit/product_info', '/api/lh/deposit/order']) {
      expect(paths).toContain(path);
    }
    expect(paths).toContain('/api/lh/deposit/order/cancel');
    expect(paths).toContain('/api/lh/deposit/report');
    expect(paths).toContain('/api/admin/wealth/products/{id}/status');
  });

  it('keeps the ledger whole: trust accounts hold exactly the principal in hosting', async () => {
    const trust = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, 'trust'));
    expect(trust.every((a) => Number(a.available) === 0)).toBe(true);
  });
});
