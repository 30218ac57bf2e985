// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type ApiHandler, answerPost, mockApi, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import type { DeskConversation, DeskConversationRow } from '../api/chat';
import { ChatDeskPage } from './chat-desk-page';

// The desk's live connection is a socket; a test has no server, so the socket never connects.
vi.mock('socket.io-client', () => ({
  io: () => ({ on: () => undefined, removeAllListeners: () => undefined, disconnect: () => undefined }),
}));

/** A queue row: neither side has read anything yet, no agent and nothing unread unless the test says so. */
const queueRow = (
  row: Pick<DeskConversationRow, 'id' | 'user' | 'last_message' | 'last_message_at'> & Partial<DeskConversationRow>,
) => ({
  agent: null,
  unread: 0,
  user_read_id: 0,
  agent_read_id: 0,
  ...row,
});

const waiting: DeskConversationRow = queueRow({
  id: 21,
  user: { id: 12, email: 'alice@example.test', phone: null, area_code: null },
  unread: 2,
  last_message: { kind: 'text', text: 'My deposit has not arrived yet.', sender: 'user' },
  last_message_at: '2026-11-27T23:10:00Z',
});

const assigned: DeskConversationRow = queueRow({
  id: 19,
  user: { id: 19, email: null, phone: '9012345678', area_code: '81' },
  agent: { id: 4, email: 'support@example.test' },
  last_message: { kind: 'image', text: '', sender: 'user' },
  last_message_at: '2026-11-27T20:00:00Z',
});

const conversation: DeskConversation = {
  conversation_id: 21,
  messages: [
    {
      id: 301,
      conversation_id: 21,
      sender: 'user',
      kind: 'text',
      text: 'I sent 500 USDT over TRC20 an hour ago.',
      image: null,
      client_id: 'u1',
      created_at: '2026-11-27T23:00:00Z',
    },
    {
      id: 302,
      conversation_id: 21,
      sender: 'user',
      kind: 'text',
      text: 'My deposit has not arrived yet.',
      image: null,
      client_id: 'u2',
      created_at: '2026-11-27T23:10:00Z',
    },
  ],
  has_more: false,
  unread: 2,
  user_read_id: 0,
  agent_read_id: 300,
  agent: null,
  user: {
    id: 12,
    email: 'alice@example.test',
    phone: null,
    area_code: null,
    name: 'Alice Sato',
    review_status: 2,
    advanced_user: 0,
    lang: 'en',
    frozen: false,
    created_at: '2026-11-01T08:00:00Z',
  },
};

function serve(rows: DeskConversationRow[], extra: ApiHandler = () => undefined, { clearsUnread = true } = {}) {
  // As on the server, reading the conversation clears its unread count (unless a test says otherwise).
  let readUpTo = 0;
  return mockApi((call) => {
    if (call.method === 'GET' && call.path === '/admin/chat/conversations') {
      const filter = call.query.get('filter');
      const list = filter === 'unassigned' ? rows.filter((r) => !r.agent) : rows;
      return ok({ list, total: list.length, page: 1, limit: 50, unread_total: list.reduce((n, r) => n + r.unread, 0) });
    }
    if (call.method === 'GET' && call.path === '/admin/chat/conversations/21')
      return ok(readUpTo && clearsUnread ? { ...conversation, unread: 0, agent_read_id: readUpTo } : conversation);
    if (call.method === 'POST' && call.path === '/admin/chat/conversations/21/read') {
      readUpTo = (call.body as { up_to: number }).up_to;
      return ok(true);
    }
    return extra(call);
  });
}

const queue = () => screen.getByTestId('desk-queue');

describe('chat desk page', () => {
  it('shows a loading queue, then each conversation with its unread count and last message', async () => {
    const api = serve([waiting, assigned]);
    renderPage(<ChatDeskPage />, { path: '/chat' });
    expect(queue().querySelector('.ant-spin-spinning')).not.toBeNull();

    const rows = await within(queue()).findAllByTestId('desk-conversation');
    expect(rows.map((r) => r.getAttribute('data-conversation'))).toEqual(['21', '19']);
    expect(within(rows[0] as HTMLElement).getByText('alice@example.test (#12)')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByTestId('desk-conversation-unread').textContent).toBe('2');
    expect(within(rows[0] as HTMLElement).getByText('My deposit has not arrived yet.')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('[picture]')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByTestId('desk-conversation-unread')).toBeNull();
    expect(screen.getByText('Pick a conversation')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/chat/conversations')[0]?.query.get('filter')).toBe('all');
  });

  it('says there is no conversation when the queue is empty', async () => {
    serve([]);
    renderPage(<ChatDeskPage />, { path: '/chat' });
    expect(await within(queue()).findByText('No conversations')).toBeTruthy();
  });

  it('asks the server for the unassigned conversations when that filter is chosen', async () => {
    const api = serve([waiting, assigned]);
    renderPage(<ChatDeskPage />, { path: '/chat' });
    await waitFor(() => expect(within(queue()).getAllByTestId('desk-conversation')).toHaveLength(2));
    fireEvent.click(screen.getByText('Unassigned', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(within(queue()).getAllByTestId('desk-conversation')).toHaveLength(1));
    expect(api.callsTo('GET', '/admin/chat/conversations').at(-1)?.query.get('filter')).toBe('unassigned');
  });

  it('opens a conversation, marks it read up to the newest message, and sends a trimmed reply', async () => {
    const api = serve(
      [waiting, assigned],
      answerPost(
        '/admin/chat/conversations/21/messages',
        ok({ ...conversation.messages[1], id: 303, sender: 'agent', text: 'We are checking it.' }),
      ),
    );
    renderPage(<ChatDeskPage />, { path: '/chat' });
    fireEvent.click((await within(queue()).findAllByTestId('desk-conversation'))[0] as HTMLElement);

    const panel = await screen.findByTestId('desk-conversation-panel');
    expect(await within(panel).findByText('I sent 500 USDT over TRC20 an hour ago.')).toBeTruthy();
    expect(within(panel).getByTestId('desk-verification').textContent).toBe('Verified');
    expect(within(panel).getByTestId('desk-assigned').textContent).toBe('Unassigned');
    expect((await api.sentOnce('POST', '/admin/chat/conversations/21/read')).body).toEqual({ up_to: 302 });

    const send = screen.getByTestId('desk-reply-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('desk-reply-input'), { target: { value: '  We are checking it. ' } });
    fireEvent.click(send);
    expect((await api.sentOnce('POST', '/admin/chat/conversations/21/messages')).body).toEqual({
      text: 'We are checking it.',
      client_id: expect.stringMatching(/^a[0-9a-f]{24}$/),
    });
    await waitFor(() => expect((screen.getByTestId('desk-reply-input') as HTMLTextAreaElement).value).toBe(''));
  });

  it('marks a conversation read once per newest message, even while a reply still counts it unread', async () => {
    const api = serve([waiting, assigned], undefined, { clearsUnread: false });
    renderPage(<ChatDeskPage />, { path: '/chat' });
    fireEvent.click((await within(queue()).findAllByTestId('desk-conversation'))[0] as HTMLElement);
    await api.sentOnce('POST', '/admin/chat/conversations/21/read');
    // The read refreshes the conversation, which still says 2 unread: no second read follows.
    await waitFor(() => expect(api.callsTo('GET', '/admin/chat/conversations/21').length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.callsTo('POST', '/admin/chat/conversations/21/read')).toHaveLength(1);
  });
});
