import { describe, expect, it } from 'vitest';
import {
  addPending,
  applyRead,
  type ChatMessage,
  emptyChat,
  lastAgentId,
  lastId,
  mergeMessages,
  newClientId,
  unreadCount,
} from './messages';

const msg = (id: number, sender: 'user' | 'agent' = 'agent', client_id: string | null = null): ChatMessage => ({
  id,
  conversation_id: 1,
  sender,
  kind: 'text',
  text: `m${id}`,
  image: null,
  client_id,
  created_at: new Date(1_700_000_000_000 + id).toISOString(),
});

describe('chat messages', () => {
  it('merges pushes, history and catch-up by id, in order, without duplicates', () => {
    let s = mergeMessages(emptyChat, [msg(3), msg(1)]);
    s = mergeMessages(s, [msg(2), msg(3)]);
    s = mergeMessages(s, [msg(3)]);
    expect(s.messages.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(lastId(s)).toBe(3);
  });

  it('replaces a pending message once the server has stored it, even if the push comes before the ack', () => {
    let s = addPending(emptyChat, { client_id: 'cabc', kind: 'text', text: 'hi', state: 'sending' });
    s = mergeMessages(s, [msg(7, 'user', 'cabc')]);
    expect(s.pending).toEqual([]);
    expect(s.messages).toHaveLength(1);
    // The acknowledgement of the same message changes nothing more.
    const again = mergeMessages(s, [s.messages[0]!]);
    expect(again).toBe(s);
  });

  it('counts unread agents’ messages after our read mark; read marks never go back', () => {
    let s = mergeMessages(emptyChat, [msg(1, 'user'), msg(2), msg(3), msg(4, 'user')]);
    expect(unreadCount(s)).toBe(2);
    expect(lastAgentId(s)).toBe(3);
    s = applyRead(s, 'user', 3);
    expect(unreadCount(s)).toBe(0);
    expect(applyRead(s, 'user', 1)).toBe(s);
    s = applyRead(s, 'agent', 4);
    expect(s.agentReadId).toBe(4);
  });

  it('makes client ids the server accepts', () => {
    const id = newClientId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(id);
  });
});
