import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, TRX, USDT, uploadId } from '../../../test/money.js';
import { approvedBy, twoSupersForFile } from '../../../test/operators.js';
import { registerEmailUser } from '../../../test/test-app.js';
import { auditLog, ledgerAccounts, ledgerPostings, userMessages } from '../../db/schema.js';

const t = appForFile({ checkLedger: true });
/** Deposits credited at another amount and address changes wait for the second super's approval. */
const supers = twoSupersForFile(t);

/** Has the second operator approve a request the first one filed; answers with what it applied. */
async function secondEyes(filed: { type: string; message: { approval_id: number } }) {
  expect(filed.message).toMatchObject({ status: 'pending_approval' });
  return (await approvedBy(t, supers.checker, filed.message.approval_id)).message.result;
}

/** A signed-in user with a proof image of their own. */
async function depositor() {
  const reg = await registerEmailUser(t);
  return { ...reg, id: reg.user.id as number, proof: await uploadId(t, reg.token) };
}

const chainDeposit = (token: string, fields: Record<string, string>) =>
  t.post('wallet/charge_req', { currency: String(USDT), type: 'TRC20', amount: '100', ...fields }, { token });

const systemBalance = async (code: string, currencyId: number) => {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.systemCode, code));
  return Number(rows.find((r) => r.currencyId === currencyId)?.available ?? 0);
};
const postingCount = async () => (await t.database.db.select({ n: count() }).from(ledgerPostings))[0]!.n;

describe('wallet/get_in_address and wallet/bank_info', () => {
  it("lists the operator's address on each chain of the coin", async () => {
    const { token } = await registerEmailUser(t);
    const reply = await t.post('wallet/get_in_address', { currency: String(USDT) }, { token });
    expect(reply.type).toBe('ok');
    expect(reply.message.map((c: { name: string }) => c.name).sort()).toEqual(['ERC20', 'OMNI', 'TRC20']);
    const trc = reply.message.find((c: { name: string }) => c.name === 'TRC20');
    expect(trc.in_address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect((await t.post('wallet/get_in_address', { currency: '99' }, { token })).error).toBe('currency_unknown');
    expect((await t.post('wallet/get_in_address', { currency: 'abc' }, { token })).error).toBe('currency_unknown');
    expect((await t.post('wallet/get_in_address', { currency: String(USDT) })).type).toBe('999');
  });

  it('leaves out a chain without an address', async () => {
    const { token } = await registerEmailUser(t);
    const trx = await t.get('admin/deposit-addresses', { token: supers.operator });
    const erc = trx.message.find((c: { currency_id: number; chain: string }) => c.currency_id === TRX && c.chain === 'ERC20');
    await secondEyes(
      await t.post('admin/deposit-addresses', { chain_id: String(erc.chain_id), address: '' }, { token: supers.operator }),
    );
    const reply = await t.post('wallet/get_in_address', { currency: String(TRX) }, { token });
    expect(reply.message.map((c: { name: string }) => c.name)).toEqual(['TRC20']);
    // A deposit on that chain is refused: there is nowhere to send it.
    const proof = await uploadId(t, token);
    const refused = await t.post(
      'wallet/charge_req',
      { currency: String(TRX), type: 'ERC20', amount: '100', imgs: proof },
      { token },
    );
    expect(refused.error).toBe('chain_unknown');
  });

  it('shows no bank details until an operator sets them', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.get('wallet/bank_info', { token })).message).toBeNull();
  });
});

