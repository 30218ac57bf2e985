import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, fund, USDT } from '../../../test/money.js';
import { signal } from '../../../test/signal.js';
import { coinBalance, feesBalance, placeOrder } from '../../../test/spot.js';
import { adminToken, outboxCode, uniqueEmail } from '../../../test/test-app.js';
import { type Db, queryRows } from '../../db/client.js';
import { auditLog, referralFeeOutbox, referralRebates } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { verifyLedger } from '../../ledger/verify.js';
import { D, type Dec } from '../../lib/money.js';
import { maskAccount, shareUrl } from './service.js';

const t = appForFile({ checkLedger: true });

/** Registers an e-mail user, with an invite code when given (as the share link pre-fills it). */
async function register(code?: string, prefix = 'ref') {
  const email = uniqueEmail(prefix);
  await t.post('sms_mail', { user_string: email, scene: 'register' });
  const body: Record<string, string> = {
    type: 'email',
    user_string: email,
    password: 'secret123',
    re_password: 'secret123',
    code: await outboxCode(t, email),
    agree: '1',
  };
  if (code) body.extension_code = code;
  const reply = await t.post('user/register', body);
  if (reply.type !== 'ok') throw new Error(JSON.stringify(reply));
  return {
    email,
    token: reply.message.token as string,
    id: reply.message.user.id as number,
    code: reply.message.user.extension_code as string,
  };
}

/** A fill of 0.00011 BTC at 40000.01 between `seller` (maker, 0.08 %) and `buyer` (taker, 0.1 %). */
async function trade(seller: { id: number; token: string }, buyer: { id: number; token: string }) {
  await fund(t, seller.id, BTC, '0.00011');
  await fund(t, buyer.id, USDT, '4.404402');
  expect((await placeOrder(t, seller.token, { type: '2', target_price: '40000.01', amount: '0.00011' })).type).toBe('ok');
  const bid = await placeOrder(t, buyer.token, { type: '1', target_price: '40000.01', amount: '0.00011' });
  expect(bid.message).toMatchObject({ status: 'completed', fee: '0.0044009' });
}

// A contract's opening fee, its position closed at once (margin released) so no margin stays frozen.
const contractFee = (userId: number, currencyId: number, fee: string, refId: number, db: Db = t.database.db) =>
  db.transaction(async (tx) => {
    const margin = new D(fee).times(1000).toFixed();
    await postEntry(tx, { reason: 'contract_open', refType: 'contract', refId }, [
      { account: { userId, kind: 'contract', currencyId }, bucket: 'available', amount: new D(fee).times(-1001).toFixed() },
      { account: { userId, kind: 'contract', currencyId }, bucket: 'frozen', amount: margin },
      { account: { system: 'fees', currencyId }, bucket: 'available', amount: fee },
    ]);
    await postEntry(tx, { reason: 'contract_cancel', refType: 'contract', refId }, [
      { account: { userId, kind: 'contract', currencyId }, bucket: 'frozen', amount: `-${margin}` },
      { account: { userId, kind: 'contract', currencyId }, bucket: 'available', amount: margin },
    ]);
  });

/**
 * An inviter and two invitees with contract funds (1 BTC; `usdt` USDT), the rebate queue drained first: the
 * stage for fees that commit out of posting-id order.
 */
async function inviterOfTwoContractTraders(usdt: string) {
  const inviter = await register();
  const btcTrader = await register(inviter.code);
  const usdtTrader = await register(inviter.code);
  await fund(t, btcTrader.id, BTC, '1', 'contract');
  await fund(t, usdtTrader.id, USDT, usdt, 'contract');
  await t.app.rebates.runOnce();
  return { inviter, btcTrader, usdtTrader };
}

/** The sequence posting ids come from. */
const sequence = sql`pg_get_serial_sequence('ledger_postings', 'id')`;

