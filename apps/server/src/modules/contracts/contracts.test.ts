import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { feedIndex } from '../../../test/market.js';
import { balance, fund, USDT } from '../../../test/money.js';
import { adminToken, createTestApp, registerEmailUser } from '../../../test/test-app.js';
import { ledgerAccounts } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';
import { str } from '../../lib/money.js';

const t = appForFile({ open: () => createTestApp({}, undefined, () => clock), checkLedger: true });
let operator: string;
const BTC_USDT = { legal_id: '3', currency_id: '1' };
const ETH_USDT = { legal_id: '3', currency_id: '2' };
const pushes: { userId: number; event: string; payload: unknown }[] = [];
/**
 * The app's clock: it stands still between index moves (each `setIndex` brings it to the present), so a
 * slow step of a test never ages the index past what contracts accept; `clock += ms` ages it on purpose.
 */
let clock = Date.now();

beforeAll(async () => {
  operator = await adminToken(t);
  await t.app.market.ensurePairs();
  await t.app.contracts.ready();
  // Record what would go to users' socket rooms.
  const realtime = t.app.realtime;
  const original = realtime.toUser;
  realtime.toUser = (userId, event, payload) => {
    pushes.push({ userId, event, payload });
    original(userId, event, payload);
  };
});
afterAll(async () => {
  await t.app.contracts.settled();
});

/**
 * Moves a pair's index as the feed would (the market's own sink: a trade at the source is the index),
 * waits for the tick the market emits and for what it triggered to be settled. `ageMs`: the sample is
 * that much older than the clock (a feed delivering late).
 */
async function setIndex(pairId: number, price: string, ageMs = 0) {
  clock = Math.max(clock, Date.now());
  await feedIndex(t, pairId, price, clock - ageMs);
}

async function contractTrader(amount = '10000') {
  const reg = await registerEmailUser(t);
  const id = reg.user.id as number;
  await fund(t, id, USDT, amount, 'contract');
  return { ...reg, id };
}

const submit = (token: string, body: Record<string, string>, lang?: string) =>
  t.post('lever/submit', { ...BTC_USDT, type: '1', status: '1', share: '1', multiple: '10', ...body }, { token, lang });

/** The list's tabs as the app asks for them by status number. */
const TABS = { entrusted: '0', holding: '1', closed: '3', cancelled: '4' } as const;
/** A user's positions on one tab of the list (every tab without one): the reply's list, total and sums. */
const positions = async (token: string, tab?: keyof typeof TABS) =>
  (await t.post('lever/my_trade', tab ? { status: TABS[tab] } : {}, { token })).message;

async function feesAndHouse() {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.currencyId, USDT));
  const of = (code: string) => str(rows.find((r) => r.systemCode === code)?.available ?? '0');
  return { fees: of('fees'), house: of('house') };
}

describe('lever/deal', () => {
  it('shows the pair’s rules, price, contract balance and open positions', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('500');
    const deal = await t.post('lever/deal', BTC_USDT, { token: u.token });
    expect(deal.message).toMatchObject({
      pair: { id: 1, symbol: 'BTC/USDT', price_decimals: 2 },
      multiple: [5, 10, 20, 50, 100],
      lots: [1, 5, 10, 20, 50],
      lever_share_num: '0.01',
      open_fee_rate: '0.0005',
      close_fee_rate: '0.0005',
      maintenance_margin_rate: '0.005',
      last_price: '60000.00',
      balance: { currency_name: 'USDT', available: '500', frozen: '0' },
      positions: [],
    });
    expect(deal.message.pairs.map((p: { symbol: string }) => p.symbol)).toEqual(['BTC/USDT', 'ETH/USDT', 'TRX/USDT']);
    expect((await t.post('lever/deal', BTC_USDT)).type).toBe('999');
  });
});

