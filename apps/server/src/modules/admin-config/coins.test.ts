import { LANGS } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, ETH, fund, PAY_PASSWORD, readyUser, TRX, USDT } from '../../../test/money.js';
import { approvedBy, twoSupersForFile } from '../../../test/operators.js';
import { auditLog, chains, currencies, depositAddresses, deposits, withdrawAddresses } from '../../db/schema.js';
import { translate } from '../../i18n/messages.js';
import { base58CheckEncode } from '../../lib/chain-address.js';

const t = appForFile({ checkLedger: true });
/** A new chain brings a deposit address, which waits for the second super's approval. */
const supers = twoSupersForFile(t);

/** Asks to add a chain as the operator and has the second super approve it; answers what was applied. */
async function addChain(coin: number, body: Record<string, string>) {
  const filed = await t.post(`admin/config/coins/${coin}/chains`, body, { token: supers.operator });
  expect(filed.message, JSON.stringify(filed)).toMatchObject({ status: 'pending_approval', kind: 'config.chain.add' });
  const decided = await approvedBy(t, supers.checker, filed.message.approval_id);
  return { ...decided, message: decided.message.result };
}

/** A well-formed TRON address (base58check, version byte 0x41) from a fixed body. */
const tronAddress = (fill: number) => base58CheckEncode(Buffer.concat([Buffer.from([0x41]), Buffer.alloc(20, fill)]));
const config = async () => (await t.get('admin/config', { token: supers.operator })).message;
const coinOf = async (id: number) => (await config()).coins.find((c: { id: number }) => c.id === id);
const auditCount = async () => (await t.database.db.select().from(auditLog)).length;
const snapshot = async () => ({
  coins: await t.database.db.select().from(currencies),
  chains: await t.database.db.select().from(chains),
  addresses: await t.database.db.select().from(depositAddresses),
  audit: await auditCount(),
});

describe('coin enabled switch', () => {
  it('disables a coin: gone from the deposit and withdrawal choices, new requests refused, balance still shown', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, ETH, '5');
    const address = `0x${'ab'.repeat(20)}`;
    const [entry] = await t.database.db
      .insert(withdrawAddresses)
      .values({ userId: u.id, currencyId: ETH, chain: 'ERC20', address, label: 'mine' })
      .returning({ id: withdrawAddresses.id });
    // A request made while the coin is on stays reviewable after it is switched off.
    const pending = await t.post(
      'wallet/out',
      // 0.1 ETH: under the four-eyes threshold, so one operator pays it out below.
      { currency: String(ETH), number: '0.1', address_id: String(entry!.id), pay_password: PAY_PASSWORD },
      { token: u.token },
    );
    expect(pending.type).toBe('ok');

    const off = await t.post(`admin/config/coins/${ETH}/enabled`, { enabled: '0' }, { token: supers.operator });
    expect(off.message).toEqual({ id: ETH, name: 'ETH', enabled: false });
    expect((await coinOf(ETH)).enabled).toBe(false);

    for (const lang of LANGS) {
      const refused = await t.post(
        'wallet/out',
        { currency: String(ETH), number: '1', address_id: String(entry!.id), pay_password: PAY_PASSWORD },
        { token: u.token, lang },
      );
      expect(refused).toMatchObject({ error: 'coin_disabled', message: translate(lang, 'coin_disabled') });
    }
    expect((await t.post('wallet/get_in_address', { currency: String(ETH) }, { token: u.token })).error).toBe('coin_disabled');
    expect(
      (await t.post('wallet/charge_req', { currency: String(ETH), type: 'ERC20', amount: '1' }, { token: u.token })).error,
    ).toBe('coin_disabled');
    // The wallet still lists the balance, flagged so the deposit and withdrawal pages leave it out.
    const wallet = (await t.post('wallet/list', {}, { token: u.token })).message;
    const coin = wallet.accounts[0].balances.find((b: { currency_id: number }) => b.currency_id === ETH);
    expect(coin).toMatchObject({ enabled: false, total: '5' });
    expect(wallet.accounts[0].balances.find((b: { currency_id: number }) => b.currency_id === BTC).enabled).toBe(true);
    // The pending withdrawal is still completed by finance.
    const paid = await t.post(
      `admin/withdrawals/${pending.message.id}/approve`,
      { tx_hash: `0x${'fe'.repeat(32)}` },
      { token: supers.operator },
    );
    expect(paid.message.status).toBe('approved');

    const audit = (await t.get('admin/audit?action=config.coin.enabled', { token: supers.operator })).message.list[0];
    expect(audit).toMatchObject({ target: 'currency:ETH', before: { enabled: true }, after: { enabled: false } });

    expect((await t.post(`admin/config/coins/${ETH}/enabled`, { enabled: 'true' }, { token: supers.operator })).type).toBe('ok');
    expect((await t.post('wallet/get_in_address', { currency: String(ETH) }, { token: u.token })).type).toBe('ok');
  });

  it('refuses an unknown coin and a bad value, changing nothing', async () => {
    const before = await snapshot();
    expect((await t.post('admin/config/coins/999/enabled', { enabled: '0' }, { token: supers.operator })).error).toBe(
      'not_found',
    );
    const bad = await t.post(`admin/config/coins/${BTC}/enabled`, { enabled: 'maybe' }, { token: supers.operator, lang: 'esp' });
    expect(bad).toMatchObject({ error: 'field_invalid', fields: { enabled: expect.any(String) } });
    expect(bad.message).toBe(translate('esp', 'field_invalid'));
    expect(await snapshot()).toEqual(before);
  });
});

