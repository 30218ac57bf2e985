import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { feedIndex } from '../../test/market.js';
import { fund, PAY_PASSWORD, readyUser, USDT, uploadId } from '../../test/money.js';
import { placeOrder, trader } from '../../test/spot.js';
import { adminToken, outboxCode } from '../../test/test-app.js';
import { queryRows } from '../db/client.js';
import { notifyUser } from '../modules/messages/service.js';
import { call, fillPath, type Method, type Operation, operations, type Reply } from './routes.js';

/**
 * hardening: the "another user's ids" column of the authorisation matrix. Every user route
 * of the OpenAPI document whose path, query or body names an id is found here; each such field is
 * either a reference to shared data (REFERENCE, with the reason) or an owned object with a case in
 * OWNED, whose fixture makes the object as user A. A new id-bearing route in neither fails the suite.
 *
 * An id-bearing field: `id`, `ids`, `*_id`, `*_ids`, a message cursor (`up_to`), or a field carrying
 * upload ids under another name (`imgs`, `images`, `*_pic`).
 */
const ID_FIELD = /^(id|ids|up_to|imgs|images)$|_(id|ids|pic)$/;

/** Id-bearing fields that name no user's object: the catalogue, public content, reference tables. */
const REFERENCE: Record<string, string> = {
  'POST /api/user/real_name card_id': "the number of the user's identity document, not an object id",
  'POST /api/user/register area_code_id': 'area codes (reference table)',
  'POST /api/user/login area_code_id': 'area codes (reference table)',
  'POST /api/wallet/change currency_id': 'coins (catalogue)',
  'GET /api/currency/deal legal_id': 'coins (catalogue)',
  'GET /api/currency/deal currency_id': 'coins (catalogue)',
  'POST /api/currency/user_currency_list/add pair_id': 'trading pairs (catalogue)',
  'POST /api/currency/user_currency_list/remove pair_id': 'trading pairs (catalogue); the favourites row is keyed by the caller',
  'POST /api/coin/trade legal_id': 'coins (catalogue)',
  'POST /api/coin/trade currency_id': 'coins (catalogue)',
  'GET /api/coin/list legal_id': 'coins (catalogue); the list is filtered by the caller',
  'GET /api/coin/list currency_id': 'coins (catalogue); the list is filtered by the caller',
  'POST /api/coin/list legal_id': 'coins (catalogue); the list is filtered by the caller',
  'POST /api/coin/list currency_id': 'coins (catalogue); the list is filtered by the caller',
  'GET /api/lh/deposit/product_info id': 'wealth products (public catalogue)',
  'POST /api/lh/deposit config_id': 'wealth products (public catalogue)',
  'GET /api/lh/send/product_info id': 'subscription products (public catalogue)',
  'POST /api/lh/send/order config_id': 'subscription products (public catalogue)',
  'POST /api/lever/deal legal_id': 'coins (catalogue)',
  'POST /api/lever/deal currency_id': 'coins (catalogue)',
  'GET /api/lever/deal legal_id': 'coins (catalogue)',
  'GET /api/lever/deal currency_id': 'coins (catalogue)',
  'POST /api/lever/submit legal_id': 'coins (catalogue)',
  'POST /api/lever/submit currency_id': 'coins (catalogue)',
  'POST /api/lever/my_trade legal_id': 'coins (catalogue); the list is filtered by the caller',
  'POST /api/lever/my_trade currency_id': 'coins (catalogue); the list is filtered by the caller',
  'GET /api/lever/my_trade legal_id': 'coins (catalogue); the list is filtered by the caller',
  'GET /api/lever/my_trade currency_id': 'coins (catalogue); the list is filtered by the caller',
  'POST /api/lever/close_all legal_id': "coins (catalogue); only the caller's positions are closed",
  'POST /api/lever/close_all currency_id': "coins (catalogue); only the caller's positions are closed",
  'POST /api/microtrade/submit match_id': 'option pairs (catalogue)',
  'POST /api/microtrade/submit currency_id': 'coins (catalogue)',
  'GET /api/news/detail id': 'news (public content)',
  'POST /api/news/detail id': 'news (public content)',
  'POST /api/news/read id': "news (public content); the read mark written is the caller's own",
  'GET /api/help/articles category_id': 'help categories (public content)',
  'GET /api/help/article id': 'help articles (public content)',
};

type User = { token: string; id: number; email: string; password: string };
type Fixture = {
  /** Who owns the object (their rows and balances must not change when B calls). */
  owner: User;
  /** The id of A's object that goes into the field. */
  id: string;
  /** A's own complete input (the field is set to `id` by the suite). */
  own: Record<string, string>;
  /** B's complete input apart from the field (B's own valid values elsewhere); A's input if absent. */
  foreign?: Record<string, string>;
  /** B's token; a fresh verified user if absent. */
  other?: User;
  /**
   * For a cursor or a client key, which never names an object by itself: B's call is answered from B's
   * own data, so instead of not_found the reply must carry nothing of A's (this text).
   */
  scopedSecret?: string;
  /** What A's own reply must contain (for a scoped case: A's data, by default the secret). */
  ownReply?: string;
};
type Case = { route: string; field: string; fixture: () => Promise<Fixture> };

