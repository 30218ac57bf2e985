import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, fund, readyUser, USDT } from '../../../test/money.js';
import { operatorToken } from '../../../test/operators.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { ledgerAccounts } from '../../db/schema.js';

const t = appForFile({ checkLedger: true });
let operator: string;
/** A finance operator: the second pair of eyes an adjustment waits for. */
let checker: { token: string; email: string };
beforeAll(async () => {
  operator = await adminToken(t);
  checker = await operatorToken(t, 'finance');
}, 60_000);

/**
 * An adjustment as the console makes it: the seeded operator asks, the finance operator approves.
 * A refusal at either step comes back as it is; an applied one answers with the new balance.
 */
async function adjusted(userId: number | string, body: Record<string, string>) {
  const asked = await t.post(`admin/users/${userId}/adjust`, body, { token: operator });
  if (asked.type !== 'ok') return asked;
  expect(asked.message.status).toBe('pending_approval');
  const decided = await t.post(`admin/approvals/${asked.message.approval_id}/approve`, {}, { token: checker.token });
  return decided.type === 'ok' ? { ...decided, message: decided.message.result } : decided;
}

describe('console users', () => {
  it('finds users by e-mail, id or invite code, newest first', async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    const all = await t.get('admin/users', { token: operator });
    expect(all.message.list[0].id).toBe(b.user.id);
    const byEmail = await t.get(`admin/users?q=${encodeURIComponent(a.email.slice(0, 12))}`, { token: operator });
    expect(byEmail.message.list.map((u: { id: number }) => u.id)).toContain(a.user.id);
    const byId = await t.get(`admin/users?q=${a.user.id}`, { token: operator });
    expect(byId.message.list.map((u: { id: number }) => u.id)).toContain(a.user.id);
    const byCode = await t.get(`admin/users?q=${a.user.extension_code.toLowerCase()}`, { token: operator });
    expect(byCode.message.list).toHaveLength(1);
    expect(byCode.message.list[0]).toMatchObject({
      id: a.user.id,
      email: a.email,
      review_state: 'none',
      has_pay_password: false,
    });
    // LIKE wildcards are matched literally.
    expect((await t.get('admin/users?q=%25', { token: operator })).message.total).toBe(0);
    expect((await t.get('admin/users', { token: a.token })).type).toBe('999');
  });

  it('shows one user with balances, and their postings', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '42.5');
    const detail = await t.get(`admin/users/${u.id}`, { token: operator });
    expect(detail.message.profile).toMatchObject({
      id: u.id,
      email: u.email,
      review_status: 2,
      review_state: 'verified',
      has_pay_password: true,
    });
    expect(detail.message.balances).toEqual([
      { account: 'coin', currency_id: USDT, currency_name: 'USDT', available: '42.5', frozen: '0' },
    ]);
    expect(detail.message.bank_card).toBeNull();
    const ledger = await t.get(`admin/users/${u.id}/ledger`, { token: operator });
    expect(ledger.message).toMatchObject({
      total: 1,
      list: [{ account: 'coin', bucket: 'available', amount: '42.5', reason: 'deposit' }],
    });
    expect((await t.get('admin/users/999999', { token: operator })).error).toBe('not_found');
    expect((await t.get('admin/users/999999/ledger', { token: operator })).error).toBe('not_found');
    expect((await t.get('admin/users/x', { token: operator })).error).toBe('not_found');
  });
});

describe('console balance adjustment', () => {
  it('credits and debits against the adjustments account, with the reason audited', async () => {
    const u = await readyUser(t);
    const credit = await adjusted(u.id, { currency_id: String(USDT), amount: '25', reason: 'Goodwill' });
    expect(credit.message).toMatchObject({
      account: 'coin',
      currency_id: USDT,
      available: '25',
      frozen: '0',
      entry_id: expect.any(Number),
    });
    const debit = await adjusted(u.id, { currency_id: String(USDT), account: 'coin', amount: '-5.5', reason: 'Correction' });
    expect(debit.message.available).toBe('19.5');
    const [adjustments] = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.systemCode, 'adjustments'));
    expect(Number(adjustments!.available)).toBeLessThan(0);

    const log = await t.post('wallet/legal_log', {}, { token: u.token });
    expect(log.message.list[0]).toMatchObject({ reason: 'adjustment', amount: '-5.5', balance_after: '19.5' });
    const audit = await t.get('admin/audit?action=user.adjust', { token: operator });
    expect(audit.message.list[0]).toMatchObject({
      admin_email: checker.email,
      target: `user:${u.id}`,
      before: { available: '25' },
      after: { available: '19.5', amount: '-5.5', reason: 'Correction' },
      ip: expect.any(String),
    });
    const ledger = await t.get(`admin/users/${u.id}/ledger`, { token: operator });
    expect(ledger.message.list[0]).toMatchObject({ reason: 'adjustment', memo: 'Correction' });
  });

  it('refuses to take a user below zero, and other bad input, changing nothing', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, BTC, '0.5', 'option');
    const adjust = (fields: Record<string, string>) =>
      adjusted(u.id, { currency_id: String(BTC), account: 'option', amount: '-0.6', reason: 'x', ...fields });
    expect((await adjust({})).error).toBe('insufficient_balance');
    expect((await adjust({ reason: '' })).error).toBe('field_required');
    expect((await adjust({ amount: '0' })).error).toBe('amount_invalid');
    expect((await adjust({ amount: 'abc' })).error).toBe('amount_invalid');
    expect((await adjust({ amount: '--1' })).error).toBe('amount_invalid');
    expect((await adjust({ amount: '0.000000001' })).error).toBe('amount_too_precise');
    expect((await adjust({ account: 'savings' })).error).toBe('account_unknown');
    expect((await adjust({ currency_id: '99' })).error).toBe('currency_unknown');
    expect((await adjusted(999999, { currency_id: '1', amount: '1', reason: 'x' })).error).toBe('not_found');
    expect(await balance(t, u.id, BTC, 'option')).toEqual({ available: '0.5', frozen: '0' });
    expect((await adjust({ amount: '-0.5' })).message.available).toBe('0');
  });
});

