import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastAudit } from '../../../test/audit.js';
import { appForFile } from '../../../test/file-app.js';
import { until } from '../../../test/market.js';
import { multipart, PNG, uploadId } from '../../../test/money.js';
import { operatorSession } from '../../../test/operators.js';
import { listenLocally, registerEmailUser, sendJson } from '../../../test/test-app.js';
import { CHAT_MAX_CHARS } from './service.js';

const t = appForFile();
let url: string;
let alice: { token: string; user: { id: number } };
let bob: { token: string; user: { id: number } };
let support: { id: number; token: string };
let finance: { id: number; token: string };
const sockets: Socket[] = [];

beforeAll(async () => {
  url = await listenLocally(t);
  alice = await registerEmailUser(t);
  bob = await registerEmailUser(t);
  support = await operatorSession(t, 'support');
  finance = await operatorSession(t, 'finance');
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
});

// biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field
type Payload = any;

/** A /support client that records what it receives; `error` is the connect_error it got, if any. */
function client(auth: Record<string, unknown>) {
  const socket = connect(`${url}/support`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  const received: { event: string; payload: Payload }[] = [];
  socket.onAny((event, payload) => received.push({ event, payload }));
  const state: { error?: Payload } = {};
  socket.on('connect_error', (error: Error & { data?: unknown }) => {
    state.error = error.data ?? error.message;
  });
  const of = (event: string) => received.filter((r) => r.event === event).map((r) => r.payload);
  const ready = () =>
    new Promise<void>((resolve, reject) => {
      if (socket.connected) return resolve();
      // A refusal may have arrived before anyone waited for it (PostgreSQL answers the other socket's
      // token lookup later than PGlite does).
      if (state.error !== undefined) return reject(new Error('connect_error'));
      socket.once('connect', () => resolve());
      socket.once('connect_error', (e) => reject(e));
    });
  return { socket, received, of, state, ready };
}

const ask = (socket: Socket, event: string, payload: unknown) =>
  new Promise<Payload>((resolve) => socket.emit(event, payload, (reply: unknown) => resolve(reply)));

describe('a conversation between a user and the agents', () => {
  it('persists messages, counts unread per side and pushes read receipts live', async () => {
    const agentSocket = client({ token: support.token, agent: true });
    await agentSocket.ready();
    const aliceSocket = client({ token: alice.token, lang: 'en' });
    await aliceSocket.ready();

    const opened = await t.post('chat/open', {}, { token: alice.token });
    expect(opened.message).toMatchObject({ messages: [], unread: 0 });
    const conversationId = opened.message.conversation_id;

    const sent = await ask(aliceSocket.socket, 'chat:send', { client_id: 'alice-0001', text: 'Hello, my deposit is late' });
    expect(sent).toMatchObject({
      ok: true,
      message: { sender: 'user', kind: 'text', text: 'Hello, my deposit is late', conversation_id: conversationId },
    });
    await until(() => agentSocket.of('chat:message').length === 1, 3000, 'the agent gets the message');

    // The desk's queue shows it unread; nobody has it yet.
    const queue = await sendJson(t, 'GET', 'admin/chat/conversations?filter=unassigned', support.token);
    const row = queue.message.list.find((c: { id: number }) => c.id === conversationId);
    expect(row).toMatchObject({ unread: 1, agent: null, last_message: { text: 'Hello, my deposit is late', sender: 'user' } });
    expect((await sendJson(t, 'GET', 'admin/chat/unread', support.token)).message.count).toBeGreaterThanOrEqual(1);

    // Assign to me: audited, then out of the unassigned queue.
    const assigned = await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/assign`, support.token);
    expect(assigned.message.agent.id).toBe(support.id);
    const entry = await lastAudit(t, 'chat.assign');
    expect(entry).toMatchObject({
      adminId: support.id,
      target: `chat_conversation:${conversationId}`,
      before: { agent_id: null },
      after: { agent_id: support.id },
    });
    const unassigned = await sendJson(t, 'GET', 'admin/chat/conversations?filter=unassigned', support.token);
    expect(unassigned.message.list.some((c: { id: number }) => c.id === conversationId)).toBe(false);

    // The agent reads: Alice sees the read receipt live.
    const read = await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/read`, support.token, {
      up_to: sent.message.id,
    });
    expect(read.message.read_id).toBe(sent.message.id);
    await until(
      () => aliceSocket.of('chat:read').some((r) => r.reader === 'agent' && r.read_id === sent.message.id),
      3000,
      'receipt',
    );

    // The agent answers: Alice receives it live and has one unread until she reads it.
    const answer = await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/messages`, support.token, {
      client_id: 'agent-00001',
      text: 'We are checking it now.',
    });
    expect(answer.message).toMatchObject({ sender: 'agent', text: 'We are checking it now.' });
    await until(() => aliceSocket.of('chat:message').some((m) => m.id === answer.message.id), 3000, 'Alice gets the answer');
    expect((await t.get('chat/unread', { token: alice.token })).message.count).toBe(1);
    expect((await ask(aliceSocket.socket, 'chat:read', { up_to: answer.message.id })).read_id).toBe(answer.message.id);
    expect((await t.get('chat/unread', { token: alice.token })).message.count).toBe(0);
    await until(
      () => agentSocket.of('chat:read').some((r) => r.reader === 'user' && r.read_id === answer.message.id),
      3000,
      'receipt',
    );
    // A read mark never goes beyond the last message, nor down.
    expect((await t.post('chat/read', { up_to: '999999999' }, { token: alice.token })).message.read_id).toBe(answer.message.id);
    expect((await t.post('chat/read', { up_to: '1' }, { token: alice.token })).message.read_id).toBe(answer.message.id);

    // History on open, in order, with the read marks.
    const reopened = await t.post('chat/open', {}, { token: alice.token });
    expect(reopened.message.messages.map((m: { text: string }) => m.text)).toEqual([
      'Hello, my deposit is late',
      'We are checking it now.',
    ]);
    // Whoever writes has read everything before: the agent's mark moved to their own answer.
    expect(reopened.message).toMatchObject({ unread: 0, agent_read_id: answer.message.id, user_read_id: answer.message.id });
    const reply = await lastAudit(t, 'chat.reply');
    expect(reply).toMatchObject({ adminId: support.id, after: { message_id: answer.message.id, kind: 'text' } });
  });

  it('delivers what was sent while a side was offline, and a resend is stored once', async () => {
    const first = client({ token: bob.token });
    await first.ready();
    const hello = await ask(first.socket, 'chat:send', { client_id: 'bob-000001', text: 'Are you there?' });
    const conversationId = hello.message.conversation_id;
    first.socket.disconnect();

    // Two answers while Bob is offline.
    const a1 = await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/messages`, support.token, {
      text: 'Yes, one moment.',
    });
    const a2 = await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/messages`, support.token, {
      text: 'Done, please check.',
    });

    // Bob reconnects and asks for what came after the last message he saw.
    const again = client({ token: bob.token });
    await again.ready();
    const missed = await ask(again.socket, 'chat:history', { after_id: hello.message.id });
    expect(missed.messages.map((m: { id: number }) => m.id)).toEqual([a1.message.id, a2.message.id]);
    expect((await t.get('chat/unread', { token: bob.token })).message.count).toBe(2);

    // His client resends a message it never got an acknowledgement for: stored once, same id.
    const resend = await ask(again.socket, 'chat:send', { client_id: 'bob-000001', text: 'Are you there?' });
    expect(resend.message.id).toBe(hello.message.id);
    const viaHttp = await t.post('chat/send', { client_id: 'bob-000001', text: 'Are you there?' }, { token: bob.token });
    expect(viaHttp.message.id).toBe(hello.message.id);
    const all = await t.get('chat/messages?after_id=0', { token: bob.token });
    expect(all.message.messages.filter((m: { text: string }) => m.text === 'Are you there?')).toHaveLength(1);
  });

  it('keeps chat content as the plain text it is (an HTML or script payload is returned verbatim)', async () => {
    const payload = '<img src=x onerror="alert(1)"><script>alert(document.cookie)</script> & "quotes"';
    const sent = await t.post('chat/send', { text: payload }, { token: alice.token });
    expect(sent.message.text).toBe(payload);
    const opened = await t.post('chat/open', {}, { token: alice.token });
    expect(opened.message.messages.at(-1).text).toBe(payload);
    const desk = await sendJson(t, 'GET', `admin/chat/conversations/${opened.message.conversation_id}`, support.token);
    expect(desk.message.messages.at(-1).text).toBe(payload);
  });

  it('refuses empty and oversized messages, bad client ids and images that are not one’s own', async () => {
    const s = client({ token: alice.token, lang: 'zh' });
    await s.ready();
    const before = (await t.post('chat/open', {}, { token: alice.token })).message.messages.length;
    expect(await ask(s.socket, 'chat:send', { text: '   ' })).toMatchObject({
      ok: false,
      error: 'field_required',
      message: '请填写此项',
    });
    expect(await ask(s.socket, 'chat:send', {})).toMatchObject({ ok: false, error: 'field_required' });
    expect(await ask(s.socket, 'chat:send', { text: 'x'.repeat(CHAT_MAX_CHARS + 1) })).toMatchObject({
      ok: false,
      error: 'text_too_long',
    });
    expect(await ask(s.socket, 'chat:send', { text: 'hi', client_id: '../../etc' })).toMatchObject({
      ok: false,
      error: 'field_invalid',
    });
    expect(await ask(s.socket, 'chat:send', 'not an object')).toMatchObject({ ok: false, error: 'field_required' });
    expect(await t.post('chat/send', { text: '' }, { token: alice.token })).toMatchObject({
      status: 400,
      error: 'field_required',
    });
    expect(await t.post('chat/send', { text: 'y'.repeat(CHAT_MAX_CHARS + 1) }, { token: alice.token, lang: 'th' })).toMatchObject(
      {
        error: 'text_too_long',
        message: 'ข้อความยาวเกินไป',
      },
    );
    const bobs = await uploadId(t, bob.token, 'chat');
    expect(await ask(s.socket, 'chat:send', { upload_id: bobs })).toMatchObject({ ok: false, error: 'not_found' });
    expect(await ask(s.socket, 'chat:send', { upload_id: 'AAAAAAAAAAAAAAAAAAAAAA' })).toMatchObject({
      ok: false,
      error: 'not_found',
    });
    expect((await t.post('chat/open', {}, { token: alice.token })).message.messages.length).toBe(before);

    // Her own image is fine, and only she and the agents can fetch it through the chat.
    const mine = await uploadId(t, alice.token, 'chat');
    const image = await ask(s.socket, 'chat:send', { upload_id: mine, client_id: 'alice-img-01' });
    expect(image).toMatchObject({
      ok: true,
      message: { kind: 'image', text: '', image: { id: mine, url: `/api/chat/image/${mine}` } },
    });
    const fetch = (token: string) =>
      t.app.inject({ method: 'GET', url: `/api/chat/image/${mine}`, headers: { authorization: token } });
    expect((await fetch(alice.token)).headers['content-type']).toBe('image/png');
    expect((await fetch(support.token)).statusCode).toBe(200);
    expect((await fetch(bob.token)).statusCode).toBe(404);
    expect((await fetch(finance.token)).statusCode).toBe(404);
  });

  it('lets an agent reply with an image uploaded from the console; the user can see it; non-images are refused', async () => {
    const conversationId = (await t.post('chat/open', {}, { token: alice.token })).message.conversation_id;
    const send = (bytes: Buffer) => {
      const body = multipart({}, [{ filename: 'a.png', contentType: 'image/png', bytes }]);
      return t.app
        .inject({
          method: 'POST',
          url: '/api/admin/chat/upload',
          headers: { authorization: support.token, 'content-type': body.contentType },
          payload: body.payload,
        })
        .then((r) => ({ status: r.statusCode, ...r.json() }));
    };
    expect(await send(Buffer.from('<html>not an image</html>'))).toMatchObject({ error: 'upload_not_image' });
    expect(await send(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]))).toMatchObject({
      status: 413,
      error: 'upload_too_large',
    });
    const stored = await send(PNG);
    const reply = await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/messages`, support.token, {
      upload_id: stored.message.id,
    });
    expect(reply.message).toMatchObject({ kind: 'image', sender: 'agent' });
    const res = await t.app.inject({ method: 'GET', url: reply.message.image.url, headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(
      (await t.app.inject({ method: 'GET', url: reply.message.image.url, headers: { authorization: bob.token } })).statusCode,
    ).toBe(404);
    // A user's own upload cannot be passed off as an agent's, nor the other way round.
    const alices = await uploadId(t, alice.token, 'chat');
    expect(
      await sendJson(t, 'POST', `admin/chat/conversations/${conversationId}/messages`, support.token, { upload_id: alices }),
    ).toMatchObject({ error: 'not_found' });
    expect(await t.post('chat/send', { upload_id: stored.message.id }, { token: alice.token })).toMatchObject({
      error: 'not_found',
    });
  });
});

