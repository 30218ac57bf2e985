import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, fund, PAY_PASSWORD, readyUser, USDT } from '../../../test/money.js';
import { adminToken, outboxCode, registerEmailUser } from '../../../test/test-app.js';
import { auditLog, bankCards, ledgerAccounts, ledgerPostings, payPasswordFailures, withdrawAddresses } from '../../db/schema.js';

const t = appForFile({ checkLedger: true });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const BTC_ADDRESS = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

/** An address-book entry written straight to the table (addaddress itself is tested below). */
async function bookAddress(userId: number, currencyId = USDT, chain = 'TRC20', address = TRON) {
  const [row] = await t.database.db
    .insert(withdrawAddresses)
    .values({ userId, currencyId, chain, address })
    .returning({ id: withdrawAddresses.id });
  return row!.id;
}

/** A verified user with a fund password, `amount` USDT in the coin account and one TRC20 address. */
async function withdrawer(amount = '100') {
  const u = await readyUser(t);
  await fund(t, u.id, USDT, amount);
  return { ...u, addressId: await bookAddress(u.id) };
}

type User = { token: string; addressId: number };
const out = (u: User, fields: Record<string, string> = {}) =>
  t.post(
    'wallet/out',
    { currency: String(USDT), number: '10', address_id: String(u.addressId), pay_password: PAY_PASSWORD, ...fields },
    { token: u.token },
  );

const systemBalance = async (code: string, currencyId: number) => {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.systemCode, code));
  return Number(rows.find((r) => r.currencyId === currencyId)?.available ?? 0);
};
const postingCount = async () => (await t.database.db.select({ n: count() }).from(ledgerPostings))[0]!.n;

async function addressCode(u: { token: string; email: string }) {
  const sent = await t.post('sms_mail', { user_string: u.email, scene: 'address' }, { token: u.token });
  expect(sent.type).toBe('ok');
  return outboxCode(t, u.email);
}