const t = appForFile();
let ops: Operation[];
beforeAll(async () => {
  ops = operations(t.app);
  await t.app.market.ensurePairs();
  await t.app.contracts.ready();
});
afterAll(async () => {
  await t.app.contracts.settled();
});

const opKey = (op: Operation) => `${op.method} ${op.path}`;

/** The id-bearing fields of a route (path, query and body). */
function idFields(op: Operation): string[] {
  const names = [
    ...op.params,
    // biome-ignore lint/suspicious/noExplicitAny: OpenAPI parameter objects
    ...(op.query ?? []).map((q: any) => q.name as string),
    ...Object.keys(op.body?.properties ?? {}),
  ];
  return [...new Set(names.filter((n) => ID_FIELD.test(n)))];
}

/** Sends a route's input: path parameters into the path, the rest as the query (GET) or the JSON body. */
function send(route: string, token: string, input: Record<string, string>): Promise<Reply> {
  const [method, path] = route.split(' ') as [Method, string];
  const params = new Set([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string));
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !params.has(k)));
  const url = fillPath(path, input);
  return call(t.app, method, url, method === 'GET' ? { token, query: rest } : { token, body: rest });
}

/** A's rows in every table with a user_id column (and A's users row), plus the ledger's totals. */
async function ownerState(userId: number): Promise<string> {
  const tables = await queryRows<{ table_name: string }>(
    t.database.db,
    sql`SELECT table_name FROM information_schema.columns
        WHERE column_name = 'user_id' AND table_schema = current_schema() ORDER BY table_name`,
  );
  const state: Record<string, unknown> = {};
  for (const { table_name } of tables) {
    state[table_name] = await queryRows(
      t.database.db,
      sql`SELECT * FROM ${sql.identifier(table_name)} WHERE user_id = ${userId} ORDER BY 1`,
    );
  }
  state.users = await queryRows(t.database.db, sql`SELECT * FROM users WHERE id = ${userId}`);
  [state.ledger] = await queryRows(
    t.database.db,
    sql`SELECT (SELECT count(*) FROM ledger_postings) AS postings, (SELECT count(*) FROM ledger_entries) AS entries,
        (SELECT coalesce(sum(available), 0) FROM ledger_accounts) AS available,
        (SELECT coalesce(sum(frozen), 0) FROM ledger_accounts) AS frozen`,
  );
  return JSON.stringify(state);
}

// ---- fixtures: each makes one object as user A ----

const user = async (): Promise<User> => {
  const u = await readyUser(t);
  return { token: u.token, id: u.id, email: u.email, password: u.password };
};
const funded = async (amount: string, kind: 'coin' | 'contract' = 'coin') => {
  const u = await user();
  await fund(t, u.id, USDT, amount, kind);
  return u;
};
const ok = (reply: { type?: string }, what: string) => {
  if (reply.type !== 'ok') throw new Error(`${what}: ${JSON.stringify(reply)}`);
};

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
async function addressOf(u: User): Promise<string> {
  ok(await t.post('sms_mail', { user_string: u.email, scene: 'address' }, { token: u.token }), 'address code');
  const added = await t.post(
    'wallet/addaddress',
    { currency: String(USDT), type: 'TRC20', address: TRON, pay_password: PAY_PASSWORD, code: await outboxCode(t, u.email) },
    { token: u.token },
  );
  ok(added, 'addaddress');
  const list = await t.post('wallet/get_address', { currency: String(USDT) }, { token: u.token });
  return String(list.message[0]?.id ?? list.message.list?.[0]?.id);
}

async function chatImage(u: User): Promise<string> {
  const id = await uploadId(t, u.token, 'chat');
  ok(await t.post('chat/send', { upload_id: id }, { token: u.token }), 'chat image');
  return id;
}

/** A chat of A's with one text message; returns its id and the text (which B must never see). */
let chatCounter = 0;
async function chatMessage(u: User) {
  chatCounter++;
  const secret = `secret-of-${u.id}-${chatCounter}`;
  const clientId = `client-${u.id}-${chatCounter}`;
  const sent = await t.post('chat/send', { text: secret, client_id: clientId }, { token: u.token });
  ok(sent, 'chat text');
  return { id: String(sent.message.id), conversationId: String(sent.message.conversation_id), secret, clientId };
}