describe('authorisation', () => {
  it('a user reads only their own conversation, whatever conversation id they name', async () => {
    const aliceConversation = (await t.post('chat/open', {}, { token: alice.token })).message.conversation_id;
    const bobSocket = client({ token: bob.token });
    await bobSocket.ready();
    const mine = await ask(bobSocket.socket, 'chat:history', { conversation_id: aliceConversation, after_id: 0 });
    expect(mine.messages.every((m: { conversation_id: number }) => m.conversation_id !== aliceConversation)).toBe(true);
    const sent = await ask(bobSocket.socket, 'chat:send', { conversation_id: aliceConversation, text: 'sneaky' });
    expect(sent.message.conversation_id).not.toBe(aliceConversation);
    const bobsHttp = await t.get('chat/messages?after_id=0', { token: bob.token });
    expect(bobsHttp.message.messages.every((m: { conversation_id: number }) => m.conversation_id !== aliceConversation)).toBe(
      true,
    );

    // Bob's socket hears nothing of Alice's conversation.
    const heard = bobSocket.received.length;
    await t.post('chat/send', { text: 'private to Alice' }, { token: alice.token });
    await new Promise((r) => setTimeout(r, 300));
    expect(bobSocket.received.slice(heard).some((r) => JSON.stringify(r.payload).includes('private to Alice'))).toBe(false);
    // Users cannot reach the desk.
    expect((await sendJson(t, 'GET', 'admin/chat/conversations', alice.token)).type).toBe('999');
    expect(await t.post('chat/open', {})).toMatchObject({ type: '999' });
  });

  it('agents need the support role (or super), over HTTP and on the socket', async () => {
    const refused = await sendJson(t, 'GET', 'admin/chat/conversations', finance.token);
    expect(refused.status).toBe(403);
    expect((await sendJson(t, 'POST', 'admin/chat/conversations/1/messages', finance.token, { text: 'hi' })).status).toBe(403);

    const financeSocket = client({ token: finance.token, agent: true });
    await expect(financeSocket.ready()).rejects.toThrow();
    expect(financeSocket.state.error).toMatchObject({ error: 'support_role_required' });

    // A user token is not an agent's, even when the client says agent.
    const pretender = client({ token: alice.token, agent: true });
    await expect(pretender.ready()).rejects.toThrow();
    expect(pretender.state.error).toMatchObject({ error: 'not_logged_in' });

    const superAgent = await operatorSession(t, 'super');
    const ok = client({ token: superAgent.token, agent: true });
    await ok.ready();
    expect((await sendJson(t, 'GET', 'admin/chat/conversations', superAgent.token)).type).toBe('ok');
  });

  it('a socket with a bad or missing token is refused and receives nothing', async () => {
    const bad = client({ token: 'x'.repeat(40) });
    const none = client({});
    await expect(bad.ready()).rejects.toThrow();
    await expect(none.ready()).rejects.toThrow();
    expect(bad.state.error).toMatchObject({ error: 'not_logged_in' });
    await t.post('chat/send', { text: 'nobody else hears this' }, { token: alice.token });
    await new Promise((r) => setTimeout(r, 300));
    expect(bad.received).toEqual([]);
    expect(none.received).toEqual([]);
    // Nor can it act.
    expect(bad.socket.connected).toBe(false);
  });

  it('unknown conversation ids are not found for agents', async () => {
    expect(await sendJson(t, 'GET', 'admin/chat/conversations/999999', support.token)).toMatchObject({ error: 'not_found' });
    const agentSocket = client({ token: support.token, agent: true });
    await agentSocket.ready();
    expect(await ask(agentSocket.socket, 'chat:send', { conversation_id: 999999, text: 'hi' })).toMatchObject({
      ok: false,
      error: 'not_found',
    });
    expect(await ask(agentSocket.socket, 'chat:history', { conversation_id: 'abc' })).toMatchObject({
      ok: false,
      error: 'not_found',
    });
  });
});

describe('set/get_customer_url', () => {
  it('points to the built-in chat until operators set an external https URL (audited)', async () => {
    expect((await t.post('set/get_customer_url', {})).message).toEqual({
      customer_url: '/h5/#/pages/help/center/chat',
      builtin: true,
    });
    expect(
      await sendJson(t, 'POST', 'admin/chat/settings', support.token, { customer_url: 'javascript:alert(1)' }),
    ).toMatchObject({
      error: 'field_invalid',
    });
    expect(
      (await sendJson(t, 'POST', 'admin/chat/settings', support.token, { customer_url: 'https://help.example.com/chat' })).type,
    ).toBe('ok');
    expect((await t.post('set/get_customer_url', {})).message).toEqual({
      customer_url: 'https://help.example.com/chat',
      builtin: false,
    });
    expect((await sendJson(t, 'POST', 'admin/chat/settings', support.token, { customer_url: '' })).type).toBe('ok');
    expect((await t.post('set/get_customer_url', {})).message.builtin).toBe(true);
    const entry = await lastAudit(t, 'chat.customer_url');
    expect(entry).toMatchObject({ before: { customer_url: 'https://help.example.com/chat' }, after: { customer_url: '' } });
  });
});
