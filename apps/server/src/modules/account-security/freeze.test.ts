import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { feedIndex } from '../../../test/market.js';
import { BTC, balance, fund, PAY_PASSWORD, readyUser, USDT } from '../../../test/money.js';
import { BTC_USDT, cancelOrder, placeOrder } from '../../../test/spot.js';
import { adminToken, createTestApp } from '../../../test/test-app.js';
import { optionOrders, withdrawAddresses } from '../../db/schema.js';
import { REFUSED_WHILE_FROZEN } from './freeze-guard.js';

// A frozen account: its sessions end once; signed in again it may see, close, cancel and set stops on
// what it holds, while every declared risk-adding or money-out route answers account_frozen.
const t = appForFile({ open: () => createTestApp({}, undefined, () => clock), checkLedger: true });
let operator: string;
/** The app's clock, brought to the present by each index move so slow test steps never age the index. */
let clock = Date.now();

beforeAll(async () => {
  operator = await adminToken(t);
  await t.app.market.ensurePairs();
  await t.app.contracts.ready();
});
afterAll(async () => {
  await t.app.contracts.settled();
});

/** The BTC/USDT index moves to `price` as the feed would move it; what it triggers is settled. */
async function setIndex(price: string) {
  clock = Math.max(clock, Date.now());
  await feedIndex(t, 1, price, clock);
}

const lever = (path: string, token: string, body: Record<string, string> = {}, lang?: string) =>
  t.post(`lever/${path}`, body, { token, lang });
const open = (token: string, body: Record<string, string> = {}) =>
  lever('submit', token, { ...BTC_USDT, type: '1', status: '1', share: '1', multiple: '10', ...body });

describe('account freeze', () => {
  it('blocks new risk and withdrawals, never closing, cancelling, stops or seeing', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '1000');
    await fund(t, u.id, USDT, '1000', 'contract');
    const [address] = await t.database.db
      .insert(withdrawAddresses)
      .values({ userId: u.id, currencyId: USDT, chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })
      .returning({ id: withdrawAddresses.id });

    // Before the freeze: two positions, a pending limit entry, a resting spot order.
    await setIndex('60000.00');
    const first = (await open(u.token)).message;
    const second = (await open(u.token)).message;
    const entrusted = (await open(u.token, { status: '0', target_price: '59000' })).message;
    const spot = await placeOrder(t, u.token, { type: '1', order_type: 'limit', target_price: '50000', amount: '0.001' });
    expect([first.status_name, second.status_name, entrusted.status_name, spot.type]).toEqual([
      'holding',
      'holding',
      'entrusted',
      'ok',
    ]);

    const frozen = await t.post(`admin/users/${u.id}/freeze`, { reason: 'Under review' }, { token: operator });
    expect(frozen.message).toMatchObject({ frozen: true, frozen_reason: 'Under review' });
    // The freeze ends the sessions once; the user signs in again, into the restricted state.
    expect((await t.get('user/center', { token: u.token })).type).toBe('999');
    const login = await t.post('user/login', { user_string: u.email, password: u.password });
    expect(login.type).toBe('ok');
    expect(login.message.user.frozen_reason).toBe('Under review');
    const token = login.message.token as string;
    expect((await t.get('user/center', { token })).message.frozen_reason).toBe('Under review');
    await setIndex('60200.00');

    // Everything that adds risk or moves money out: account_frozen with the reason, before the body is
    // even read, and nothing changes.
    const coinBefore = await balance(t, u.id, USDT);
    const contractBefore = await balance(t, u.id, USDT, 'contract');
    const refused = {
      'contract open': await open(token),
      'contract limit entry': await open(token, { status: '0', target_price: '59000' }),
      'contract open, bad body': await lever('submit', token, { share: 'x' }),
      'spot order': await placeOrder(t, token, { type: '1', order_type: 'limit', target_price: '50000', amount: '0.001' }),
      'option buy': await t.post(
        'microtrade/submit',
        { match_id: '1', currency_id: String(USDT), type: '1', seconds: '30', number: '100' },
        { token },
      ),
      'wealth purchase': await t.post('lh/deposit', { config_id: '1', amount: '100', agree: '1' }, { token }),
      subscription: await t.post('lh/send/order', { config_id: '1', amount: '20' }, { token }),
      withdrawal: await t.post(
        'wallet/out',
        { currency: String(USDT), number: '10', address_id: String(address!.id), pay_password: PAY_PASSWORD },
        { token },
      ),
    };
    for (const [what, reply] of Object.entries(refused)) {
      expect([what, reply.status, reply.error, reply.message]).toEqual([
        what,
        403,
        'account_frozen',
        'This account is frozen: Under review',
      ]);
    }
    const zh = await t.post('wallet/out', { currency: String(USDT), number: '10' }, { token, lang: 'zh' });
    expect(zh.message).toBe('该账号已被冻结：Under review');
    expect(await balance(t, u.id, USDT)).toEqual(coinBefore);
    expect(await balance(t, u.id, USDT, 'contract')).toEqual(contractBefore);
    expect(await t.database.db.select().from(optionOrders).where(eq(optionOrders.userId, u.id))).toEqual([]);

    // What the user holds: seen, protected, closed, cancelled.
    expect((await lever('my_trade', token, { status: '1' })).message.total).toBe(2);
    expect((await lever('deal', token, BTC_USDT)).message.positions).toHaveLength(3);
    expect((await t.get('microtrade/lists', { token })).type).toBe('ok');
    const stop = await lever('setstop', token, { id: String(second.id), stop_loss_price: '59000' });
    expect(stop.message).toMatchObject({ stop_loss_price: '59000.00' });
    const closed = await lever('close', token, { id: String(first.id) });
    expect(closed.message).toMatchObject({ status_name: 'closed', close_price: '60200.00', profits: '2' });
    expect((await lever('cancel', token, { id: String(entrusted.id) })).message.status_name).toBe('cancelled');
    expect((await cancelOrder(t, token, spot.message.id)).type).toBe('ok');
    expect(await balance(t, u.id, BTC)).toEqual({ available: '0', frozen: '0' });
    expect((await balance(t, u.id, USDT)).frozen).toBe('0');
    // The stop set while frozen still fires.
    await setIndex('58900.00');
    const [stopped] = (await lever('my_trade', token, { status: '3' })).message.list;
    expect(stopped).toMatchObject({ id: second.id, close_reason: 'stop_loss', close_price: '58900.00' });
    // Moving money between the user's own accounts neither adds risk nor leaves the platform.
    const moved = await t.post(
      'wallet/change',
      { currency_id: String(USDT), number: '100', from_field: 'contract', to_field: 'coin' },
      { token },
    );
    expect(moved.type).toBe('ok');

    // The sign-in is in the history as made while frozen.
    const history = await t.get('user/security/logins', { token });
    expect(history.message.list[0].result).toBe('frozen');

    // Lifted: the same session opens again at once.
    await t.post(`admin/users/${u.id}/unfreeze`, {}, { token: operator });
    expect((await t.get('user/center', { token })).message.frozen_reason).toBeNull();
    expect((await open(token)).message.status_name).toBe('holding');
    await lever('close_all', token);
  });

  it('declares only routes that exist, each behind a user guard', async () => {
    for (const { method, url } of REFUSED_WHILE_FROZEN) {
      expect([method, url, t.app.hasRoute({ method, url })]).toEqual([method, url, true]);
      // Without a token the user guard answers first (999), whatever the body.
      const reply = await t.app.inject({ method, url, payload: {} });
      expect([url, reply.json().type]).toEqual([url, '999']);
    }
  });
});