describe('opening, marking and closing', () => {
  it('opens a long at the index: margin frozen and the fee taken from the contract account', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const before = await feesAndHouse();
    const opened = await submit(u.token, { share: '3', multiple: '10', target_profit_price: '61000', stop_loss_price: '59000' });
    expect(opened.type).toBe('ok');
    expect(opened.message).toMatchObject({
      side: 'long',
      type: 1,
      status: 1,
      status_name: 'holding',
      share: 3,
      multiple: 10,
      open_price: '60000.00',
      margin: '180',
      fee: '0.9',
      profits: '0',
      risk_rate: '100.00',
      maintenance_margin: '9',
      liquidation_price: '54300.00',
      target_profit_price: '61000.00',
      stop_loss_price: '59000.00',
    });
    expect(opened.message.open_price_time).toBeGreaterThan(0);
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '819.1', frozen: '180' });
    const after = await feesAndHouse();
    expect(str(Number(after.fees) - Number(before.fees))).toBe('0.9');
    expect(pushes.some((p) => p.userId === u.id && p.event === 'lever_trade')).toBe(true);

    // The index moves: PnL follows the mark, pushed to the user's room.
    await setIndex(1, '60500.00');
    const holding = await positions(u.token, 'holding');
    expect(holding.list[0]).toMatchObject({ current_price: '60500.00', profits: '15', risk_rate: '108.33' });
    expect(holding).toMatchObject({ total: 1, profits_total: '15', hazard_rate: '108.33' });
    const mark = pushes.findLast((p) => p.userId === u.id && p.event === 'lever_mark');
    expect(mark?.payload).toMatchObject({ pair_id: 1, price: '60500.00', positions: [{ id: opened.message.id, profits: '15' }] });

    // Close at the index with the closing fee: 180 + 15 − 60500 × 0.03 × 0.0005 (0.9075).
    const closed = await t.post('lever/close', { id: String(opened.message.id) }, { token: u.token });
    expect(closed.message).toMatchObject({
      status: 3,
      close_price: '60500.00',
      close_fee: '0.9075',
      profits: '15',
      close_reason: 'user',
    });
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '1013.1925', frozen: '0' });
    const end = await feesAndHouse();
    expect(str(Number(end.house) - Number(after.house))).toBe('-15');

    // Closing it again, or someone else closing it, is refused and changes nothing.
    const again = await t.post('lever/close', { id: String(opened.message.id) }, { token: u.token, lang: 'zh' });
    expect(again).toMatchObject({ error: 'position_not_open', message: '该持仓已平仓' });
    const other = await contractTrader();
    expect((await t.post('lever/close', { id: String(opened.message.id) }, { token: other.token })).error).toBe('not_found');
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '1013.1925', frozen: '0' });
  });

  it('a short gains when the price falls, and stop-profit closes it at the index', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const opened = await submit(u.token, { type: '2', share: '2', multiple: '20', target_profit_price: '59000' });
    expect(opened.message).toMatchObject({ side: 'short', margin: '60', fee: '0.6', liquidation_price: '62700.00' });
    await setIndex(1, '58990.00');
    const closed = await positions(u.token, 'closed');
    expect(closed.list[0]).toMatchObject({
      id: opened.message.id,
      close_reason: 'stop_profit',
      close_price: '58990.00',
      profits: '20.2',
      close_fee: '0.5899',
    });
    // 1000 − 60 − 0.6 + 60 + 20.2 − 0.5899
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '1019.0101', frozen: '0' });
  });

  it('liquidates at the mark when equity falls to the maintenance margin; the loss stops at the margin', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('100');
    const opened = await submit(u.token, { share: '1', multiple: '100' });
    // margin 6, maintenance 3: liquidation at 60000 − 3 / 0.01 = 59700.
    expect(opened.message).toMatchObject({ margin: '6', fee: '0.3', liquidation_price: '59700.00' });
    await setIndex(1, '59800.00');
    expect((await positions(u.token, 'holding')).total).toBe(1);
    // A gap far through the liquidation price.
    await setIndex(1, '50000.00');
    const list = await positions(u.token, 'closed');
    expect(list.list[0]).toMatchObject({
      close_reason: 'liquidation',
      close_price: '50000.00',
      profits: '-6',
      close_fee: '0',
    });
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '93.7', frozen: '0' });
  });

  it('a limit entry waits (entrusted), fills when the index reaches it, or is cancelled with its reservation back', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const limit = await submit(u.token, { status: '0', target_price: '59500', share: '1', multiple: '10' });
    expect(limit.message).toMatchObject({
      status: 0,
      status_name: 'entrusted',
      target_price: '59500.00',
      margin: '59.5',
      fee: '0.2975',
    });
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '940.2025', frozen: '59.7975' });
    await setIndex(1, '59400.00');
    const held = await positions(u.token, 'holding');
    expect(held.list[0]).toMatchObject({ id: limit.message.id, open_price: '59500.00', profits: '-1' });
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '940.2025', frozen: '59.5' });

    const second = await submit(u.token, { status: '0', type: '2', target_price: '61000', share: '1', multiple: '10' });
    const cancelled = await t.post('lever/cancel', { id: String(second.message.id) }, { token: u.token });
    expect(cancelled.message).toMatchObject({ status: 4, status_name: 'cancelled' });
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '940.2025', frozen: '59.5' });
    expect((await positions(u.token, 'cancelled')).total).toBe(1);
  });

  it('sets stops by the spec’s rules, and closes all, longs only or shorts only', async () => {
    await setIndex(2, '3000.00');
    const u = await contractTrader('10000');
    const long1 = await submit(u.token, { ...ETH_USDT, share: '1' });
    const long2 = await submit(u.token, { ...ETH_USDT, share: '2' });
    const short = await submit(u.token, { ...ETH_USDT, type: '2', share: '1' });
    const id = String(long1.message.id);
    expect((await t.post('lever/setstop', { id }, { token: u.token })).error).toBe('stop_price_required');
    expect((await t.post('lever/setstop', { id, stop_loss_price: '0' }, { token: u.token })).error).toBe('price_invalid');
    expect((await t.post('lever/setstop', { id, target_profit_price: '2990' }, { token: u.token })).error).toBe(
      'stop_profit_wrong_side',
    );
    expect((await t.post('lever/setstop', { id, stop_loss_price: '3001' }, { token: u.token })).error).toBe(
      'stop_loss_wrong_side',
    );
    expect(
      (await t.post('lever/setstop', { id: String(short.message.id), stop_loss_price: '2999' }, { token: u.token })).error,
    ).toBe('stop_loss_wrong_side');
    const set = await t.post('lever/setstop', { id, target_profit_price: '3100', stop_loss_price: '2900' }, { token: u.token });
    expect(set.message).toMatchObject({ target_profit_price: '3100.00', stop_loss_price: '2900.00' });
    const other = await contractTrader();
    expect((await t.post('lever/setstop', { id, stop_loss_price: '2900' }, { token: other.token })).error).toBe('not_found');

    const longs = await t.post('lever/close_all', { type: '1' }, { token: u.token });
    expect(longs.message.closed.map((p: { id: number }) => p.id).sort()).toEqual([long1.message.id, long2.message.id].sort());
    const rest = await positions(u.token, 'holding');
    expect(rest.list.map((p: { id: number }) => p.id)).toEqual([short.message.id]);
    expect((await t.post('lever/close_all', {}, { token: u.token })).message.closed).toHaveLength(1);
    expect(await balance(t, u.id, USDT, 'contract')).toMatchObject({ frozen: '0' });
  });
});