describe('chains', () => {
  it('adds a chain with its deposit address: at once in get_in_address and the withdrawal rules, audited', async () => {
    const u = await readyUser(t);
    const address = tronAddress(7);
    const filed = await t.post(`admin/config/coins/${ETH}/chains`, { name: 'trc20', address }, { token: supers.operator });
    // Nothing is added until a second super approves.
    expect((await coinOf(ETH)).chain_addresses).toHaveLength(1);
    expect((await t.post(`admin/approvals/${filed.message.approval_id}/approve`, {}, { token: supers.operator })).error).toBe(
      'approval_own_request',
    );
    const added = {
      message: (await t.post(`admin/approvals/${filed.message.approval_id}/approve`, {}, { token: supers.checker })).message
        .result,
    };
    expect(added.message).toMatchObject({ id: ETH, name: 'TRC20', address });
    const shown = (await t.post('wallet/get_in_address', { currency: String(ETH) }, { token: u.token })).message;
    expect(shown).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'TRC20', in_address: address })]));
    expect((await t.post('wallet/get_info', { currency: String(ETH) }, { token: u.token })).message.chains).toEqual([
      'ERC20',
      'TRC20',
    ]);
    expect((await coinOf(ETH)).chain_addresses).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'TRC20', address })]),
    );
    const audit = (await t.get('admin/audit?action=config.chain.add', { token: supers.operator })).message.list[0];
    expect(audit).toMatchObject({
      target: 'currency:ETH',
      before: { chains: ['ERC20'] },
      after: { chains: ['ERC20', 'TRC20'], address },
    });

    const removed = await t.post(`admin/config/coins/${ETH}/chains/remove`, { name: 'TRC20' }, { token: supers.operator });
    expect(removed.message).toEqual({ id: ETH, name: 'TRC20', chains: ['ERC20'] });
    const after = (await t.post('wallet/get_in_address', { currency: String(ETH) }, { token: u.token })).message;
    expect(after.map((c: { name: string }) => c.name)).toEqual(['ERC20']);
    const removal = (await t.get('admin/audit?action=config.chain.remove', { token: supers.operator })).message.list[0];
    expect(removal).toMatchObject({ before: { chains: ['ERC20', 'TRC20'], address }, after: { chains: ['ERC20'] } });
  });

  it('refuses a withdrawal to an address-book entry on a removed chain', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, TRX, '100');
    const [entry] = await t.database.db
      .insert(withdrawAddresses)
      .values({ userId: u.id, currencyId: TRX, chain: 'ERC20', address: `0x${'cd'.repeat(20)}`, label: null })
      .returning({ id: withdrawAddresses.id });
    expect((await t.post(`admin/config/coins/${TRX}/chains/remove`, { name: 'ERC20' }, { token: supers.operator })).type).toBe(
      'ok',
    );
    const refused = await t.post(
      'wallet/out',
      { currency: String(TRX), number: '10', address_id: String(entry!.id), pay_password: PAY_PASSWORD },
      { token: u.token },
    );
    expect(refused.error).toBe('chain_unknown');
  });

  it('refuses bad chains and addresses, the last chain of an enabled coin and a chain with deposits under review', async () => {
    const u = await readyUser(t);
    const before = await snapshot();
    const post = (path: string, body: Record<string, string>, lang = 'en') =>
      t.post(`admin/config/coins/${path}`, body, { token: supers.operator, lang });
    expect((await post('999/chains', { name: 'TRC20', address: tronAddress(1) })).error).toBe('not_found');
    const unknown = await post(`${BTC}/chains`, { name: 'DOGE', address: tronAddress(1) }, 'th');
    expect(unknown).toMatchObject({ error: 'chain_unknown', fields: { name: translate('th', 'chain_unknown') } });
    expect(unknown.message).toBe(translate('th', 'chain_unknown'));
    // A TRON address with a broken checksum, an ERC20 address on TRC20, an empty one.
    const broken = `${tronAddress(2).slice(0, -1)}${tronAddress(2).endsWith('1') ? '2' : '1'}`;
    for (const address of [broken, `0x${'ab'.repeat(20)}`]) {
      expect(await post(`${BTC}/chains`, { name: 'TRC20', address })).toMatchObject({
        error: 'address_invalid',
        fields: { address: expect.any(String) },
      });
    }
    expect((await post(`${BTC}/chains`, { name: 'TRC20', address: '' })).fields).toHaveProperty('address');
    expect((await post(`${USDT}/chains`, { name: 'TRC20', address: tronAddress(3) })).error).toBe('chain_exists');
    // BTC has one chain (OMNI): removing it while BTC is enabled is refused.
    const last = await post(`${BTC}/chains/remove`, { name: 'OMNI' }, 'kr');
    expect(last).toMatchObject({ error: 'chain_last', message: translate('kr', 'chain_last') });
    expect((await post(`${BTC}/chains/remove`, { name: 'ERC20' })).error).toBe('chain_unknown');
    expect((await post('999/chains/remove', { name: 'OMNI' })).error).toBe('not_found');
    // A deposit on USDT/TRC20 waits for review: its chain stays.
    await t.database.db.insert(deposits).values({ userId: u.id, currencyId: USDT, method: 'chain', chain: 'TRC20', amount: '5' });
    const inUse = await post(`${USDT}/chains/remove`, { name: 'TRC20' }, 'zh');
    expect(inUse).toMatchObject({ error: 'chain_in_use', message: translate('zh', 'chain_in_use', { count: 1 }) });
    expect(await snapshot()).toEqual({ ...before, audit: before.audit });
    await t.database.db
      .update(deposits)
      .set({ status: 'rejected' })
      .where(and(eq(deposits.userId, u.id), eq(deposits.currencyId, USDT)));
  });

  it('a disabled coin may lose its last chain, and cannot be enabled without one', async () => {
    expect((await t.post(`admin/config/coins/${BTC}/enabled`, { enabled: '0' }, { token: supers.operator })).type).toBe('ok');
    expect((await t.post(`admin/config/coins/${BTC}/chains/remove`, { name: 'OMNI' }, { token: supers.operator })).type).toBe(
      'ok',
    );
    const refused = await t.post(`admin/config/coins/${BTC}/enabled`, { enabled: '1' }, { token: supers.operator });
    expect(refused.error).toBe('chain_last');
    expect((await coinOf(BTC)).enabled).toBe(false);
    const omni = base58CheckEncode(Buffer.concat([Buffer.from([0x00]), Buffer.alloc(20, 9)]));
    expect((await addChain(BTC, { name: 'OMNI', address: omni })).type).toBe('ok');
    expect((await t.post(`admin/config/coins/${BTC}/enabled`, { enabled: '1' }, { token: supers.operator })).type).toBe('ok');
    expect((await coinOf(BTC)).chain_addresses).toEqual([expect.objectContaining({ name: 'OMNI', address: omni })]);
  });
});
