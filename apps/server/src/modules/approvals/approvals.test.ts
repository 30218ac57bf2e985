import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, fund, PAY_PASSWORD, readyUser, USDT, uploadId } from '../../../test/money.js';
import { operatorToken } from '../../../test/operators.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { auditLog, ledgerPostings, pendingApprovals, withdrawAddresses, withdrawals } from '../../db/schema.js';

const t = appForFile({ checkLedger: true });
/** The seeded super admin: the maker in most cases below. */
let maker: string;
/** Two finance operators: checkers of money moves. */
let checker: { token: string; id: number };
let checker2: { token: string; id: number };
/** A second super: the only other role that may check deposit-address and threshold changes. */
let superChecker: { token: string; id: number };
beforeAll(async () => {
  maker = await adminToken(t);
  checker = await operatorToken(t, 'finance');
  checker2 = await operatorToken(t, 'finance');
  superChecker = await operatorToken(t, 'super');
}, 120_000);

const postingCount = async () => (await t.database.db.select({ n: count() }).from(ledgerPostings))[0]!.n;
const auditOf = async (target: string) =>
  (await t.database.db.select().from(auditLog).where(eq(auditLog.target, target))).map((a) => a.action);
const decide = (id: number, token: string, decision: 'approve' | 'reject' = 'approve') =>
  t.post(`admin/approvals/${id}/${decision}`, {}, { token });

