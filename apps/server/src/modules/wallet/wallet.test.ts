import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { registerEmailUser } from '../../../test/test-app.js';
import { postEntry } from '../../ledger/ledger.js';
import { verifyLedger } from '../../ledger/verify.js';

const t = appForFile({ checkLedger: true });

const USDT = 3;
const BTC = 1;

/** Credits a user's coin account as an approved deposit would. */
async function fund(userId: number, currencyId: number, amount: string) {
  await t.database.db.transaction((tx) =>
    postEntry(tx, { reason: 'deposit', refType: 'test' }, [
      { account: { userId, kind: 'coin', currencyId }, bucket: 'available', amount },
      { account: { system: 'external', currencyId }, bucket: 'available', amount: `-${amount}` },
    ]),
  );
}

const balanceOf = (
  list: { accounts: { account: string; balances: { currency_id: number; available: string }[] }[] },
  account: string,
  currencyId: number,
) => list.accounts.find((a) => a.account === account)?.balances.find((b) => b.currency_id === currencyId)?.available;

describe('wallet/list and wallet/detail', () => {
  it('lists every coin in all four accounts, zero balances included', async () => {
    const { token } = await registerEmailUser(t);
    const reply = await t.post('wallet/list', {}, { token });
    expect(reply.type).toBe('ok');
    expect(reply.message.accounts.map((a: { account: string }) => a.account)).toEqual(['coin', 'option', 'contract', 'trust']);
    for (const account of reply.message.accounts) {
      // The spec's four base coins and the seven spot-only coins of the default pairs.
      expect(account.balances.map((b: { currency_name: string }) => b.currency_name).sort()).toEqual([
        'ADA',
        'BNB',
        'BTC',
        'DOGE',
        'ETH',
        'LTC',
        'SOL',
        'TON',
        'TRX',
        'USDT',
        'XRP',
      ]);
    }
    expect(reply.message.total_usdt).toBe('0.00');
  });

  it('values balances in USDT, USDT at 1', async () => {
    const { token, user } = await registerEmailUser(t);
    await fund(user.id, USDT, '123.456789');
    const reply = await t.post('wallet/list', {}, { token });
    expect(balanceOf(reply.message, 'coin', USDT)).toBe('123.456789');
    expect(reply.message.accounts[0].total_usdt).toBe('123.45');
    const detail = await t.post('wallet/detail', { currency: String(USDT), type: 'coin' }, { token });
    expect(detail.message).toMatchObject({
      currency_name: 'USDT',
      available: '123.456789',
      frozen: '0',
      total: '123.456789',
      usdt_value: '123.45',
    });
  });

  it('needs a token', async () => {
    expect((await t.post('wallet/list')).type).toBe('999');
  });

  it('refuses an unknown coin or account', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.post('wallet/detail', { currency: '999', type: 'coin' }, { token })).error).toBe('currency_unknown');
    expect((await t.post('wallet/detail', { currency: '3', type: 'savings' }, { token })).error).toBe('account_unknown');
  });
});