describe('wallet/charge_req (chain)', () => {
  it('records a pending deposit that the log shows in the reader’s language', async () => {
    const u = await depositor();
    const reply = await chainDeposit(u.token, { imgs: u.proof, amount: '150.5' });
    expect(reply.message).toEqual({ id: expect.any(Number), status: 'pending' });
    const log = await t.get('charge_mention/log2', { token: u.token, lang: 'zh' });
    expect(log.message).toMatchObject({ total: 1, page: 1, limit: 20 });
    expect(log.message.list[0]).toMatchObject({
      id: reply.message.id,
      currency_id: USDT,
      currency_name: 'USDT',
      method: 'chain',
      chain: 'TRC20',
      amount: '150.5',
      fee: null,
      credited: null,
      status: 'pending',
      status_text: '审核中',
      proof_url: `/api/upload/${u.proof}`,
    });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });
  });

  it('refuses zero, negative, non-numeric, too precise and below-minimum amounts', async () => {
    const u = await depositor();
    const cases: [string, string][] = [
      ['0', 'amount_invalid'],
      ['-5', 'amount_invalid'],
      ['abc', 'amount_invalid'],
      ['1e3', 'amount_invalid'],
      ['', 'amount_required'],
      ['10.1234567', 'amount_too_precise'],
      ['9.99', 'amount_below_min'],
    ];
    for (const [amount, code] of cases) {
      const reply = await chainDeposit(u.token, { imgs: u.proof, amount });
      expect(reply.error, amount).toBe(code);
      expect(reply.fields?.amount, amount).toBeTruthy();
    }
    const below = await chainDeposit(u.token, { imgs: u.proof, amount: '9.99' });
    expect(below.message).toBe('The minimum is 10');
    expect((await t.get('charge_mention/log2', { token: u.token })).message.total).toBe(0);
  });

  it('refuses a chain the coin does not have, a missing proof and someone else’s proof', async () => {
    const u = await depositor();
    const stranger = await depositor();
    expect((await chainDeposit(u.token, { imgs: u.proof, type: 'BEP20' })).error).toBe('chain_unknown');
    expect(
      (
        await t.post(
          'wallet/charge_req',
          { currency: String(BTC), type: 'TRC20', amount: '1', imgs: u.proof },
          { token: u.token },
        )
      ).error,
    ).toBe('chain_unknown');
    expect(await chainDeposit(u.token, {})).toMatchObject({ error: 'upload_required', fields: { imgs: expect.any(String) } });
    expect(await chainDeposit(u.token, { imgs: stranger.proof })).toMatchObject({
      error: 'not_found',
      fields: { imgs: expect.any(String) },
    });
    expect((await chainDeposit(u.token, { imgs: 'not-an-upload' })).error).toBe('not_found');
    // The url the upload reply gave is taken as well as the id.
    expect((await chainDeposit(u.token, { imgs: `/api/upload/${u.proof}` })).type).toBe('ok');
    expect((await t.get('charge_mention/log2', { token: u.token })).message.total).toBe(1);
  });

  it('shows each user only their own deposits', async () => {
    const a = await depositor();
    const b = await depositor();
    await chainDeposit(a.token, { imgs: a.proof });
    expect((await t.get('charge_mention/log2', { token: b.token })).message).toMatchObject({ total: 0, list: [] });
    expect((await t.get('charge_mention/log2?limit=0', { token: a.token })).error).toBe('validation_failed');
  });
});

describe('wallet/charge_req (bank)', () => {
  const bankFields = (proof: string) => ({
    method: 'bank',
    currency: String(USDT),
    amount: '100',
    bank_name: 'Demo Bank',
    card_number: '6222 0000 1111 2222',
    transfer_amount: '720.50',
    imgs: proof,
  });

  it('is off while no bank details are set, and takes deposits once they are', async () => {
    const u = await depositor();
    expect((await t.post('wallet/charge_req', bankFields(u.proof), { token: u.token })).error).toBe('product_disabled');
    // The entry's switch is public (home shows the bank deposit card before sign-in); the details are not.
    expect((await t.get('wallet/bank_deposit')).message).toEqual({ available: false });
    expect((await t.get('wallet/bank_info')).type).toBe('999');

    const set = await t.post(
      'admin/bank-deposit',
      { bank_name: 'Demo Bank', account_name: 'Exchange Ltd', account_number: '123456789', swift: 'deut deff' },
      { token: supers.operator },
    );
    expect(set.message).toMatchObject({ bank_name: 'Demo Bank', swift: 'DEUTDEFF', branch: null });
    expect((await t.get('wallet/bank_info', { token: u.token })).message.account_name).toBe('Exchange Ltd');
    expect((await t.get('wallet/bank_deposit')).message).toEqual({ available: true });

    const reply = await t.post('wallet/charge_req', bankFields(u.proof), { token: u.token });
    expect(reply.message.status).toBe('pending');
    const log = await t.get('charge_mention/log2', { token: u.token });
    expect(log.message.list[0]).toMatchObject({
      method: 'bank',
      chain: null,
      bank_name: 'Demo Bank',
      card_number: '6222000011112222',
      transfer_amount: '720.5',
    });

    expect(
      (await t.post('wallet/charge_req', { ...bankFields(u.proof), bank_name: '' }, { token: u.token })).fields,
    ).toHaveProperty('bank_name');
    expect((await t.post('wallet/charge_req', { ...bankFields(u.proof), card_number: '12ab' }, { token: u.token })).error).toBe(
      'field_invalid',
    );
    expect((await t.post('wallet/charge_req', { ...bankFields(u.proof), transfer_amount: '-1' }, { token: u.token })).error).toBe(
      'amount_invalid',
    );

    const off = await t.post('admin/bank-deposit', { enabled: '0' }, { token: supers.operator });
    expect(off.message).toBeNull();
    expect((await t.get('wallet/bank_info', { token: u.token })).message).toBeNull();
    expect((await t.get('wallet/bank_deposit')).message).toEqual({ available: false });
    expect((await t.post('admin/bank-deposit', { bank_name: 'X' }, { token: supers.operator })).fields).toMatchObject({
      account_name: expect.any(String),
      account_number: expect.any(String),
    });
    expect(
      (
        await t.post(
          'admin/bank-deposit',
          { bank_name: 'X', account_name: 'Y', account_number: '1', swift: 'bad' },
          { token: supers.operator },
        )
      ).error,
    ).toBe('field_invalid');
  });
});

