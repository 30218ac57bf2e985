import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../src/prng.mjs';
import {
  adjustBalance,
  adminSignIn,
  apiCall,
  apiOk,
  latestCode,
  ledgerVerify,
  type Reply,
  registerUser,
  type ServerProcess,
  startServer,
  stopServer,
  type User,
} from '../src/server-process.js';

/**
 * The crash test, at the process level: the built server on 127.0.0.1 under a bounded
 * concurrent mixed load — spot limit and market orders and cancels, transfers between a user's accounts,
 * withdrawal requests, option purchases — is killed with SIGKILL while requests are in flight, and a new
 * process is started on the same DATA_DIR. Then:
 * - every acknowledged request (a reply of type ok) is there, in the state it was acknowledged in or a
 *   later legitimate one (an order filled or cancelled since, an option settled); nothing is there that
 *   was neither acknowledged nor cut by the kill (a refused request stored nothing);
 * - `ledger:verify` passes on a copy of the data directory taken at the crash (nothing half-written, before
 *   the new process touched it) and on the directory after the restarted server stopped;
 * - the order book (market/depth) equals the aggregation of the waiting orders the API lists, and trading
 *   continues: a new user's order matches; options due during the downtime are settled.
 * Nothing waits for a fixed time: the kill comes after a number of acknowledgements, waits poll.
 * The market maker is off so that only these users change the book; TRUST_PROXY=1 with an address per
 * user (X-Forwarded-For) keeps each user within the per-address limits, as separate clients would be.
 */

const ENV = { MARKET_MAKER: '0', TRUST_PROXY: '1', WITHDRAW_DAILY_LIMIT: '1000' };
const PAIR = { legal_id: 3, currency_id: 1 };
const SYMBOL = 'BTC/USDT';
const PASSWORD = 'crash-pass-1';
const FUND_PASSWORD = '135790';
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const OPTION_SECONDS = 3;

/** Limit prices of the load: nine ticks of 10 USDT; the anchor's orders sit one step outside on each side. */
const GRID = Array.from({ length: 9 }, (_, i) => String(59_960 + 10 * i));
const ANCHOR_BID = '59950';
const ANCHOR_ASK = '60050';
/** So every level of the book is in market/depth's 10: at most 9 grid prices and the anchor's per side. */
const DEPTH_LEVELS = 10;

const TRADERS = 4;
const WORKERS_PER_TRADER = 2;
const MAX_REQUESTS = 400;
/** The kill comes once this many requests were acknowledged: in the middle of the load. */
const KILL_AFTER_ACKS = 150;

const dataDir = mkdtempSync(join(tmpdir(), 'crash-e2e-'));
const crashCopy = mkdtempSync(join(tmpdir(), 'crash-e2e-copy-'));
let server: ServerProcess | undefined;
let admin = '';

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(crashCopy, { recursive: true, force: true });
});

const base = () => server!.baseUrl;
const ok = (method: string, path: string, body?: Record<string, unknown>, user?: User) =>
  apiOk(base(), method, path, body, { token: user?.token ?? admin, ip: user?.ip });

// Decimal text ↔ integer units (never floats): amounts are compared and summed exactly.
function toUnits(text: string, scale: number): bigint {
  const [whole = '0', frac = ''] = text.split('.');
  if (/[1-9]/.test(frac.slice(scale))) throw new Error(`${text} has more than ${scale} decimals`);
  return BigInt(whole + frac.slice(0, scale).padEnd(scale, '0'));
}
function fromUnits(units: bigint, scale: number): string {
  const digits = units.toString().padStart(scale + 1, '0');
  return scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
}
const decimalsOf = (step: string) => (step.split('.')[1] ?? '').replace(/0+$/, '').length;
const sameAmount = (a: string, b: string) => toUnits(a, 18) === toUnits(b, 18);

/** A seeded pick of a whole number below n: the same choices of prices and amounts every run. */
function random(seed: number) {
  const next = prng(seed);
  // next() is a 32-bit integer over 2^32: scaling back gives that integer exactly.
  return (n: number) => Math.floor(next() * 4294967296) % n;
}