describe('wallet/change (transfer between own accounts)', () => {
  it('moves available balance and records the transfer and both postings', async () => {
    const { token, user } = await registerEmailUser(t);
    await fund(user.id, USDT, '100');
    const reply = await t.post(
      'wallet/change',
      { currency_id: '3', number: '40.5', from_field: 'coin', to_field: 'contract' },
      { token },
    );
    expect(reply.type).toBe('ok');
    const list = (await t.post('wallet/list', {}, { token })).message;
    expect(balanceOf(list, 'coin', USDT)).toBe('59.5');
    expect(balanceOf(list, 'contract', USDT)).toBe('40.5');
    const back = await t.post(
      'wallet/change',
      { currency_id: '3', number: '40.5', from_field: 'contract', to_field: 'coin' },
      { token },
    );
    expect(back.type).toBe('ok');

    const history = await t.get('wallet/hzhistory', { token });
    expect(history.message.total).toBe(2);
    expect(history.message.list[0]).toMatchObject({
      from_field: 'contract',
      to_field: 'coin',
      amount: '40.5',
      currency_name: 'USDT',
    });

    const log = await t.post('wallet/legal_log', { type: 'contract' }, { token, lang: 'zh' });
    expect(log.message.list.map((r: { reason: string; amount: string }) => [r.reason, r.amount])).toEqual([
      ['transfer_out', '-40.5'],
      ['transfer_in', '40.5'],
    ]);
    expect(log.message.list[0].reason_text).toBe('划转转出');
    const coinLog = await t.post('wallet/legal_log', { currency: '3', type: 'coin', page: '1', limit: '2' }, { token });
    expect(coinLog.message).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(coinLog.message.list).toHaveLength(2);
  });

  describe('bad input: a clear error and nothing moved', () => {
    let token: string;
    beforeAll(async () => {
      const u = await registerEmailUser(t);
      token = u.token;
      await fund(u.user.id, BTC, '1');
    });
    const cases: [string, Record<string, string>, string][] = [
      ['zero', { number: '0' }, 'amount_invalid'],
      ['negative', { number: '-1' }, 'amount_invalid'],
      ['non-numeric', { number: 'abc' }, 'amount_invalid'],
      ['exponent form', { number: '1e-3' }, 'amount_invalid'],
      ['empty', { number: '' }, 'amount_required'],
      ['too precise for the coin', { number: '0.000000001' }, 'amount_too_precise'],
      ['above the balance', { number: '1.00000001' }, 'insufficient_balance'],
      ['the same account', { to_field: 'coin' }, 'same_account'],
      ['an unknown account', { to_field: 'savings' }, 'account_unknown'],
      ['an unknown coin', { currency_id: '77' }, 'currency_unknown'],
    ];
    for (const [name, change, error] of cases) {
      it(name, async () => {
        const before = (await t.post('wallet/list', {}, { token })).message;
        const reply = await t.post(
          'wallet/change',
          { currency_id: '1', number: '0.5', from_field: 'coin', to_field: 'option', ...change },
          { token, lang: 'esp' },
        );
        expect(reply.type).toBe('error');
        expect(reply.error).toBe(error);
        expect((await t.post('wallet/list', {}, { token })).message).toEqual(before);
      });
    }
    it('says "insufficient balance" in the language asked for', async () => {
      const reply = await t.post(
        'wallet/change',
        { currency_id: '1', number: '2', from_field: 'coin', to_field: 'option' },
        { token, lang: 'jp' },
      );
      expect(reply.message).toBe('残高が不足しています');
    });
  });

  it('lets exactly one of 200 simultaneous transfers through when only one is affordable', async () => {
    const { token, user } = await registerEmailUser(t);
    await fund(user.id, USDT, '10');
    const replies = await Promise.all(
      Array.from({ length: 200 }, () =>
        t.post('wallet/change', { currency_id: '3', number: '10', from_field: 'coin', to_field: 'option' }, { token }),
      ),
    );
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.error === 'insufficient_balance')).toHaveLength(199);
    const list = (await t.post('wallet/list', {}, { token })).message;
    expect(balanceOf(list, 'coin', USDT)).toBe('0');
    expect(balanceOf(list, 'option', USDT)).toBe('10');
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it("shows only the user's own records", async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    await fund(a.user.id, USDT, '5');
    await t.post('wallet/change', { currency_id: '3', number: '5', from_field: 'coin', to_field: 'trust' }, { token: a.token });
    expect((await t.get('wallet/hzhistory', { token: b.token })).message.total).toBe(0);
    expect((await t.post('wallet/legal_log', {}, { token: b.token })).message.total).toBe(0);
  });

  it('refuses a page size over 100', async () => {
    const { token } = await registerEmailUser(t);
    expect((await t.get('wallet/hzhistory?limit=1000', { token })).error).toBe('validation_failed');
  });
});
