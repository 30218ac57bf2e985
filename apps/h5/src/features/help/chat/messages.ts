/**
 * The chat's message list as pure functions: messages arrive from the history call, live pushes, the
 * catch-up after a reconnect and acknowledgements of our own sends — often the same message twice.
 * Everything is merged by server id (and a pending message by its client id), kept in id order.
 */

import type { chatApi } from '@app/shared';

/** One stored message; `sender` system: the automatic reply to a message sent outside the team's hours. */
export type ChatMessage = chatApi.ChatMessage;

/** A message of ours not yet acknowledged by the server (sending, or waiting for the connection). */
export type PendingMessage = {
  client_id: string;
  kind: 'text' | 'image';
  text: string;
  upload_id?: string;
  /** A local preview of an image being sent. */
  preview?: string;
  state: 'sending' | 'failed';
  error?: string;
};

export type ChatState = {
  messages: ChatMessage[];
  pending: PendingMessage[];
  /** The agents' read mark: our messages up to it are read. */
  agentReadId: number;
  /** Our read mark: agents' messages after it are unread. */
  userReadId: number;
};

export const emptyChat: ChatState = { messages: [], pending: [], agentReadId: 0, userReadId: 0 };

/** Adds messages not yet known (by id), in id order; a stored message replaces its pending copy. */
export function mergeMessages(state: ChatState, incoming: ChatMessage[]): ChatState {
  if (incoming.length === 0) return state;
  const byId = new Map(state.messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  const messages = [...byId.values()].sort((a, b) => a.id - b.id);
  const stored = new Set(incoming.map((m) => m.client_id).filter(Boolean));
  const pending = state.pending.filter((p) => !stored.has(p.client_id));
  if (messages.length === state.messages.length && pending.length === state.pending.length) {
    // Only re-sent copies of known messages: keep the same state object (no re-render).
    const changed = incoming.some((m) => state.messages.find((x) => x.id === m.id) !== m);
    if (!changed) return state;
  }
  return { ...state, messages, pending };
}

export function addPending(state: ChatState, pending: PendingMessage): ChatState {
  return { ...state, pending: [...state.pending.filter((p) => p.client_id !== pending.client_id), pending] };
}

export function setPendingState(state: ChatState, clientId: string, change: Partial<PendingMessage>): ChatState {
  return { ...state, pending: state.pending.map((p) => (p.client_id === clientId ? { ...p, ...change } : p)) };
}

export function removePending(state: ChatState, clientId: string): ChatState {
  return { ...state, pending: state.pending.filter((p) => p.client_id !== clientId) };
}

/** Read marks only move forward. */
export function applyRead(state: ChatState, reader: 'user' | 'agent', readId: number): ChatState {
  if (reader === 'agent' && readId > state.agentReadId) return { ...state, agentReadId: readId };
  if (reader === 'user' && readId > state.userReadId) return { ...state, userReadId: readId };
  return state;
}

/** The newest message id we hold: the catch-up after a reconnect asks for what came after it. */
export const lastId = (state: ChatState) => state.messages.at(-1)?.id ?? 0;

/** The newest agents' message, to mark read while the chat is on screen. */
export const lastAgentId = (state: ChatState) => {
  for (let i = state.messages.length - 1; i >= 0; i--) if (state.messages[i]!.sender === 'agent') return state.messages[i]!.id;
  return 0;
};

export const unreadCount = (state: ChatState) =>
  state.messages.filter((m) => m.sender === 'agent' && m.id > state.userReadId).length;

/** A client id for a new message (the server stores a resend with the same id once). */
export function newClientId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `c${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