describe('user/invite, my_share, my_poster', () => {
  it('gives the code and a link to the registration page that carries it', async () => {
    const a = await register();
    const invite = await t.get('user/invite', { token: a.token });
    expect(invite.message).toMatchObject({
      extension_code: a.code,
      share_url: `http://localhost:80/h5/#/pages/user/login/register?code=${a.code}`,
      invited: 0,
      total_return: '0',
      pending_rewards: '0',
      returns: [],
      rebate_ratio: '0.2',
      rebate_percent: '20',
      status: 'normal',
      rank: null,
    });
    expect((await t.get('user/my_share', { token: a.token })).message).toEqual({
      extension_code: a.code,
      share_url: invite.message.share_url,
      invited: 0,
    });
    expect((await t.get('user/my_poster', { token: a.token })).message).toEqual({
      extension_code: a.code,
      share_url: invite.message.share_url,
      rebate_percent: '20',
      pics: [],
    });
    for (const path of ['user/invite', 'user/my_share', 'user/my_poster', 'user/invite_list', 'user/my_invite_list']) {
      expect((await t.get(path)).type, path).toBe('999');
    }
  });

  it('builds share links and masks accounts', () => {
    expect(shareUrl('https://x.test', 'AB CD')).toBe('https://x.test/h5/#/pages/user/login/register?code=AB%20CD');
    expect(maskAccount('alice@example.com', null)).toBe('al***@example.com');
    expect(maskAccount(null, '13812345678')).toBe('138****5678');
  });
});