type Kind = 'order' | 'cancel' | 'transfer' | 'withdrawal' | 'option';
type Request = { kind: Kind; method: string; path: string; body: Record<string, unknown>; orderId?: number };
type Trader = User & { addressId: number; waiting: number[] };
type Outcome = { user: Trader; request: Request; reply?: Reply };

/** One worker's turn: what to send next (a cycle over the kinds, parameters from the seeded generator). */
const CYCLE: (Kind | 'market')[] = [
  'order',
  'order',
  'market',
  'transfer',
  'cancel',
  'option',
  'order',
  'order',
  'cancel',
  'transfer',
  'option',
  'market',
  'order',
  'order',
  'cancel',
  'option',
  'transfer',
  'order',
  'order',
  'withdrawal',
];

function nextRequest(user: Trader, step: Kind | 'market', pick: (n: number) => number): Request {
  const side = 1 + pick(2);
  if (step === 'cancel' && user.waiting.length) {
    const [orderId] = user.waiting.splice(pick(user.waiting.length), 1);
    return { kind: 'cancel', method: 'PUT', path: 'coin/trade', body: { id: orderId }, orderId };
  }
  if (step === 'market') {
    // A market buy spends a quote total (fee included), a market sell a base amount.
    const body = side === 1 ? { total: String(50 + pick(100)) } : { amount: `0.00${String(10 + pick(30)).padStart(2, '0')}` };
    return { kind: 'order', method: 'POST', path: 'coin/trade', body: { ...PAIR, type: side, order_type: 'market', ...body } };
  }
  if (step === 'transfer') {
    const moves = [
      { currency_id: 3, from_field: 'coin', to_field: 'option', number: String(20 + pick(20)) },
      { currency_id: 3, from_field: 'option', to_field: 'coin', number: String(1 + pick(9)) },
      { currency_id: 1, from_field: 'coin', to_field: 'contract', number: `0.00${1 + pick(9)}` },
      { currency_id: 1, from_field: 'contract', to_field: 'coin', number: '0.0005' },
    ];
    return { kind: 'transfer', method: 'POST', path: 'wallet/change', body: moves[pick(moves.length)]! };
  }
  if (step === 'withdrawal') {
    const body = { currency: 3, number: String(11 + pick(10)), address_id: user.addressId, pay_password: FUND_PASSWORD };
    return { kind: 'withdrawal', method: 'POST', path: 'wallet/out', body };
  }
  if (step === 'option') {
    const body = { match_id: 1, currency_id: 3, type: side, seconds: OPTION_SECONDS, number: String(10 + pick(11)) };
    return { kind: 'option', method: 'POST', path: 'microtrade/submit', body };
  }
  // A limit order on the grid (a cancel with nothing to cancel places one too): it rests or crosses.
  const amount = `0.${String(10 + pick(490)).padStart(4, '0')}`;
  const body = { ...PAIR, type: side, order_type: 'limit', target_price: GRID[pick(GRID.length)], amount };
  return { kind: 'order', method: 'POST', path: 'coin/trade', body };
}

/** Every page of a paged list route (`{list, total}`). */
// biome-ignore lint/suspicious/noExplicitAny: rows are checked field by field
async function allPages(path: string, user: User): Promise<any[]> {
  const rows = [];
  for (let page = 1; ; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const reply = await ok('GET', `${path}${sep}page=${page}&limit=100`, undefined, user);
    rows.push(...reply.list);
    if (rows.length >= reply.total || reply.list.length === 0) return rows;
  }
}

const traders: Trader[] = [];
let anchor: User;
let lotDecimals = 0;
const outcomes: Outcome[] = [];
let inFlightAtKill = 0;