/** A BTC/USDT contract of A's: a market long (holding) or a limit far below the index (entrusted). */
async function position(kind: 'holding' | 'entrusted'): Promise<Fixture> {
  await feedIndex(t, 1, '60000.00', Date.now());
  const owner = await funded('1000', 'contract');
  const opened = await t.post(
    'lever/submit',
    {
      legal_id: '3',
      currency_id: '1',
      type: '1',
      status: kind === 'holding' ? '1' : '0',
      share: '1',
      multiple: '10',
      ...(kind === 'entrusted' ? { target_price: '50000' } : {}),
    },
    { token: owner.token },
  );
  ok(opened, 'lever/submit');
  return { owner, id: String(opened.message.id), own: {}, other: await funded('1000', 'contract') };
}

/** A new user's object that the route names by id alone, with no other input of A's. */
const ownedBy = (make: (owner: User) => Promise<string>) => async (): Promise<Fixture> => {
  const owner = await user();
  return { owner, id: await make(owner), own: {} };
};

/** Basic verification done (advanced needs it) and three photos of the user's own. */
async function photos(u: User) {
  return {
    address: 'Hauptstr. 1, Berlin',
    front_pic: await uploadId(t, u.token, 'id_front'),
    reverse_pic: await uploadId(t, u.token, 'id_back'),
    hand_pic: await uploadId(t, u.token, 'id_hand'),
  };
}
const advanced = (field: 'front_pic' | 'reverse_pic' | 'hand_pic'): Case => ({
  route: 'POST /api/user/real_name2',
  field,
  fixture: async () => {
    const owner = await user();
    const other = await user();
    const own = await photos(owner);
    return { owner, id: own[field], own, other, foreign: await photos(other) };
  },
});

const OWNED: Case[] = [
  {
    route: 'GET /api/upload/{id}',
    field: 'id',
    fixture: ownedBy((owner) => uploadId(t, owner.token, 'id_front')),
  },
  {
    route: 'GET /api/chat/image/{id}',
    field: 'id',
    fixture: ownedBy(chatImage),
  },
  {
    route: 'POST /api/chat/send',
    field: 'upload_id',
    fixture: ownedBy((owner) => uploadId(t, owner.token, 'chat')),
  },
  {
    route: 'POST /api/chat/send',
    field: 'client_id',
    fixture: async () => {
      const owner = await user();
      const message = await chatMessage(owner);
      // A's resend with its key returns A's message; B's send with A's key makes B's own message.
      return {
        owner,
        id: message.clientId,
        own: { text: message.secret },
        foreign: { text: 'mine' },
        scopedSecret: message.secret,
      };
    },
  },
  {
    route: 'GET /api/chat/messages',
    field: 'after_id',
    fixture: async () => {
      const owner = await user();
      await chatMessage(owner);
      const message = await chatMessage(owner);
      // A's first message id as the cursor: A sees the second one, B nothing of A's.
      const first = String(Number(message.id) - 1);
      return { owner, id: first, own: {}, scopedSecret: message.secret };
    },
  },
  {
    route: 'GET /api/chat/messages',
    field: 'before_id',
    fixture: async () => {
      const owner = await user();
      const first = await chatMessage(owner);
      const second = await chatMessage(owner);
      return { owner, id: second.id, own: {}, scopedSecret: first.secret };
    },
  },
  {
    route: 'POST /api/chat/read',
    field: 'up_to',
    fixture: async () => {
      const owner = await user();
      const message = await chatMessage(owner);
      // An agent's reply A has not read: A's read mark moves only by A's own call.
      const reply = await t.post(
        `admin/chat/conversations/${message.conversationId}/messages`,
        { text: `reply-${message.secret}` },
        { token: await adminToken(t) },
      );
      ok(reply, 'agent reply');
      const id = String(reply.message.id);
      return { owner, id, own: {}, scopedSecret: message.secret, ownReply: `"read_id":${id}` };
    },
  },
  {
    route: 'POST /api/user/security/sessions/revoke',
    field: 'id',
    fixture: async () => {
      const owner = await user();
      // A second session of A's: the one B names, and the one A then ends from the first.
      ok(await t.post('user/login', { user_string: owner.email, password: owner.password }), 'second login');
      const sessions = await t.get('user/security/sessions', { token: owner.token });
      const other = (sessions.message as { id: number; current: boolean }[]).find((s) => !s.current);
      return { owner, id: String(other?.id), own: {} };
    },
  },
  {
    route: 'POST /api/wallet/deladdress',
    field: 'id',
    fixture: ownedBy(addressOf),
  },
  {
    route: 'POST /api/wallet/out',
    field: 'address_id',
    fixture: async () => {
      const owner = await funded('100');
      const input = { currency: String(USDT), number: '20', pay_password: PAY_PASSWORD };
      // B has money, a fund password and an address of its own: only the address id is wrong.
      const other = await funded('100');
      await addressOf(other);
      return { owner, id: await addressOf(owner), own: input, other };
    },
  },
  {
    route: 'POST /api/wallet/charge_req',
    field: 'imgs',
    fixture: async () => {
      const owner = await user();
      const input = { currency: String(USDT), type: 'TRC20', amount: '100' };
      return { owner, id: await uploadId(t, owner.token), own: input };
    },
  },
  advanced('front_pic'),
  advanced('reverse_pic'),
  advanced('hand_pic'),
  {
    route: 'POST /api/help/feedback',
    field: 'images',
    fixture: async () => {
      const owner = await user();
      return { owner, id: await uploadId(t, owner.token, 'feedback'), own: { content: 'The app froze' } };
    },
  },
  {
    route: 'POST /api/user/messages/read',
    field: 'id',
    fixture: async () => {
      const owner = await user();
      await notifyUser(t.database.db, owner.id, 'system', 'deposit_approved', { amount: '1', currency: 'USDT' });
      const list = await t.get('user/messages', { token: owner.token });
      return { owner, id: String(list.message.list[0].id), own: {} };
    },
  },
  {
    route: 'PUT /api/coin/trade',
    field: 'id',
    fixture: async () => {
      const owner = await trader(t, { [USDT]: '1000' });
      const placed = await placeOrder(t, owner.token, { type: '1', target_price: '1000', amount: '0.01' });
      ok(placed, 'spot order');
      return { owner, id: String(placed.message.id), own: {} };
    },
  },
  {
    route: 'POST /api/lh/deposit/order/cancel',
    field: 'id',
    fixture: async () => {
      const owner = await funded('5000');
      const products = (await t.get('lh/deposit/config', { token: owner.token })).message as {
        id: number;
        currency_id: number;
        save_min: string;
      }[];
      const product = products.find((p) => p.currency_id === USDT)!;
      const bought = await t.post(
        'lh/deposit',
        { config_id: String(product.id), amount: product.save_min, agree: '1' },
        { token: owner.token },
      );
      ok(bought, 'wealth order');
      return { owner, id: String(bought.message.id), own: {} };
    },
  },
  { route: 'POST /api/lever/close', field: 'id', fixture: () => position('holding') },
  { route: 'POST /api/lever/cancel', field: 'id', fixture: () => position('entrusted') },
  {
    route: 'POST /api/lever/setstop',
    field: 'id',
    fixture: async () => ({ ...(await position('holding')), own: { target_profit_price: '70000' } }),
  },
];