describe('rebates', () => {
  it('credits the inviter a ratio of every fee their invitees pay, exactly, once', async () => {
    const inviter = await register();
    const buyer = await register(inviter.code);
    const seller = await register(inviter.code.toLowerCase());
    const stranger = await register();
    const feesBefore = await feesBalance(t, USDT);

    await trade(seller, buyer);
    // The fees account got both fees: 0.0044009 (buyer, taker) + 0.0035201 (seller, maker) = 0.007921.
    expect(new D(await feesBalance(t, USDT)).minus(feesBefore).toFixed()).toBe('0.007921');

    const pass = await t.app.rebates.runOnce();
    expect(pass.rebates).toBe(2);
    // 20 % of each: 0.00088018 + 0.00070402 = 0.0015842 exactly; USDT has 6 decimals, so 0.001584 is
    // credited and 0.0000002 waits for the next rebate.
    expect(await coinBalance(t, inviter.id, USDT)).toEqual({ available: '0.001584', frozen: '0' });
    expect(new D(await feesBalance(t, USDT)).minus(feesBefore).toFixed()).toBe('0.006337');
    const summary = (await t.get('user/invite', { token: inviter.token })).message;
    expect(summary).toMatchObject({
      invited: 2,
      total_return: '0.001584',
      pending_rewards: '0.0000002',
      returns: [{ currency_id: USDT, currency_name: 'USDT', total: '0.001584', pending: '0.0000002' }],
    });

    const records = (await t.get('user/my_account_return', { token: inviter.token })).message;
    expect(records.total).toBe(2);
    const byFee = Object.fromEntries(records.list.map((r: { fee: string }) => [r.fee, r]));
    expect(byFee['0.0044009']).toMatchObject({ ratio: '0.2', exact: '0.00088018', reason: 'spot_fee', currency_name: 'USDT' });
    expect(byFee['0.0035201']).toMatchObject({ ratio: '0.2', exact: '0.00070402' });
    const credited = records.list.map((r: { amount: string }) => new D(r.amount));
    expect(credited.reduce((a: Dec, b: Dec) => a.plus(b), new D(0)).toFixed()).toBe('0.001584');

    // Running the worker again, or with the same fees queued a second time, credits nothing more.
    expect((await t.app.rebates.runOnce()).rebates).toBe(0);
    const rebated = await t.database.db.select({ id: referralRebates.sourcePostingId }).from(referralRebates);
    await t.database.db.insert(referralFeeOutbox).values(rebated.map((r) => ({ postingId: Number(r.id) })));
    expect((await t.app.rebates.runOnce()).rebates).toBe(0);
    expect(await t.database.db.select().from(referralFeeOutbox)).toEqual([]);
    expect(await coinBalance(t, inviter.id, USDT)).toEqual({ available: '0.001584', frozen: '0' });

    // Nobody else sees these records.
    expect((await t.get('user/my_account_return', { token: stranger.token })).message).toMatchObject({ list: [], total: 0 });
    expect((await t.get('user/my_account_return', { token: buyer.token })).message.total).toBe(0);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('uses the partner ratio an operator sets, carrying the pending rest', async () => {
    const inviter = await register();
    const buyer = await register(inviter.code);
    const other = await register();
    const admin = await adminToken(t);
    const set = await t.post(`admin/referral/users/${inviter.id}`, { status: 'partner', ratio: '0.5' }, { token: admin });
    expect(set.message).toMatchObject({ status: 'partner', ratio: '0.5', effective_ratio: '0.5' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${inviter.id}`));
    expect(row).toMatchObject({
      action: 'referral.profile.set',
      before: { status: 'normal', ratio: null },
      after: { status: 'partner', ratio: '0.5' },
    });

    await trade(other, buyer);
    await t.app.rebates.runOnce();
    // 50 % of 0.0044009 = 0.00220045 → 0.0022 credited, 0.00000045 pending (the seller was not invited).
    expect(await coinBalance(t, inviter.id, USDT)).toEqual({ available: '0.0022', frozen: '0' });
    expect((await t.get('user/invite', { token: inviter.token })).message).toMatchObject({
      rebate_ratio: '0.5',
      rebate_percent: '50',
      status: 'partner',
      pending_rewards: '0.00000045',
    });
    // A second identical trade: 0.0044009 in all → 0.0044 credited, the rest 0.0000009 pending.
    await trade(other, buyer);
    await t.app.rebates.runOnce();
    expect(await coinBalance(t, inviter.id, USDT)).toEqual({ available: '0.0044', frozen: '0' });
    const rows = await t.database.db.select().from(referralRebates).where(eq(referralRebates.inviterId, inviter.id));
    expect(rows.map((r) => new D(r.credited).toFixed()).sort()).toEqual(['0.0022', '0.0022']);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('rebates contract fees (one user per entry) and nothing that is not a trading fee', async () => {
    const inviter = await register();
    const trader = await register(inviter.code);
    await fund(t, trader.id, USDT, '100', 'contract');
    // The contract module's shape: margin frozen and the fee paid to the fees account in one entry.
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'contract_open', refType: 'contract', refId: 1 }, [
        { account: { userId: trader.id, kind: 'contract', currencyId: USDT }, bucket: 'available', amount: '-50.025' },
        { account: { userId: trader.id, kind: 'contract', currencyId: USDT }, bucket: 'frozen', amount: '50' },
        { account: { system: 'fees', currencyId: USDT }, bucket: 'available', amount: '0.025' },
      ]),
    );
    // A deposit fee is not a trading fee.
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'deposit', refType: 'deposit', refId: 1 }, [
        { account: { userId: trader.id, kind: 'coin', currencyId: USDT }, bucket: 'available', amount: '9' },
        { account: { system: 'fees', currencyId: USDT }, bucket: 'available', amount: '1' },
        { account: { system: 'external', currencyId: USDT }, bucket: 'available', amount: '-10' },
      ]),
    );
    await t.app.rebates.runOnce();
    // The position is gone again (its margin released), so no margin stays frozen without a position.
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'contract_cancel', refType: 'contract', refId: 1 }, [
        { account: { userId: trader.id, kind: 'contract', currencyId: USDT }, bucket: 'frozen', amount: '-50' },
        { account: { userId: trader.id, kind: 'contract', currencyId: USDT }, bucket: 'available', amount: '50' },
      ]),
    );
    // 20 % of 0.025 = 0.005, into the inviter's coin account.
    expect(await coinBalance(t, inviter.id, USDT)).toEqual({ available: '0.005', frozen: '0' });
    const records = (await t.get('user/my_account_return', { token: inviter.token, lang: 'zh' })).message.list;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ reason: 'contract_open', fee: '0.025', amount: '0.005' });
  });

  it('rebates a fee whose transaction commits after later fees were rebated, exactly once', async () => {
    const { inviter, btcTrader: late, usdtTrader: early } = await inviterOfTwoContractTraders('100');
    // The last posting id handed out.
    const position = async () =>
      Number(
        (await queryRows<{ v: string }>(t.database.db, sql`SELECT last_value::text AS v FROM ledger_postings_id_seq`))[0]!.v,
      );
    // A long transaction takes its posting ids now…
    const reserved = await position();
    await t.database.db.execute(sql`SELECT setval(${sequence}, ${reserved + 1000})`);
    // …while others write fees with higher ids, commit, and are rebated.
    await contractFee(early.id, USDT, '0.05', 9001);
    expect((await t.app.rebates.runOnce()).rebates).toBe(1);
    expect(await coinBalance(t, inviter.id, USDT)).toEqual({ available: '0.01', frozen: '0' });
    // Then it commits: its fee posting's id is more than a thousand below the ones already rebated.
    const highest = await position();
    await t.database.db.execute(sql`SELECT setval(${sequence}, ${reserved})`);
    await contractFee(late.id, BTC, '0.0005', 9002);
    await t.database.db.execute(sql`SELECT setval(${sequence}, ${highest})`);
    const pass = await t.app.rebates.runOnce();
    expect(pass.rebates).toBe(1);
    // 20 % of 0.0005 BTC.
    expect(await coinBalance(t, inviter.id, BTC)).toEqual({ available: '0.0001', frozen: '0' });
    // Exactly once: later passes find nothing, and the queue is empty.
    expect((await t.app.rebates.runOnce()).rebates).toBe(0);
    expect(await coinBalance(t, inviter.id, BTC)).toEqual({ available: '0.0001', frozen: '0' });
    expect(await t.database.db.select().from(referralFeeOutbox)).toEqual([]);
    const rows = await t.database.db.select().from(referralRebates).where(eq(referralRebates.inviterId, inviter.id));
    expect(rows.map((r) => [r.sourceReason, new D(r.credited).toFixed()]).sort()).toEqual([
      ['contract_open', '0.0001'],
      ['contract_open', '0.01'],
    ]);
    expect(Math.min(...rows.map((r) => Number(r.sourcePostingId)))).toBeLessThan(reserved + 1000);
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'on PostgreSQL, rebates a fee whose transaction stays open while later fees commit and are rebated',
    async () => {
      const { inviter, btcTrader: slow, usdtTrader: busy } = await inviterOfTwoContractTraders('1000');
      const { fire: release, fired: gate } = signal();
      const { fire: entered, fired: inside } = signal();
      // A transaction writes its fee (taking its posting ids) and stays open…
      const pending = t.database.db.transaction(async (tx) => {
        await contractFee(slow.id, BTC, '0.0005', 9101, tx);
        entered();
        await gate;
      });
      await inside;
      // …while 60 later fees (300 postings) commit on other connections and are rebated.
      for (let i = 0; i < 60; i++) await contractFee(busy.id, USDT, '0.05', 9200 + i);
      expect((await t.app.rebates.runOnce()).rebates).toBe(60);
      release();
      await pending;
      const pass = await t.app.rebates.runOnce();
      expect(pass.rebates).toBe(1);
      expect(await coinBalance(t, inviter.id, BTC)).toEqual({ available: '0.0001', frozen: '0' });
      expect((await t.app.rebates.runOnce()).rebates).toBe(0);
      expect(await coinBalance(t, inviter.id, BTC)).toEqual({ available: '0.0001', frozen: '0' });
    },
    60_000,
  );

  it('lets operators set the default ratio, and refuses bad input', async () => {
    const admin = await adminToken(t);
    const user = await register();
    expect((await t.post('admin/referral/settings', { default_ratio: '0.25' }, { token: admin })).message).toEqual({
      default_ratio: '0.25',
    });
    expect((await t.get('user/invite', { token: user.token })).message.rebate_ratio).toBe('0.25');
    for (const bad of ['1.5', '-0.1', 'abc', '0.1234567']) {
      expect((await t.post('admin/referral/settings', { default_ratio: bad }, { token: admin })).error, bad).toBe(
        'field_invalid',
      );
    }
    expect((await t.post('admin/referral/settings', {}, { token: admin })).error).toBe('field_required');
    expect((await t.post(`admin/referral/users/${user.id}`, { status: 'vip' }, { token: admin })).error).toBe('field_invalid');
    expect((await t.post('admin/referral/users/99999999', { status: 'partner' }, { token: admin })).error).toBe('not_found');
    expect((await t.get('admin/referral/users/abc', { token: admin })).error).toBe('not_found');
    expect((await t.post('admin/referral/settings', { default_ratio: '0.3' }, { token: user.token })).type).toBe('999');
    expect((await t.get('admin/referral/settings', { token: admin })).message.default_ratio).toBe('0.25');
    await t.post('admin/referral/settings', { default_ratio: '0.2' }, { token: admin });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'referral.settings.set'));
    expect(audits.at(-1)).toMatchObject({ before: { default_ratio: '0.25' }, after: { default_ratio: '0.2' } });
  });
});

describe('ranking and my promotion', () => {
  it('ranks by people invited (TOP10), then rebates, then who came first', async () => {
    const top = await register(undefined, 'tp');
    const second = await register(undefined, 'sc');
    for (let i = 0; i < 3; i++) await register(top.code);
    for (let i = 0; i < 2; i++) await register(second.code);
    const reply = await t.post('user/invite_list', {}, { token: top.token });
    if (!reply.message.list) throw new Error(JSON.stringify(reply));
    const list = reply.message.list as {
      rank: number;
      invited: number;
      account: string;
    }[];
    expect(list.length).toBeLessThanOrEqual(10);
    expect(list.map((r) => r.rank)).toEqual(list.map((_, i) => i + 1));
    for (let i = 1; i < list.length; i++) expect(list[i - 1]!.invited).toBeGreaterThanOrEqual(list[i]!.invited);
    const topRow = list.find((r) => r.account === maskAccount(top.email, null));
    const secondRow = list.find((r) => r.account === maskAccount(second.email, null));
    expect(topRow?.invited).toBe(3);
    expect(secondRow?.invited).toBe(2);
    expect(topRow!.rank).toBeLessThan(secondRow!.rank);
    // The e-mail is never shown whole.
    expect(JSON.stringify(list)).not.toContain(top.email);
    expect((await t.get('user/invite', { token: top.token })).message.rank).toBe(topRow!.rank);
  });

  it('lists who joined with my code, newest first, and only mine', async () => {
    const a = await register();
    const b = await register();
    const first = await register(a.code);
    const latest = await register(a.code);
    await register(b.code);
    const mine = (await t.post('user/my_invite_list', { limit: '10' }, { token: a.token })).message;
    expect(mine).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(mine.list.map((r: { id: number }) => r.id)).toEqual([latest.id, first.id]);
    expect(mine.list[0]).toMatchObject({
      account: maskAccount(latest.email, null),
      total_return: '0',
      created_at: expect.any(String),
    });
    expect((await t.get('user/my_invite_list?page=0', { token: a.token })).error).toBe('validation_failed');
    const bare = await t.app.inject({ method: 'POST', url: '/api/user/my_invite_list', headers: { authorization: a.token } });
    expect(bare.json().message).toMatchObject({ total: 2, page: 1 });
    expect((await t.get('user/my_invite_list?limit=1000', { token: a.token })).error).toBe('validation_failed');
  });
});