describe('console deposit review', () => {
  it('lists pending deposits with the user and the proof url', async () => {
    const u = await depositor();
    const { message } = await chainDeposit(u.token, { imgs: u.proof });
    const list = await t.get('admin/deposits?status=pending&limit=100', { token: supers.operator });
    const row = list.message.list.find((d: { id: number }) => d.id === message.id);
    expect(row).toMatchObject({ user: { id: u.id, email: u.email }, proof_url: `/api/upload/${u.proof}`, status: 'pending' });
    expect((await t.get('admin/deposits?status=nonsense', { token: supers.operator })).error).toBe('field_invalid');
    expect((await t.get('admin/deposits', { token: u.token })).type).toBe('999');
  });

  it('credits the coin account once, with the fee to the platform, a message and an audit row', async () => {
    const u = await depositor();
    const { message } = await chainDeposit(u.token, { imgs: u.proof, amount: '100' });
    const feesBefore = await systemBalance('fees', USDT);
    const externalBefore = await systemBalance('external', USDT);

    // Credited at another amount than asked: nothing moves until a second operator approves.
    const filed = await t.post(`admin/deposits/${message.id}/approve`, { credited: '99', fee: '1' }, { token: supers.operator });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });
    expect(await secondEyes(filed)).toEqual({ id: message.id, status: 'approved', credited: '99' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '99', frozen: '0' });
    expect(await systemBalance('fees', USDT)).toBe(feesBefore + 1);
    expect(await systemBalance('external', USDT)).toBe(externalBefore - 100);

    const log = await t.get('charge_mention/log2', { token: u.token });
    expect(log.message.list[0]).toMatchObject({ status: 'approved', status_text: 'Passed', credited: '99', fee: '1' });
    expect(log.message.list[0].reviewed_at).toBeTruthy();
    const messages = await t.get('user/messages', { token: u.token });
    expect(messages.message.list[0]).toMatchObject({ kind: 'deposit', read: false });
    expect(messages.message.list[0].body).toContain('99 USDT');
    const changes = await t.post('wallet/legal_log', {}, { token: u.token });
    expect(changes.message.list[0]).toMatchObject({
      reason: 'deposit',
      amount: '99',
      ref_type: 'deposit',
      ref_id: String(message.id),
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${message.id}`));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'deposit.approve', after: { status: 'approved', credited: '99', fee: '1' } });

    // Approving (or rejecting) it again does nothing at all.
    const postings = await postingCount();
    const again = await t.post(`admin/deposits/${message.id}/approve`, { credited: '99', fee: '1' }, { token: supers.operator });
    expect(again).toMatchObject({ status: 400, error: 'already_reviewed' });
    expect((await t.post(`admin/deposits/${message.id}/reject`, { reason: 'late' }, { token: supers.operator })).error).toBe(
      'already_reviewed',
    );
    expect(await balance(t, u.id, USDT)).toEqual({ available: '99', frozen: '0' });
    expect(await postingCount()).toBe(postings);
    const msgCount = await t.database.db.select({ n: count() }).from(userMessages).where(eq(userMessages.userId, u.id));
    expect(msgCount[0]!.n).toBe(1);
  });

  it('credits the reported amount without a fee when the operator gives neither', async () => {
    const u = await depositor();
    const { message } = await chainDeposit(u.token, { imgs: u.proof, amount: '12.345678' });
    const approved = await t.post(`admin/deposits/${message.id}/approve`, {}, { token: supers.operator });
    expect(approved.message).toMatchObject({ credited: '12.345678', fee: '0' });
    expect(await balance(t, u.id, USDT)).toEqual({ available: '12.345678', frozen: '0' });
  });

  it('lets exactly one of two simultaneous approvals through', async () => {
    const u = await depositor();
    const { message } = await chainDeposit(u.token, { imgs: u.proof, amount: '50' });
    const replies = await Promise.all(
      [1, 2, 3].map(() => t.post(`admin/deposits/${message.id}/approve`, {}, { token: supers.operator })),
    );
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.error === 'already_reviewed')).toHaveLength(2);
    expect(await balance(t, u.id, USDT)).toEqual({ available: '50', frozen: '0' });
  });

  it('refuses bad review amounts and unknown ids without changing anything', async () => {
    const u = await depositor();
    const { message } = await chainDeposit(u.token, { imgs: u.proof });
    for (const [fields, code] of [
      [{ credited: '0' }, 'amount_invalid'],
      [{ credited: '-1' }, 'amount_invalid'],
      [{ credited: '1.1234567' }, 'amount_too_precise'],
      [{ fee: 'x' }, 'amount_invalid'],
    ] as const) {
      expect((await t.post(`admin/deposits/${message.id}/approve`, fields, { token: supers.operator })).error).toBe(code);
    }
    expect((await t.post('admin/deposits/999999/approve', {}, { token: supers.operator })).error).toBe('not_found');
    expect((await t.post('admin/deposits/abc/approve', {}, { token: supers.operator })).error).toBe('not_found');
    expect((await t.post(`admin/deposits/${message.id}/approve`, {}, { token: u.token })).type).toBe('999');
    expect((await t.get('charge_mention/log2', { token: u.token })).message.list[0].status).toBe('pending');
  });

  it('rejects with a reason the user reads, and credits nothing', async () => {
    const u = await depositor();
    const { message } = await chainDeposit(u.token, { imgs: u.proof });
    expect((await t.post(`admin/deposits/${message.id}/reject`, { reason: '  ' }, { token: supers.operator })).error).toBe(
      'field_required',
    );
    const rejected = await t.post(
      `admin/deposits/${message.id}/reject`,
      { reason: 'No such transfer' },
      { token: supers.operator },
    );
    expect(rejected.message).toEqual({ id: message.id, status: 'rejected' });
    const log = await t.get('charge_mention/log2', { token: u.token, lang: 'esp' });
    expect(log.message.list[0]).toMatchObject({
      status: 'rejected',
      status_text: 'Rechazado',
      reject_reason: 'No such transfer',
    });
    expect((await t.get('user/messages', { token: u.token })).message.list[0].body).toContain('No such transfer');
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '0' });
    expect((await t.post(`admin/deposits/${message.id}/approve`, {}, { token: supers.operator })).error).toBe('already_reviewed');
  });
});

describe('console deposit addresses', () => {
  it('lists every chain, checks the address format and audits each change', async () => {
    const list = await t.get('admin/deposit-addresses', { token: supers.operator });
    expect(list.message).toHaveLength(7);
    const btc = list.message.find((c: { currency_id: number }) => c.currency_id === BTC);
    expect(
      (
        await t.post(
          'admin/deposit-addresses',
          { chain_id: String(btc.chain_id), address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
          { token: supers.operator },
        )
      ).error,
    ).toBe('address_invalid');
    expect((await t.post('admin/deposit-addresses', { chain_id: '9999', address: 'x' }, { token: supers.operator })).error).toBe(
      'chain_unknown',
    );
    expect((await t.post('admin/deposit-addresses', {}, { token: supers.operator })).error).toBe('field_required');

    const address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
    const filed = await t.post('admin/deposit-addresses', { addresses: [{ chain_id: btc.chain_id, address }] } as never, {
      token: supers.operator,
      json: true,
    });
    const set = { message: await secondEyes(filed) };
    expect(set.message.find((c: { chain_id: number }) => c.chain_id === btc.chain_id).address).toBe(address);
    const { token } = await registerEmailUser(t);
    expect((await t.post('wallet/get_in_address', { currency: String(BTC) }, { token })).message).toEqual([
      { name: 'OMNI', chain_id: btc.chain_id, in_address: address },
    ]);
    const audit = await t.get('admin/audit?action=deposit_address.set', { token: supers.operator });
    expect(audit.message.list[0]).toMatchObject({
      target: `chain:${btc.chain_id}`,
      before: { address: btc.address },
      after: { address },
    });
  });
});