describe("another user's ids (every id-bearing user route of the OpenAPI document)", () => {
  it('classifies every id-bearing field of every user route: an ownership case or a reference', () => {
    const missing: string[] = [];
    const seen = new Set<string>();
    for (const op of ops.filter((o) => !o.consoleRoles)) {
      for (const field of idFields(op)) {
        const name = `${opKey(op)} ${field}`;
        seen.add(name);
        const owned = OWNED.some((c) => c.route === opKey(op) && c.field === field);
        if (!owned && !REFERENCE[name]) missing.push(`route ${opKey(op)} takes id field ${field} but has no ownership case`);
      }
    }
    expect(missing).toEqual([]);
    // Every entry still names a field of the document (a renamed route must be classified again).
    const stale = [...OWNED.map((c) => `${c.route} ${c.field}`), ...Object.keys(REFERENCE)].filter((n) => !seen.has(n));
    expect(stale).toEqual([]);
    expect(OWNED.length).toBeGreaterThan(15);
  });

  for (const c of OWNED) {
    it(`${c.route} ${c.field}: B naming A's object changes nothing; A's own call works`, async () => {
      const fx = await c.fixture();
      const other = fx.other ?? (await user());
      const before = await ownerState(fx.owner.id);
      const foreign = await send(c.route, other.token, { ...(fx.foreign ?? fx.own), [c.field]: fx.id });
      if (fx.scopedSecret) {
        // Answered from B's own data: nothing of A's in the reply.
        expect(foreign.type, foreign.raw).toBe('ok');
        expect(foreign.raw).not.toContain(fx.scopedSecret);
      } else {
        expect(foreign, foreign.raw).toMatchObject({ status: 404, type: 'error', error: 'not_found' });
        // A reply that names fields names this one only (B's other fields are valid).
        const fields = (JSON.parse(foreign.raw) as { fields?: Record<string, string> }).fields;
        if (fields) expect(Object.keys(fields)).toEqual([c.field]);
      }
      expect(await ownerState(fx.owner.id)).toBe(before);

      const own = await send(c.route, fx.owner.token, { ...fx.own, [c.field]: fx.id });
      if (own.type === undefined) expect(own.status, own.raw).toBe(200);
      else expect(own.type, own.raw).toBe('ok');
      const ownReply = fx.ownReply ?? fx.scopedSecret;
      if (ownReply) expect(own.raw).toContain(ownReply);
    });
  }
});