describe('a fresh index only (at most 2 s old)', () => {
  const holdingIds = async (token: string) => (await positions(token, 'holding')).list.map((p: { id: number }) => p.id);

  it('refuses a user’s entry, close and stops on an older index, and changes nothing', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const held = await submit(u.token, { share: '1', multiple: '10' });
    const entrusted = await submit(u.token, { status: '0', target_price: '59000', share: '1', multiple: '10' });
    const id = String(held.message.id);
    // Exactly 2 s old is still accepted.
    clock += 2000;
    expect((await t.post('lever/setstop', { id, stop_loss_price: '59500' }, { token: u.token })).type).toBe('ok');
    clock += 1;
    const before = await balance(t, u.id, USDT, 'contract');
    const stale = await submit(u.token, {}, 'zh');
    expect(stale).toMatchObject({ error: 'index_unavailable', message: '该交易对暂无当前价格，请稍后再试' });
    expect((await submit(u.token, { status: '0', target_price: '59000' })).error).toBe('index_unavailable');
    expect((await t.post('lever/close', { id }, { token: u.token })).error).toBe('index_unavailable');
    expect((await t.post('lever/close_all', {}, { token: u.token })).error).toBe('index_unavailable');
    expect((await t.post('lever/setstop', { id, stop_loss_price: '59400' }, { token: u.token })).error).toBe('index_unavailable');
    expect(await balance(t, u.id, USDT, 'contract')).toEqual(before);
    expect(await holdingIds(u.token)).toEqual([held.message.id]);
    // Cancelling a pending limit entry needs no price: it still works.
    const cancelled = await t.post('lever/cancel', { id: String(entrusted.message.id) }, { token: u.token });
    expect(cancelled.message).toMatchObject({ status_name: 'cancelled' });
    // A late sample (3 s old when it arrives) is no better.
    await setIndex(1, '60100.00', 3000);
    expect((await t.post('lever/close', { id }, { token: u.token })).error).toBe('index_unavailable');
    // A fresh one: the close goes through at it.
    await setIndex(1, '60100.00');
    expect((await t.post('lever/close', { id }, { token: u.token })).message).toMatchObject({ close_price: '60100.00' });
  });

  it('a stop, a limit fill and a liquidation wait for a fresh index, never executing on a stale one', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const stopped = await submit(u.token, { share: '1', multiple: '10', stop_loss_price: '59000' });
    const limit = await submit(u.token, { status: '0', target_price: '59500', share: '1', multiple: '10' });
    const risky = await submit(u.token, { share: '1', multiple: '100' }); // liquidation at 59700
    expect(risky.message.liquidation_price).toBe('59700.00');

    // A stale sample far through every trigger: nothing happens.
    await setIndex(1, '50000.00', 2500);
    expect((await holdingIds(u.token)).sort()).toEqual([stopped.message.id, risky.message.id].sort());
    expect((await positions(u.token, 'entrusted')).list[0]).toMatchObject({
      id: limit.message.id,
      status_name: 'entrusted',
    });

    // The fresh index is back above every trigger: still nothing — the stale price was never used.
    await setIndex(1, '59800.00');
    expect((await holdingIds(u.token)).sort()).toEqual([stopped.message.id, risky.message.id].sort());

    // A fresh price through them: each settles at that price.
    await setIndex(1, '58900.00');
    const closed = (await positions(u.token, 'closed')).list;
    const byId = new Map(closed.map((p: { id: number }) => [p.id, p]));
    expect(byId.get(stopped.message.id)).toMatchObject({ close_reason: 'stop_loss', close_price: '58900.00' });
    expect(byId.get(risky.message.id)).toMatchObject({ close_reason: 'liquidation', close_price: '58900.00' });
    const filled = (await positions(u.token, 'holding')).list;
    expect(filled.map((p: { id: number; open_price: string }) => [p.id, p.open_price])).toEqual([[limit.message.id, '59500.00']]);
    await t.post('lever/close_all', {}, { token: u.token });
  });

  it('a triggered settlement whose price goes stale while queued is not executed on it', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const opened = await submit(u.token, { share: '1', multiple: '10', stop_loss_price: '59000' });
    // The tick triggers the stop; the clock passes 2 s before the queued settlement runs.
    t.app.contracts.onTick(1, '58000.00', clock);
    clock += 2001;
    await t.app.contracts.settled();
    expect(await holdingIds(u.token)).toEqual([opened.message.id]);
    // It is judged again on the next fresh tick, at that tick's price.
    await setIndex(1, '58950.00');
    const [closed] = (await positions(u.token, 'closed')).list;
    expect(closed).toMatchObject({ id: opened.message.id, close_reason: 'stop_loss', close_price: '58950.00' });
  });
});