describe('balance adjustments wait for a second operator', () => {
  it('changes nothing on request; the maker cannot approve; a checker applies it with a message', async () => {
    const u = await readyUser(t);
    const postings = await postingCount();
    const asked = await t.post(
      `admin/users/${u.id}/adjust`,
      { currency_id: String(USDT), amount: '25', reason: 'Goodwill' },
      { token: maker },
    );
    expect(asked.message).toMatchObject({ status: 'pending_approval', kind: 'user.adjust' });
    const id = asked.message.approval_id as number;
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });
    expect(await postingCount()).toBe(postings);

    // The maker may not check their own request, and trying changes nothing.
    expect(await decide(id, maker)).toMatchObject({ status: 400, error: 'approval_own_request' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });

    const list = await t.get('admin/approvals?status=pending&limit=100', { token: checker.token });
    expect(list.message.list.find((a: { id: number }) => a.id === id)).toMatchObject({
      kind: 'user.adjust',
      target: `user:${u.id}`,
      payload: { user_id: u.id, currency_id: USDT, amount: '25', reason: 'Goodwill' },
      status: 'pending',
      can_decide: true,
    });
    const mine = await t.get('admin/approvals?status=pending&limit=100', { token: maker });
    expect(mine.message.list.find((a: { id: number }) => a.id === id).can_decide).toBe(false);

    const approved = await decide(id, checker.token);
    expect(approved.message).toMatchObject({ id, status: 'approved', result: { available: '25' } });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '25', frozen: '0' });

    // The user is told, in the language they read in.
    const inbox = await t.get('user/messages', { token: u.token, lang: 'jp' });
    expect(inbox.message.list[0]).toMatchObject({ kind: 'system', title: '残高が調整されました' });
    expect(inbox.message.list[0].body).toContain('+25 USDT');
    expect(inbox.message.list[0].body).toContain('Goodwill');
    const english = await t.get('user/messages', { token: u.token, lang: 'en' });
    expect(english.message.list[0].title).toBe('Balance adjusted');

    // Both steps are in the audit log; the change itself names maker and checker.
    expect(await auditOf(`approval:${id}`)).toEqual(['approval.request', 'approval.approve']);
    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${u.id}`));
    expect(change).toMatchObject({ action: 'user.adjust', adminId: checker.id });
    expect(change!.after).toMatchObject({ approval_id: id, amount: '25' });

    // Decided once: neither checker can decide it again.
    expect((await decide(id, checker2.token)).error).toBe('approval_decided');
    expect((await decide(id, checker2.token, 'reject')).error).toBe('approval_decided');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '25', frozen: '0' });
  });

  it('applies a concurrent double approval exactly once', async () => {
    const u = await readyUser(t);
    const asked = await t.post(
      `admin/users/${u.id}/adjust`,
      { currency_id: String(USDT), amount: '10', reason: 'Refund' },
      { token: maker },
    );
    const id = asked.message.approval_id as number;
    const replies = await Promise.all([
      decide(id, checker.token),
      decide(id, checker2.token),
      decide(id, checker.token),
      decide(id, checker2.token),
    ]);
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.error === 'approval_decided')).toHaveLength(3);
    expect(await balance(t, u.id, USDT)).toEqual({ available: '10', frozen: '0' });
    const inbox = await t.get('user/messages', { token: u.token });
    expect(inbox.message.total).toBe(1);
  });

  it('a rejection changes nothing; an uncovered debit rolls the approval back', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '5');
    const reject = await t.post(
      `admin/users/${u.id}/adjust`,
      { currency_id: String(USDT), amount: '7', reason: 'x' },
      { token: maker },
    );
    const rejected = await t.post(
      `admin/approvals/${reject.message.approval_id}/reject`,
      { note: 'no ticket' },
      { token: checker.token },
    );
    expect(rejected.message).toMatchObject({ status: 'rejected', result: null });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '5', frozen: '0' });

    const debit = await t.post(
      `admin/users/${u.id}/adjust`,
      { currency_id: String(USDT), amount: '-6', reason: 'x' },
      { token: maker },
    );
    expect((await decide(debit.message.approval_id, checker.token)).error).toBe('insufficient_balance');
    const [row] = await t.database.db.select().from(pendingApprovals).where(eq(pendingApprovals.id, debit.message.approval_id));
    expect(row!.status).toBe('pending');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '5', frozen: '0' });
  });

  it('lets only eligible roles see and decide', async () => {
    const support = await operatorToken(t, 'support');
    expect((await t.get('admin/approvals', { token: support.token })).error).toBe('forbidden');
    expect((await decide(1, support.token)).error).toBe('forbidden');
    expect((await decide(999999, checker.token)).error).toBe('not_found');
    const { token } = await registerEmailUser(t);
    expect((await t.get('admin/approvals', { token })).type).toBe('999');
  });
});

describe('deposits credited at another amount', () => {
  it('credits the asked amount at once and waits for a second operator otherwise', async () => {
    const u = await registerEmailUser(t);
    const userId = u.user.id as number;
    const deposit = async (amount: string) =>
      (
        await t.post(
          'wallet/charge_req',
          { currency: String(USDT), type: 'TRC20', amount, imgs: await uploadId(t, u.token) },
          { token: u.token },
        )
      ).message.id as number;

    const exact = await deposit('50');
    expect((await t.post(`admin/deposits/${exact}/approve`, {}, { token: maker })).message).toMatchObject({ status: 'approved' });
    expect(await balance(t, userId, USDT)).toEqual({ available: '50', frozen: '0' });

    const other = await deposit('100');
    const asked = await t.post(`admin/deposits/${other}/approve`, { credited: '99', fee: '1' }, { token: maker });
    expect(asked.message).toMatchObject({ status: 'pending_approval', kind: 'deposit.credit' });
    expect(await balance(t, userId, USDT)).toEqual({ available: '50', frozen: '0' });
    // One waiting request per deposit.
    expect((await t.post(`admin/deposits/${other}/approve`, { credited: '98' }, { token: maker })).error).toBe(
      'approval_pending',
    );
    expect((await decide(asked.message.approval_id, maker)).error).toBe('approval_own_request');
    const approved = await decide(asked.message.approval_id, checker.token);
    expect(approved.message.result).toMatchObject({ id: other, status: 'approved', credited: '99' });
    expect(await balance(t, userId, USDT)).toEqual({ available: '149', frozen: '0' });
    const [change] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${other}`));
    expect(change).toMatchObject({ action: 'deposit.approve', adminId: checker.id });
    expect(change!.after).toMatchObject({ credited: '99', maker_id: expect.any(Number), approval_id: asked.message.approval_id });
  });
});

describe('deposit-address changes', () => {
  it('wait for a second super: finance may not check them', async () => {
    const list = await t.get('admin/deposit-addresses', { token: maker });
    const btc = list.message.find((c: { currency_id: number }) => c.currency_id === BTC);
    const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const asked = await t.post('admin/deposit-addresses', { chain_id: String(btc.chain_id), address }, { token: maker });
    expect(asked.message).toMatchObject({ status: 'pending_approval', kind: 'deposit_address.set' });
    const unchanged = await t.get('admin/deposit-addresses', { token: maker });
    expect(unchanged.message.find((c: { chain_id: number }) => c.chain_id === btc.chain_id).address).toBe(btc.address);

    expect((await decide(asked.message.approval_id, checker.token)).error).toBe('forbidden');
    expect((await decide(asked.message.approval_id, maker)).error).toBe('approval_own_request');
    expect((await decide(asked.message.approval_id, superChecker.token)).type).toBe('ok');
    const changed = await t.get('admin/deposit-addresses', { token: maker });
    expect(changed.message.find((c: { chain_id: number }) => c.chain_id === btc.chain_id).address).toBe(address);
    const audit = await t.get('admin/audit?action=deposit_address.set', { token: maker });
    expect(audit.message.list[0]).toMatchObject({ target: `chain:${btc.chain_id}`, after: { address } });
  });
});