describe('wallet/addaddress, get_address, deladdress', () => {
  it('adds an address with a code and the fund password, checking chain and format first', async () => {
    const u = await readyUser(t);
    const code = await addressCode(u);
    const add = (fields: Record<string, string>) =>
      t.post(
        'wallet/addaddress',
        { currency: String(USDT), type: 'TRC20', address: TRON, pay_password: PAY_PASSWORD, code, ...fields },
        { token: u.token },
      );
    expect((await add({ type: 'BEP20' })).error).toBe('chain_unknown');
    expect((await add({ currency: String(BTC) })).error).toBe('chain_unknown');
    expect(await add({ address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toMatchObject({
      error: 'address_invalid',
      fields: { address: expect.any(String) },
    });
    expect((await add({ address: '' })).error).toBe('field_required');
    expect((await add({ code: '000000' === code ? '111111' : '000000' })).error).toBe('code_invalid');
    expect((await add({ pay_password: '135790' })).error).toBe('pay_password_wrong');
    expect((await add({ pay_password: '12' })).error).toBe('pay_password_format');
    expect((await t.post('wallet/get_address', {}, { token: u.token })).message).toEqual([]);

    const ok = await add({ label: 'My TRON wallet', type: 'trc20' });
    expect(ok.message).toEqual({ id: expect.any(Number) });
    const list = await t.post('wallet/get_address', { currency: String(USDT) }, { token: u.token });
    expect(list.message).toEqual([
      {
        id: ok.message.id,
        currency_id: USDT,
        currency_name: 'USDT',
        chain: 'TRC20',
        address: TRON,
        label: 'My TRON wallet',
        created_at: expect.any(String),
      },
    ]);
    expect((await t.post('wallet/get_address', { currency: String(BTC) }, { token: u.token })).message).toEqual([]);
    // The code is spent.
    expect((await add({})).error).toBe('code_invalid');
  });

  it('needs a fund password first', async () => {
    const u = await readyUser(t, { payPassword: null });
    const reply = await t.post(
      'wallet/addaddress',
      { currency: String(BTC), type: 'OMNI', address: BTC_ADDRESS, pay_password: '123456', code: '123456' },
      { token: u.token },
    );
    expect(reply.error).toBe('pay_password_not_set');
  });

  it("deletes only the user's own entries", async () => {
    const a = await readyUser(t);
    const b = await readyUser(t);
    const id = await bookAddress(a.id);
    expect((await t.post('wallet/deladdress', { id: String(id) }, { token: b.token })).error).toBe('not_found');
    expect((await t.post('wallet/get_address', {}, { token: a.token })).message).toHaveLength(1);
    expect((await t.post('wallet/deladdress', { id: String(id) }, { token: a.token })).type).toBe('ok');
    expect((await t.post('wallet/get_address', {}, { token: a.token })).message).toEqual([]);
    expect((await t.post('wallet/deladdress', { id: String(id) }, { token: a.token })).error).toBe('not_found');
    expect((await t.post('wallet/deladdress', { id: 'x' }, { token: a.token })).error).toBe('not_found');
  });
});

describe('wallet/get_info', () => {
  it("shows the coin's rules, the balance and the withdrawals left today", async () => {
    const u = await withdrawer('100');
    const info = await t.post('wallet/get_info', { currency: String(USDT) }, { token: u.token });
    expect(info.message).toEqual({
      currency_id: USDT,
      currency_name: 'USDT',
      decimals: 6,
      chains: ['TRC20', 'OMNI', 'ERC20'],
      available: '100',
      fee: '1',
      min: '10',
      deposit_min: '10',
      withdrawals_left_today: 3,
      daily_limit: 3,
      arrival_hours: 12,
    });
    await out(u);
    const after = await t.post('wallet/get_info', { currency: String(USDT) }, { token: u.token });
    expect(after.message).toMatchObject({ available: '89', withdrawals_left_today: 2 });
    expect((await t.post('wallet/get_info', { currency: '77' }, { token: u.token })).error).toBe('currency_unknown');
  });
});

describe('wallet/out', () => {
  it('withdraws to the bound bank card with method=bank, and asks for a card first', async () => {
    const u = await withdrawer('100');
    const none = await out(u, { method: 'bank', address_id: '' });
    expect(none.error).toBe('bank_card_required');
    await t.database.db
      .insert(bankCards)
      .values({ userId: u.id, holderName: 'Ana Li', cardNumber: '6222020200112233', bankName: 'Demo Bank' });
    const reply = await out(u, { method: 'bank', number: '20' });
    expect(reply.message.status).toBe('pending');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '79', frozen: '21' });
    const log = await t.get('charge_mention/log3', { token: u.token });
    expect(log.message.list[0]).toMatchObject({ chain: 'BANK', address: 'Demo Bank · Ana Li · 6222020200112233', amount: '20' });
  });

  it('freezes amount + fee and records a pending withdrawal', async () => {
    const u = await withdrawer('100');
    const reply = await out(u, { number: '25.5', remark: 'to my wallet' });
    expect(reply.message).toEqual({ id: expect.any(Number), status: 'pending' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '73.5', frozen: '26.5' });
    const log = await t.get('charge_mention/log3', { token: u.token, lang: 'jp' });
    expect(log.message).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(log.message.list[0]).toMatchObject({
      id: reply.message.id,
      currency_name: 'USDT',
      chain: 'TRC20',
      address: TRON,
      amount: '25.5',
      fee: '1',
      remark: 'to my wallet',
      status: 'pending',
      status_text: '審査中',
      tx_hash: null,
    });
    const changes = await t.post('wallet/legal_log', {}, { token: u.token });
    expect(
      changes.message.list
        .slice(0, 2)
        .map((c: { reason: string; bucket: string; amount: string }) => [c.reason, c.bucket, c.amount]),
    ).toEqual(
      expect.arrayContaining([
        ['withdraw_freeze', 'available', '-26.5'],
        ['withdraw_freeze', 'frozen', '26.5'],
      ]),
    );
  });

  it('sends an unverified user to verification first (type 998)', async () => {
    const u = await readyUser(t, { verified: false, payPassword: null });
    const reply = await t.post('wallet/out', {}, { token: u.token, lang: 'kr' });
    expect(reply).toEqual({ status: 403, type: '998', message: '먼저 실명 인증을 완료하세요', error: 'real_name_required' });
    expect((await t.post('wallet/out', {})).type).toBe('999');
  });

  it('refuses in the order of the contract', async () => {
    const noPassword = await readyUser(t, { payPassword: null });
    expect((await t.post('wallet/out', { currency: String(USDT), number: '1' }, { token: noPassword.token })).error).toBe(
      'pay_password_not_set',
    );
    const u = await withdrawer('100');
    expect((await out(u, { address_id: '', number: '1', pay_password: 'x' })).error).toBe('address_required');
    expect((await out(u, { number: '5', pay_password: 'x' })).error).toBe('amount_below_min');
    expect((await out(u, { number: '10', pay_password: '000000' })).error).toBe('pay_password_wrong');
    expect((await out(u, { number: '100' })).error).toBe('insufficient_balance');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
  });

  it('refuses bad amounts and changes nothing', async () => {
    const u = await withdrawer('100');
    for (const [number, code] of [
      ['0', 'amount_invalid'],
      ['-10', 'amount_invalid'],
      ['ten', 'amount_invalid'],
      ['', 'amount_required'],
      ['10.0000001', 'amount_too_precise'],
      ['99.000001', 'insufficient_balance'],
      ['1000000', 'insufficient_balance'],
    ] as const) {
      expect((await out(u, { number })).error, number).toBe(code);
    }
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
    // Exactly the balance (amount + fee) is fine.
    expect((await out(u, { number: '99' })).type).toBe('ok');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '100' });
  });

  it("refuses another user's, a deleted or another coin's address", async () => {
    const u = await withdrawer('100');
    const other = await readyUser(t);
    const theirs = await bookAddress(other.id);
    expect(await out(u, { address_id: String(theirs) })).toMatchObject({
      error: 'not_found',
      fields: { address_id: expect.any(String) },
    });
    const btc = await bookAddress(u.id, BTC, 'OMNI', BTC_ADDRESS);
    expect((await out(u, { address_id: String(btc) })).error).toBe('address_invalid');
    await t.post('wallet/deladdress', { id: String(u.addressId) }, { token: u.token });
    expect((await out(u)).error).toBe('not_found');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
  });

  it('allows three requests a day; a rejected one does not count', async () => {
    const u = await withdrawer('1000');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await out(u)).message.id);
    const fourth = await out(u, { pay_password: '000000' });
    expect(fourth).toMatchObject({ error: 'withdraw_limit_reached', message: 'You can withdraw at most 3 times a day' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '967', frozen: '33' });
    await t.post(`admin/withdrawals/${ids[0]}/reject`, { reason: 'Address under review' }, { token: operator });
    expect((await out(u)).type).toBe('ok');
    expect((await out(u)).error).toBe('withdraw_limit_reached');
  });

  it('allows five wrong fund passwords an hour, then refuses even the right one', async () => {
    const u = await withdrawer('100');
    for (let i = 0; i < 5; i++) expect((await out(u, { pay_password: '000000' })).error).toBe('pay_password_wrong');
    expect(await out(u)).toMatchObject({ status: 429, error: 'rate_limited' });
    // The same limit guards the address book.
    const add = await t.post(
      'wallet/addaddress',
      { currency: String(USDT), type: 'TRC20', address: TRON, pay_password: PAY_PASSWORD, code: await addressCode(u) },
      { token: u.token },
    );
    expect(add.error).toBe('rate_limited');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
    // An hour later the user may try again.
    await t.database.db
      .update(payPasswordFailures)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(eq(payPasswordFailures.userId, u.id));
    expect((await out(u)).type).toBe('ok');
  });

  it('counts parallel wrong guesses one by one', async () => {
    const u = await withdrawer('100');
    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => out(u, { pay_password: String(100000 + i) })));
    expect(replies.filter((r) => r.error === 'pay_password_wrong')).toHaveLength(5);
    expect(replies.filter((r) => r.error === 'rate_limited')).toHaveLength(7);
  });
});