describe('bad input changes nothing', () => {
  it('refuses bad lots, multiples, prices and stops with clear errors', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const cases: [Record<string, string>, string, string][] = [
      [{ share: '0' }, 'lots_invalid', 'share'],
      [{ share: '1.5' }, 'lots_invalid', 'share'],
      [{ share: '-1' }, 'lots_invalid', 'share'],
      [{ share: '' }, 'lots_invalid', 'share'],
      [{ share: '1e2' }, 'lots_invalid', 'share'],
      [{ share: '10001' }, 'lots_too_many', 'share'],
      [{ multiple: '7' }, 'multiple_not_allowed', 'multiple'],
      [{ multiple: '10.5' }, 'multiple_not_allowed', 'multiple'],
      [{ target_profit_price: '59000' }, 'stop_profit_wrong_side', 'target_profit_price'],
      [{ stop_loss_price: '61000' }, 'stop_loss_wrong_side', 'stop_loss_price'],
      [{ type: '2', target_profit_price: '61000' }, 'stop_profit_wrong_side', 'target_profit_price'],
      [{ type: '2', stop_loss_price: '59000' }, 'stop_loss_wrong_side', 'stop_loss_price'],
      [{ stop_loss_price: '59000.001' }, 'price_invalid', 'stop_loss_price'],
      // A stop price of 0 is refused, not read as "no stop" (only an empty field is none).
      [{ stop_loss_price: '0' }, 'price_invalid', 'stop_loss_price'],
      [{ target_profit_price: '0.00' }, 'price_invalid', 'target_profit_price'],
      [{ status: '0' }, 'price_required', 'target_price'],
      [{ status: '0', target_price: '60001' }, 'limit_price_wrong_side', 'target_price'],
      [{ type: '3' }, 'field_invalid', 'type'],
      [{ currency_id: '99' }, 'pair_unknown', 'currency_id'],
    ];
    for (const [body, code, field] of cases) {
      const reply = await submit(u.token, body);
      expect([JSON.stringify(body), reply.error, Object.keys(reply.fields ?? {})]).toEqual([JSON.stringify(body), code, [field]]);
    }
    const kr = await submit(u.token, { share: '0' }, 'kr');
    expect(kr.message).toBe('수량(랏)은 1 이상의 정수여야 합니다');
    // Too little balance: refused whole.
    const poor = await contractTrader('1');
    expect((await submit(poor.token, { share: '1', multiple: '5' })).error).toBe('insufficient_balance');
    expect(await balance(t, poor.id, USDT, 'contract')).toEqual({ available: '1', frozen: '0' });
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '1000', frozen: '0' });
    expect((await positions(u.token)).total).toBe(0);
  });

  it('concurrent submissions never spend more than the balance', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('61'); // one position of margin 60 + fee 0.3 fits, two do not
    const replies = await Promise.all(Array.from({ length: 5 }, () => submit(u.token, { share: '1', multiple: '10' })));
    expect(replies.filter((r) => r.type === 'ok')).toHaveLength(1);
    expect(replies.filter((r) => r.error === 'insufficient_balance')).toHaveLength(4);
    expect(await balance(t, u.id, USDT, 'contract')).toEqual({ available: '0.7', frozen: '60' });
    const [position] = (await positions(u.token, 'holding')).list;
    // Two closes at once: exactly one settles.
    const closes = await Promise.all([1, 2].map(() => t.post('lever/close', { id: String(position.id) }, { token: u.token })));
    expect(closes.map((c) => c.type).sort()).toEqual(['error', 'ok']);
  });

  it('switched off, only opening is refused: holders still see, close, cancel and set stops', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const a = await submit(u.token, { share: '1', multiple: '10' });
    const b = await submit(u.token, { share: '1', multiple: '10' });
    const c = await submit(u.token, { type: '2', share: '1', multiple: '10' });
    const limit = await submit(u.token, { status: '0', target_price: '59000', share: '1', multiple: '10' });
    expect((await t.post('admin/products', { contracts: '0' }, { token: operator })).message.contracts).toBe(false);
    try {
      await setIndex(1, '60100.00');
      const before = await balance(t, u.id, USDT, 'contract');
      // Opening, at market or limit, whatever the body: product_disabled, nothing changed.
      expect(await submit(u.token, {}, 'zh')).toMatchObject({
        status: 403,
        error: 'product_disabled',
        message: '该服务暂不可用',
      });
      expect((await submit(u.token, { status: '0', target_price: '59000' })).error).toBe('product_disabled');
      expect((await submit(u.token, { share: 'x' })).error).toBe('product_disabled');
      expect((await t.post('lever/submit', {})).error).toBe('product_disabled');
      expect(await balance(t, u.id, USDT, 'contract')).toEqual(before);
      // What the user holds: seen, protected, cancelled and closed.
      expect((await t.post('lever/deal', BTC_USDT, { token: u.token })).message.positions).toHaveLength(4);
      expect((await positions(u.token, 'holding')).total).toBe(3);
      const stop = await t.post('lever/setstop', { id: String(a.message.id), stop_loss_price: '59000' }, { token: u.token });
      expect(stop.message).toMatchObject({ stop_loss_price: '59000.00' });
      expect((await t.post('lever/cancel', { id: String(limit.message.id) }, { token: u.token })).message.status_name).toBe(
        'cancelled',
      );
      expect((await t.post('lever/close', { id: String(a.message.id) }, { token: u.token })).message).toMatchObject({
        status_name: 'closed',
        close_price: '60100.00',
      });
      const rest = await t.post('lever/close_all', { type: '1' }, { token: u.token });
      expect(rest.message.closed.map((p: { id: number }) => p.id)).toEqual([b.message.id]);
      // Automatic settlement runs as before: the short's stop fires at the index.
      await t.post('lever/setstop', { id: String(c.message.id), stop_loss_price: '60200' }, { token: u.token });
      await setIndex(1, '60250.00');
      const [stopped] = (await positions(u.token, 'closed')).list;
      expect(stopped).toMatchObject({ id: c.message.id, close_reason: 'stop_loss', close_price: '60250.00' });
      expect(await balance(t, u.id, USDT, 'contract')).toMatchObject({ frozen: '0' });
    } finally {
      await t.post('admin/products', { contracts: '1' }, { token: operator });
    }
    expect((await submit(u.token, {})).type).toBe('ok');
    await t.post('lever/close_all', {}, { token: u.token });
  });

  it('a pair closed for contracts is refused', async () => {
    const u = await contractTrader('100');
    await t.database.db.execute('UPDATE pairs SET open_lever = false WHERE id = 3' as never);
    await t.app.market.loadPairs();
    expect((await t.post('lever/deal', { legal_id: '3', currency_id: '34' }, { token: u.token })).error).toBe('lever_closed');
    await t.database.db.execute('UPDATE pairs SET open_lever = true WHERE id = 3' as never);
    await t.app.market.loadPairs();
  });
});