describe('withdrawal payouts', () => {
  const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  async function pendingWithdrawal(amount: string) {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '100000');
    const [book] = await t.database.db
      .insert(withdrawAddresses)
      .values({ userId: u.id, currencyId: USDT, chain: 'TRC20', address: TRON })
      .returning({ id: withdrawAddresses.id });
    const reply = await t.post(
      'wallet/out',
      { currency: String(USDT), number: amount, address_id: String(book!.id), pay_password: PAY_PASSWORD },
      { token: u.token },
    );
    expect(reply.type, JSON.stringify(reply)).toBe('ok');
    return { user: u, id: reply.message.id as number };
  }
  const hash = (c: string) => c.repeat(64);

  it('below the threshold one operator pays out; the hash must fit the chain and be new', async () => {
    const { id } = await pendingWithdrawal('500');
    const approve = (tx_hash: string) => t.post(`admin/withdrawals/${id}/approve`, { tx_hash }, { token: maker });
    expect((await approve(`0x${hash('a')}`)).error).toBe('tx_hash_invalid');
    expect((await approve('0xopsreview')).error).toBe('tx_hash_invalid');
    expect((await approve(hash('b'))).message).toMatchObject({ id, status: 'approved', tx_hash: hash('b') });

    const second = await pendingWithdrawal('10');
    const reused = await t.post(`admin/withdrawals/${second.id}/approve`, { tx_hash: hash('B') }, { token: maker });
    expect(reused).toMatchObject({ status: 400, error: 'tx_hash_used', fields: { tx_hash: expect.any(String) } });
    // The database holds the line too, whatever path a write takes.
    await expect(
      t.database.db
        .update(withdrawals)
        .set({ txHash: hash('b') })
        .where(eq(withdrawals.id, second.id)),
    ).rejects.toThrow();
  });

  it('above the threshold waits for a second operator, who pays it out', async () => {
    const { user, id } = await pendingWithdrawal('1500');
    const asked = await t.post(`admin/withdrawals/${id}/approve`, { tx_hash: hash('c') }, { token: maker });
    expect(asked.message).toMatchObject({ status: 'pending_approval', kind: 'withdrawal.approve' });
    expect(await balance(t, user.id, USDT)).toMatchObject({ frozen: '1501' });
    expect((await decide(asked.message.approval_id, maker)).error).toBe('approval_own_request');
    expect((await decide(asked.message.approval_id, checker.token)).message.result).toMatchObject({
      id,
      status: 'approved',
      tx_hash: hash('c'),
    });
    expect(await balance(t, user.id, USDT)).toMatchObject({ frozen: '0' });
    expect(await auditOf(`withdrawal:${id}`)).toEqual(['withdrawal.approve']);
  });

  it('the threshold itself changes only with a second super', async () => {
    expect((await t.get('admin/withdrawal-four-eyes', { token: checker.token })).message).toEqual({
      usdt: '1000',
      default_usdt: '1000',
    });
    expect((await t.post('admin/withdrawal-four-eyes', { usdt: '5000' }, { token: checker.token })).error).toBe('forbidden');
    const asked = await t.post('admin/withdrawal-four-eyes', { usdt: '5000' }, { token: maker });
    expect((await t.get('admin/withdrawal-four-eyes', { token: maker })).message.usdt).toBe('1000');
    expect((await decide(asked.message.approval_id, checker.token)).error).toBe('forbidden');
    expect((await decide(asked.message.approval_id, superChecker.token)).type).toBe('ok');
    expect((await t.get('admin/withdrawal-four-eyes', { token: maker })).message.usdt).toBe('5000');
    // Now 1,500 USDT is paid out by one operator.
    const { id } = await pendingWithdrawal('1500');
    expect((await t.post(`admin/withdrawals/${id}/approve`, { tx_hash: hash('d') }, { token: maker })).message).toMatchObject({
      status: 'approved',
    });
  });
});