describe('console currency settings', () => {
  it('lists and sets the rules of each coin, which withdrawals then follow', async () => {
    const list = await t.get('admin/currency-settings', { token: operator });
    expect(list.message.find((c: { currency_id: number }) => c.currency_id === USDT)).toEqual({
      currency_id: USDT,
      currency_name: 'USDT',
      decimals: 6,
      deposit_min: '10',
      withdraw_min: '10',
      withdraw_fee: '1',
      fallback_price: '1',
    });
    const set = await t.post(
      'admin/currency-settings',
      { currency_id: String(BTC), withdraw_fee: '0.0001', fallback_price: '65000.5' },
      { token: operator },
    );
    expect(set.message).toMatchObject({
      currency_id: BTC,
      withdraw_fee: '0.0001',
      withdraw_min: '0.001',
      fallback_price: '65000.5',
    });
    const u = await readyUser(t);
    expect((await t.post('wallet/get_info', { currency: String(BTC) }, { token: u.token })).message).toMatchObject({
      fee: '0.0001',
      min: '0.001',
    });
    expect(
      (await t.post('admin/currency-settings', { currency_id: String(BTC), deposit_min: '0' }, { token: operator })).message
        .deposit_min,
    ).toBe('0');

    expect(
      (await t.post('admin/currency-settings', { currency_id: String(BTC), withdraw_fee: '-1' }, { token: operator })).error,
    ).toBe('amount_invalid');
    expect(
      (await t.post('admin/currency-settings', { currency_id: String(BTC), withdraw_fee: '0.000000001' }, { token: operator }))
        .error,
    ).toBe('amount_too_precise');
    expect(
      (await t.post('admin/currency-settings', { currency_id: String(USDT), fallback_price: '2' }, { token: operator })).error,
    ).toBe('field_invalid');
    expect((await t.post('admin/currency-settings', { currency_id: '5' }, { token: operator })).error).toBe('currency_unknown');
    const audit = await t.get('admin/audit?action=currency_settings.set', { token: operator });
    expect(audit.message.list[0]).toMatchObject({ target: `currency:${BTC}`, after: { deposit_min: '0' } });
  });
});

describe('console audit and ledger check', () => {
  it('lists the audit log newest first and proves the ledger sound', async () => {
    const u = await readyUser(t);
    await adjusted(u.id, { currency_id: String(USDT), amount: '1', reason: 'a' });
    await adjusted(u.id, { currency_id: String(USDT), amount: '2', reason: 'b' });
    const audit = await t.get('admin/audit?action=user.adjust&limit=2', { token: operator });
    expect(audit.message.list.map((a: { after: { reason: string } }) => a.after.reason)).toEqual(['b', 'a']);
    expect(audit.message.list[0].id).toBeGreaterThan(audit.message.list[1].id);
    expect((await t.get('admin/ledger/verify', { token: operator })).message).toEqual({ sound: true, faults: [] });

    await t.database.db.update(ledgerAccounts).set({ available: '1000' }).where(eq(ledgerAccounts.userId, u.id));
    const broken = await t.get('admin/ledger/verify', { token: operator });
    expect(broken.message.sound).toBe(false);
    expect(broken.message.faults[0].check).toBe('balance equals its postings');
    await t.database.db.update(ledgerAccounts).set({ available: '3' }).where(eq(ledgerAccounts.userId, u.id));
    expect((await t.get('admin/ledger/verify', { token: operator })).message.sound).toBe(true);
    const { token } = await registerEmailUser(t);
    expect((await t.get('admin/ledger/verify', { token })).type).toBe('999');
  });
});

describe('OpenAPI document', () => {
  it('lists every money route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/upload',
      '/api/upload/{id}',
      '/api/wallet/get_in_address',
      '/api/wallet/bank_info',
      '/api/wallet/charge_req',
      '/api/charge_mention/log2',
      '/api/wallet/get_address',
      '/api/wallet/addaddress',
      '/api/wallet/deladdress',
      '/api/wallet/get_info',
      '/api/wallet/out',
      '/api/charge_mention/log3',
      '/api/user/real_name',
      '/api/user/real_name2',
      '/api/user/center2',
      '/api/user/cash_info',
      '/api/user/cash_save',
      '/api/user/messages',
      '/api/user/messages/read',
      '/api/admin/deposits',
      '/api/admin/deposits/{id}/approve',
      '/api/admin/deposits/{id}/reject',
      '/api/admin/withdrawals',
      '/api/admin/withdrawals/{id}/approve',
      '/api/admin/withdrawals/{id}/reject',
      '/api/admin/identity',
      '/api/admin/identity/{id}/approve',
      '/api/admin/identity/{id}/reject',
      '/api/admin/users',
      '/api/admin/users/{id}',
      '/api/admin/users/{id}/ledger',
      '/api/admin/users/{id}/adjust',
      '/api/admin/deposit-addresses',
      '/api/admin/currency-settings',
      '/api/admin/bank-deposit',
      '/api/admin/audit',
      '/api/admin/ledger/verify',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