describe('console', () => {
  it('edits a pair’s rules (audited; new positions only) and lists open positions read-only', async () => {
    await setIndex(1, '60000.00');
    const u = await contractTrader('1000');
    const before = await submit(u.token, { share: '1', multiple: '10' });
    const list = await t.get('admin/contracts/settings', { token: operator });
    expect(list.message.find((r: { pair_id: number }) => r.pair_id === 1).settings).toMatchObject({ contract_size: '0.01' });

    const bad = [
      [{ maintenance_margin_rate: '0.02' }, 'maintenance_margin_rate'], // 0.02 × 100 ≥ 1
      [{ multiples: '0,5' }, 'multiples'],
      [{ contract_size: '0' }, 'contract_size'],
      [{ open_fee_rate: '1' }, 'open_fee_rate'],
      [{ lot_presets: 'a' }, 'lot_presets'],
    ] as const;
    for (const [body, field] of bad) {
      const reply = await t.post('admin/contracts/settings', { pair_id: '1', ...body }, { token: operator });
      expect([field, reply.error, Object.keys(reply.fields ?? {})]).toEqual([field, 'field_invalid', [field]]);
    }
    const saved = await t.post(
      'admin/contracts/settings',
      { pair_id: '1', contract_size: '0.02', multiples: '5, 10, 25' },
      { token: operator },
    );
    expect(saved.message.settings).toMatchObject({ contract_size: '0.02', multiples: [5, 10, 25], open_fee_rate: '0.0005' });
    const audit = await t.get('admin/audit?action=contract_settings.set', { token: operator });
    expect(audit.message.list[0]).toMatchObject({
      target: 'pair:1',
      before: { contract_size: '0.01' },
      after: { contract_size: '0.02' },
    });
    // The open position keeps its terms; a new one takes the new rules.
    const mine = (await positions(u.token, 'holding')).list;
    expect(mine.find((p: { id: number }) => p.id === before.message.id)).toMatchObject({ lever_share_num: '0.01', margin: '60' });
    expect((await submit(u.token, { multiple: '20' })).error).toBe('multiple_not_allowed');
    expect((await submit(u.token, { multiple: '25' })).message).toMatchObject({ lever_share_num: '0.02', margin: '48' });
    await t.post(
      'admin/contracts/settings',
      { pair_id: '1', contract_size: '0.01', multiples: '5,10,20,50,100' },
      { token: operator },
    );

    const open = await t.get(`admin/contracts/positions?user_id=${u.id}`, { token: operator });
    expect(open.message.total).toBe(2);
    expect(open.message.list[0]).toMatchObject({ user_id: u.id, status_name: 'holding' });
    expect((await t.get('admin/contracts/positions', { token: u.token })).type).toBe('999');
  });
});