describe('console withdrawal review', () => {
  it('pays out once: frozen amount + fee leave, the amount to the outside, the fee to the platform', async () => {
    const u = await withdrawer('100');
    const { message } = await out(u, { number: '40' });
    const list = await t.get('admin/withdrawals?status=pending&limit=100', { token: operator });
    expect(list.message.list.find((w: { id: number }) => w.id === message.id)).toMatchObject({
      user: { id: u.id, email: u.email },
      amount: '40',
      fee: '1',
      address: TRON,
    });
    const feesBefore = await systemBalance('fees', USDT);
    const externalBefore = await systemBalance('external', USDT);

    expect((await t.post(`admin/withdrawals/${message.id}/approve`, { tx_hash: ' ' }, { token: operator })).error).toBe(
      'field_required',
    );
    const txHash = 'a'.repeat(64);
    const approved = await t.post(`admin/withdrawals/${message.id}/approve`, { tx_hash: txHash }, { token: operator });
    expect(approved.message).toEqual({ id: message.id, status: 'approved', tx_hash: txHash });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '59', frozen: '0' });
    expect(await systemBalance('fees', USDT)).toBe(feesBefore + 1);
    expect(await systemBalance('external', USDT)).toBe(externalBefore + 40);
    const log = await t.get('charge_mention/log3', { token: u.token });
    expect(log.message.list[0]).toMatchObject({ status: 'approved', tx_hash: txHash, status_text: 'Passed' });
    const messages = await t.get('user/messages', { token: u.token });
    expect(messages.message.list[0]).toMatchObject({ kind: 'withdrawal', title: 'Withdrawal sent' });
    expect(messages.message.list[0].body).toContain(txHash);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `withdrawal:${message.id}`));
    expect(audit.map((a) => a.action)).toEqual(['withdrawal.approve']);

    const postings = await postingCount();
    expect((await t.post(`admin/withdrawals/${message.id}/approve`, { tx_hash: txHash }, { token: operator })).error).toBe(
      'already_reviewed',
    );
    expect((await t.post(`admin/withdrawals/${message.id}/reject`, { reason: 'x' }, { token: operator })).error).toBe(
      'already_reviewed',
    );
    expect(await postingCount()).toBe(postings);
    expect(await balance(t, u.id, USDT)).toEqual({ available: '59', frozen: '0' });
  });

  it('returns the frozen amount + fee on rejection, once', async () => {
    const u = await withdrawer('100');
    const { message } = await out(u, { number: '30' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '69', frozen: '31' });
    const rejected = await t.post(
      `admin/withdrawals/${message.id}/reject`,
      { reason: 'Sanctioned address' },
      { token: operator },
    );
    expect(rejected.message.status).toBe('rejected');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
    const body = (await t.get('user/messages', { token: u.token, lang: 'en' })).message.list[0].body;
    expect(body).toBe(
      'Your withdrawal of 30 USDT was rejected. Reason: Sanctioned address. 31 USDT has been returned to your coin account.',
    );
    expect((await t.post(`admin/withdrawals/${message.id}/reject`, { reason: 'again' }, { token: operator })).error).toBe(
      'already_reviewed',
    );
    expect(await balance(t, u.id, USDT)).toEqual({ available: '100', frozen: '0' });
  });

  it('answers unknown ids and user tokens as the console does', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.post('admin/withdrawals/424242/approve', { tx_hash: 'x' }, { token: operator })).error).toBe('not_found');
    expect((await t.post('admin/withdrawals/424242/reject', { reason: 'x' }, { token: operator })).error).toBe('not_found');
    expect((await t.get('admin/withdrawals', { token })).type).toBe('999');
  });

  it('shows each user only their own withdrawals', async () => {
    const a = await withdrawer('100');
    const b = await withdrawer('100');
    await out(a);
    expect((await t.get('charge_mention/log3', { token: b.token })).message).toMatchObject({ total: 0, list: [] });
  });
});