describe('a server killed under mixed load loses no acknowledged request', () => {
  beforeAll(async () => {
    server = await startServer(dataDir, ENV);
    admin = await adminSignIn(base());
    const pair = await ok('GET', `currency/deal?legal_id=${PAIR.legal_id}&currency_id=${PAIR.currency_id}`);
    lotDecimals = decimalsOf(pair.lot_size);
    // A short delivery time, so options settle during the load and after the restart.
    await ok('POST', 'admin/options/seconds', {
      seconds: String(OPTION_SECONDS),
      profit_ratio: '80',
      loss_ratio: '100',
      min_num: '1',
      max_num: '1000',
    });

    const verified = async (name: string, ip: string) => {
      const user = await registerUser(base(), admin, name, PASSWORD, ip);
      await ok('POST', 'user/real_name', { country: 'DE', name: 'Crash Tester', card_id: `CRASH${user.id}X` }, user);
      const pending = await ok('GET', 'admin/identity?status=pending&limit=100');
      const check = pending.list.find((row: { user: { id: number } }) => row.user.id === user.id);
      await ok('POST', `admin/identity/${check.id}/approve`, {});
      return user;
    };
    const fund = async (user: User, account: string, currency_id: number, amount: string) =>
      adjustBalance(base(), admin, user.id, { currency_id, account, amount, reason: 'crash test funding' });

    const trader = async (i: number): Promise<Trader> => {
      const user = await verified(`crash.trader${i}`, `10.8.0.${i + 1}`);
      await fund(user, 'coin', 3, '200000');
      await fund(user, 'coin', 1, '3');
      await fund(user, 'option', 3, '2000');
      await ok('POST', 'sms_mail', { user_string: user.email, scene: 'pay_password' }, user);
      const payCode = await latestCode(base(), admin, user.email);
      await ok('POST', 'user/e_pwd', { password: FUND_PASSWORD, re_password: FUND_PASSWORD, code: payCode }, user);
      await ok('POST', 'sms_mail', { user_string: user.email, scene: 'address' }, user);
      const address = await ok(
        'POST',
        'wallet/addaddress',
        {
          currency: '3',
          type: 'TRC20',
          address: TRC20_ADDRESS,
          pay_password: FUND_PASSWORD,
          code: await latestCode(base(), admin, user.email),
        },
        user,
      );
      return { ...user, addressId: address.id as number, waiting: [] };
    };
    // Each user is set up from their own address, all at once.
    const [anchorUser, traderUsers] = await Promise.all([
      verified('crash.anchor', '10.8.0.100').then(async (user) => {
        await fund(user, 'coin', 3, '100000');
        await fund(user, 'coin', 1, '2');
        return user;
      }),
      Promise.all(Array.from({ length: TRADERS }, (_, i) => trader(i))),
    ]);
    anchor = anchorUser;
    traders.push(...traderUsers);
    // Liquidity outside the grid that the load cannot exhaust, so a trade after the restart finds some.
    await ok('POST', 'coin/trade', { ...PAIR, type: 2, target_price: ANCHOR_ASK, amount: '1' }, anchor);
    await ok('POST', 'coin/trade', { ...PAIR, type: 1, target_price: ANCHOR_BID, amount: '1' }, anchor);

    // Options need a fresh index price: wait for the simulated feed.
    const deadline = Date.now() + 60_000;
    while (!(await ok('GET', `currency/deal?legal_id=3&currency_id=1`)).now_price) {
      if (Date.now() > deadline) throw new Error('the simulated feed gave no price within 60 s');
      await new Promise((r) => setTimeout(r, 500));
    }
  }, 180_000); // a first start on a fresh directory is slow on a busy machine (migrations, seed, history)

  it('is killed with SIGKILL in the middle of the load, requests in flight', async () => {
    const victim = server!;
    let sent = 0;
    let acked = 0;
    let inFlight = 0;
    let killed = false;
    const faults: string[] = [];
    const worker = async (user: Trader, index: number) => {
      const pick = random(1000 + index);
      for (let n = index * 3; !killed && sent < MAX_REQUESTS; n++) {
        const request = nextRequest(user, CYCLE[n % CYCLE.length]!, pick);
        const outcome: Outcome = { user, request };
        outcomes.push(outcome);
        sent++;
        inFlight++;
        try {
          outcome.reply = await apiCall(victim.baseUrl, request.method, request.path, request.body, {
            token: user.token,
            ip: user.ip,
          });
        } catch (error) {
          // Cut by the kill: this request's fate is unknown. Before the kill, a failed call is a fault.
          if (!killed) faults.push(`${request.path}: ${String(error)}`);
          return;
        } finally {
          inFlight--;
        }
        if (outcome.reply.type !== 'ok') continue;
        if (request.kind === 'order' && outcome.reply.message.status === 'waiting') user.waiting.push(outcome.reply.message.id);
        if (++acked >= KILL_AFTER_ACKS && !killed) {
          killed = true;
          inFlightAtKill = inFlight;
          victim.child.kill('SIGKILL');
        }
      }
    };
    const exited = new Promise((done) => victim.child.once('exit', done));
    const loadStart = Date.now();
    await Promise.all(traders.flatMap((t, i) => Array.from({ length: WORKERS_PER_TRADER }, (_, w) => worker(t, i * 10 + w))));
    expect(killed, `only ${acked} of ${sent} requests were acknowledged`).toBe(true);
    await exited;
    expect(victim.child.signalCode).toBe('SIGKILL');
    expect(inFlightAtKill).toBeGreaterThan(0);
    expect(faults).toEqual([]);

    // The load was mixed: every kind was acknowledged; nothing failed on the server's side.
    const ackedKinds = new Set(outcomes.filter((o) => o.reply?.type === 'ok').map((o) => o.request.kind));
    expect([...ackedKinds].sort()).toEqual(['cancel', 'option', 'order', 'transfer', 'withdrawal']);
    const failures = outcomes.filter((o) => o.reply && (o.reply.status >= 500 || o.reply.error === 'internal_error'));
    expect(failures.map((o) => o.reply)).toEqual([]);
    const cut = outcomes.filter((o) => !o.reply).length;
    const tally = (list: Outcome[], key: (o: Outcome) => string) => {
      const counts = new Map<string, number>();
      for (const o of list) counts.set(key(o), (counts.get(key(o)) ?? 0) + 1);
      return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
    };
    const refused = outcomes.filter((o) => o.reply && o.reply.type !== 'ok');
    console.log(
      `crash test: ${sent} sent in ${Date.now() - loadStart} ms, ${acked} acknowledged ` +
        `(${tally(
          outcomes.filter((o) => o.reply?.type === 'ok'),
          (o) => o.request.kind,
        )}), ` +
        `${refused.length} refused (${tally(refused, (o) => `${o.request.kind}:${o.reply!.error}`)}), ` +
        `${cut} cut by the kill, ${inFlightAtKill} in flight at the kill`,
    );

    // The data as the kill left it, for ledger:verify before the new process touches it.
    cpSync(dataDir, crashCopy, { recursive: true });
    server = await startServer(dataDir, ENV);
  });

  it('has every acknowledged request after the restart, and nothing else', async () => {
    for (const user of traders) {
      const mine = outcomes.filter((o) => o.user === user);
      const acks = (kind: Kind) => mine.filter((o) => o.request.kind === kind && o.reply?.type === 'ok');
      const cutOf = (kind: Kind) => mine.filter((o) => o.request.kind === kind && !o.reply);

      // Orders: a final state as acknowledged; a waiting one the same order, at least as filled.
      const orders = new Map((await allPages('coin/list', user)).map((o) => [o.id as number, o]));
      for (const { reply } of [...acks('order'), ...acks('cancel')]) {
        const acked = reply!.message;
        const now = orders.get(acked.id);
        expect(now, `order ${acked.id}`).toBeDefined();
        if (acked.status !== 'waiting') {
          expect(now).toEqual(acked);
          continue;
        }
        for (const field of ['id', 'side', 'order_type', 'price', 'amount', 'created_at'])
          expect(now[field], `order ${acked.id} ${field}`).toEqual(acked[field]);
        expect(['waiting', 'completed', 'partially_filled', 'cancelled']).toContain(now.status);
        expect(toUnits(now.filled, lotDecimals) >= toUnits(acked.filled, lotDecimals), `order ${acked.id} filled`).toBe(true);
      }
      // Cancelled by the user only when a cancel was acknowledged or cut (a refused one changed nothing).
      const cancelSent = new Set(
        mine.filter((o) => o.request.kind === 'cancel' && (!o.reply || o.reply.type === 'ok')).map((o) => o.request.orderId),
      );
      for (const order of orders.values()) {
        if (order.cancel_reason === 'user') expect(cancelSent.has(order.id), `order ${order.id} cancelled`).toBe(true);
      }
      const placed = acks('order').length;
      expect(orders.size).toBeGreaterThanOrEqual(placed);
      expect(orders.size - placed).toBeLessThanOrEqual(cutOf('order').length);

      // Transfers and withdrawals: there, as sent.
      const transfers = new Map((await allPages('wallet/hzhistory', user)).map((t) => [t.id as number, t]));
      for (const { request, reply } of acks('transfer')) {
        const row = transfers.get(reply!.message.id);
        expect(row, `transfer ${reply!.message.id}`).toBeDefined();
        expect(row).toMatchObject({
          currency_id: request.body.currency_id,
          from_field: request.body.from_field,
          to_field: request.body.to_field,
        });
        expect(sameAmount(row.amount, String(request.body.number))).toBe(true);
      }
      expect(transfers.size - acks('transfer').length).toBeGreaterThanOrEqual(0);
      expect(transfers.size - acks('transfer').length).toBeLessThanOrEqual(cutOf('transfer').length);

      const withdrawals = new Map((await allPages('charge_mention/log3', user)).map((w) => [w.id as number, w]));
      for (const { request, reply } of acks('withdrawal')) {
        const row = withdrawals.get(reply!.message.id);
        expect(row, `withdrawal ${reply!.message.id}`).toBeDefined();
        expect(row).toMatchObject({ currency_id: 3, status: 'pending' });
        expect(sameAmount(row.amount, String(request.body.number))).toBe(true);
      }
      expect(withdrawals.size - acks('withdrawal').length).toBeGreaterThanOrEqual(0);
      expect(withdrawals.size - acks('withdrawal').length).toBeLessThanOrEqual(cutOf('withdrawal').length);

      // Options: the bought terms; open, or decided since (settled on a recorded sample, or void with the
      // stake returned when a second they need was not recorded — the server was down).
      const options = new Map(
        [
          ...(await allPages('microtrade/lists?status=open', user)),
          ...(await allPages('microtrade/lists?status=delivered', user)),
        ].map((o) => [o.id as number, o]),
      );
      for (const { reply } of acks('option')) {
        const acked = reply!.message;
        const now = options.get(acked.id);
        expect(now, `option ${acked.id}`).toBeDefined();
        for (const field of ['match_id', 'type', 'seconds', 'number', 'open_second', 'delivery_second'])
          expect(now[field], `option ${acked.id} ${field}`).toEqual(acked[field]);
        // The open price is the record's sample of the open second, set once that second is final.
        if (acked.open_price !== null) expect(now.open_price).toEqual(acked.open_price);
        expect(['open', 'settled', 'void']).toContain(now.status);
      }
      expect(options.size - acks('option').length).toBeGreaterThanOrEqual(0);
      expect(options.size - acks('option').length).toBeLessThanOrEqual(cutOf('option').length);
    }
  });

  it('decides the options that were due while it was down: on their own seconds, or void and refunded', async () => {
    for (const user of traders) {
      await expect
        .poll(async () => (await ok('GET', 'microtrade/lists?status=open&limit=100', undefined, user)).total, {
          timeout: 60_000,
          interval: 500,
        })
        .toBe(0);
      for (const option of await allPages('microtrade/lists?status=delivered', user)) {
        if (option.status === 'void') {
          // No later second ever stands in for a missing one: the whole stake comes back.
          expect(['no_sample_open', 'no_sample_delivery']).toContain(option.void_reason);
          expect(sameAmount(option.payout, option.number)).toBe(true);
          continue;
        }
        expect(option.status).toBe('settled');
        expect(option.end_second).toBe(option.delivery_second);
      }
    }
  });

  /** market/depth against the waiting orders every user holds, summed per price. */
  async function expectBookFromOrders(users: User[]) {
    const levels = { buy: new Map<string, bigint>(), sell: new Map<string, bigint>() };
    for (const user of users) {
      for (const order of await allPages('coin/list?status=waiting', user)) {
        expect(order.symbol).toBe(SYMBOL);
        const side = levels[order.side as 'buy' | 'sell'];
        const left = toUnits(order.amount, lotDecimals) - toUnits(order.filled, lotDecimals);
        side.set(order.price, (side.get(order.price) ?? 0n) + left);
      }
    }
    const sorted = (side: Map<string, bigint>, descending: boolean) =>
      [...side.entries()]
        .sort(([a], [b]) => (toUnits(a, 8) < toUnits(b, 8) ? -1 : 1) * (descending ? -1 : 1))
        .map(([price, qty]) => [price, fromUnits(qty, lotDecimals)]);
    const expected = { bids: sorted(levels.buy, true), asks: sorted(levels.sell, false) };
    expect(expected.bids.length).toBeLessThanOrEqual(DEPTH_LEVELS);
    expect(expected.asks.length).toBeLessThanOrEqual(DEPTH_LEVELS);
    const depth = await ok('GET', `market/depth?symbol=${encodeURIComponent(SYMBOL)}`);
    expect({ bids: depth.bids, asks: depth.asks }).toEqual(expected);
    return expected;
  }

  it('rebuilds the book its waiting orders make, and trading continues on it', async () => {
    const book = await expectBookFromOrders([anchor, ...traders]);
    expect(book.asks.length).toBeGreaterThan(0);

    // A user registered after the restart buys at the best ask, from someone else's order.
    const taker = await registerUser(base(), admin, 'crash.taker', PASSWORD, '10.8.0.200');
    await adjustBalance(base(), admin, taker.id, { currency_id: 3, account: 'coin', amount: '1000', reason: 'crash test' });
    const [bestAsk, levelQty] = book.asks[0]!;
    const levelLots = toUnits(levelQty!, lotDecimals);
    const min = toUnits((await ok('GET', 'currency/deal?legal_id=3&currency_id=1')).min_amount, lotDecimals);
    const amount = levelLots < min ? min : levelLots < 10n * min ? levelLots : 10n * min;
    const buy = await ok(
      'POST',
      'coin/trade',
      { ...PAIR, type: 1, order_type: 'limit', target_price: bestAsk, amount: fromUnits(amount, lotDecimals) },
      taker,
    );
    const filled = amount < levelLots ? amount : levelLots;
    expect(toUnits(buy.filled, lotDecimals)).toBe(filled);
    expect(buy.avg_price).toBe(bestAsk);
    expect(buy.status).toBe(filled === amount ? 'completed' : 'waiting');
    const trades = await ok('GET', `market/trades?symbol=${encodeURIComponent(SYMBOL)}&limit=1`);
    expect(trades.list[0]).toMatchObject({ price: bestAsk, side: 'buy' });
    const after = await expectBookFromOrders([anchor, ...traders, taker]);
    expect(after).not.toEqual(book);

    expect(await ok('GET', 'admin/ledger/verify')).toMatchObject({ sound: true });
  });

  it('passes ledger:verify on the data as the kill left it, and after the restarted server stopped', async () => {
    await stopServer(server!, 'SIGTERM');
    const verified = await Promise.all([crashCopy, dataDir].map((dir) => ledgerVerify(dir, ENV)));
    for (const verify of verified) {
      expect(verify.output).toContain('ledger: sound');
      expect(verify.status).toBe(0);
    }
  });
});