describe('property: no sequence of index prices makes a contract balance negative', () => {
  it('holds through the real service and ledger', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            type: fc.constantFrom('1', '2'),
            lots: fc.integer({ min: 1, max: 20 }),
            multiple: fc.constantFrom('20', '50', '100'),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        // BTC/USDT between 50000.00 and 70000.00: gaps far through every liquidation price.
        fc.array(fc.integer({ min: 5_000_000, max: 7_000_000 }), { minLength: 1, maxLength: 5 }),
        async (positions, path) => {
          await setIndex(1, '60000.00');
          const u = await contractTrader('100');
          for (const p of positions) {
            const reply = await submit(u.token, { type: p.type, share: String(p.lots), multiple: p.multiple });
            expect(reply.type === 'ok' || reply.error === 'insufficient_balance').toBe(true);
          }
          for (const cents of path) {
            await setIndex(1, (cents / 100).toFixed(2));
            const b = await balance(t, u.id, USDT, 'contract');
            expect(Number(b.available) >= 0 && Number(b.frozen) >= 0).toBe(true);
          }
          await t.post('lever/close_all', {}, { token: u.token });
          const end = await balance(t, u.id, USDT, 'contract');
          expect(Number(end.available)).toBeGreaterThanOrEqual(0);
          expect(end.frozen).toBe('0');
        },
      ),
      { numRuns: 6 },
    );
    expect(await verifyLedger(t.database.db)).toEqual([]);
  }, 120_000);
});

describe('restart', () => {
  it('rebuilds the open positions from the database', async () => {
    const rows = await t.database.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'contract'), eq(ledgerAccounts.currencyId, USDT)));
    expect(rows.length).toBeGreaterThan(0);
    const { ContractsService } = await import('./service.js');
    const fresh = new ContractsService({
      database: t.database,
      market: t.app.market,
      toUser: () => {},
      log: { error: () => {}, warn: () => {}, info: () => {} },
    });
    await fresh.ready();
    expect(fresh.book.size()).toBe(t.app.contracts.book.size());
    await fresh.close();
  });
});
