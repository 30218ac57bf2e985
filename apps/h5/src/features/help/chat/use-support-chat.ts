import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { currentToken } from '../../../lib/auth-store';
import { currentLang } from '../../../lib/locale';
import { supportKeys } from '../../../lib/support-api';
import { type ChatSnapshot, olderMessages, openChat } from '../api/help-api';
import {
  addPending,
  applyRead,
  type ChatMessage,
  type ChatState,
  emptyChat,
  lastAgentId,
  lastId,
  mergeMessages,
  newClientId,
  type PendingMessage,
  removePending,
  setPendingState,
} from './messages';

export type ChatConnection = 'loading' | 'connecting' | 'online' | 'offline' | 'failed';
type Ack = { ok: true; message?: ChatMessage; messages?: ChatMessage[] } | { ok: false; error: string; message: string };

/** An unacknowledged send is given up (shown as failed, with retry) after this long. */
const ACK_TIMEOUT_MS = 10_000;

/**
 * The support conversation on screen: history from `chat/open`, then the `/support` socket namespace
 * (authenticated by the stored token). After every (re)connect it asks for what came after the newest
 * message it holds and resends what is still pending with the same client ids, so nothing sent by
 * either side while offline is lost and nothing is shown twice (merged by id). Agents' messages are
 * marked read while the page is visible.
 */
export function useSupportChat() {
  const [state, setState] = useState<ChatState>(emptyChat);
  const [connection, setConnection] = useState<ChatConnection>('loading');
  const [hasMore, setHasMore] = useState(false);
  const [welcome, setWelcome] = useState<Pick<ChatSnapshot, 'greeting' | 'hours'>>();
  const socketRef = useRef<Socket | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const queryClient = useQueryClient();

  const update = useCallback((change: (s: ChatState) => ChatState) => {
    setState((s) => {
      const next = change(s);
      stateRef.current = next;
      return next;
    });
  }, []);

  const emitSend = useCallback(
    (pending: PendingMessage) => {
      const socket = socketRef.current;
      if (!socket?.connected) return; // resent on the next connect
      update((s) => setPendingState(s, pending.client_id, { state: 'sending', error: undefined }));
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emit(
          'chat:send',
          { client_id: pending.client_id, ...(pending.upload_id ? { upload_id: pending.upload_id } : { text: pending.text }) },
          (error: Error | null, reply: Ack) => {
            if (error) {
              update((s) => setPendingState(s, pending.client_id, { state: 'failed' }));
              return;
            }
            if (reply.ok && reply.message) update((s) => mergeMessages(s, [reply.message!]));
            else if (!reply.ok) update((s) => setPendingState(s, pending.client_id, { state: 'failed', error: reply.message }));
          },
        );
    },
    [update],
  );

  useEffect(() => {
    let stopped = false;
    let socket: Socket | undefined;
    (async () => {
      try {
        const snapshot = await openChat();
        if (stopped) return;
        update((s) =>
          applyRead(
            applyRead(mergeMessages(s, snapshot.messages), 'agent', snapshot.agent_read_id),
            'user',
            snapshot.user_read_id,
          ),
        );
        setHasMore(snapshot.has_more);
        setWelcome({ greeting: snapshot.greeting, hours: snapshot.hours });
      } catch {
        if (!stopped) setConnection('failed');
        return;
      }
      const { io } = await import('socket.io-client');
      if (stopped) return;
      setConnection('connecting');
      socket = io('/support', {
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: (cb) => cb({ token: currentToken() ?? '', lang: currentLang() }),
        reconnection: true,
        reconnectionDelay: 1_000,
        reconnectionDelayMax: 10_000,
      });
      socketRef.current = socket;
      socket.on('connect', () => {
        setConnection('online');
        // Catch up on what arrived while we were away, then resend what is still ours to send.
        socket!.emit('chat:history', { after_id: lastId(stateRef.current), limit: 100 }, (reply: Ack) => {
          if (reply.ok && reply.messages) update((s) => mergeMessages(s, reply.messages!));
        });
        for (const pending of stateRef.current.pending) if (pending.state === 'sending') emitSend(pending);
      });
      socket.on('disconnect', (reason) => {
        setConnection('connecting');
        // The server closed it on purpose (e.g. a restart): ask again; otherwise socket.io retries itself.
        if (reason === 'io server disconnect') setTimeout(() => socket?.connect(), 2_000);
      });
      socket.on('connect_error', () => {
        // A refused handshake (signed out elsewhere) is not retried by the library: keep asking slowly.
        setConnection('offline');
        if (!socket?.active) setTimeout(() => socket?.connect(), 5_000);
      });
      socket.on('chat:message', (message: ChatMessage) => update((s) => mergeMessages(s, [message])));
      socket.on('chat:read', (event: { reader: 'user' | 'agent'; read_id: number }) =>
        update((s) => applyRead(s, event.reader, event.read_id)),
      );
    })();
    return () => {
      stopped = true;
      socket?.removeAllListeners();
      socket?.disconnect();
      socketRef.current = null;
    };
  }, [update, emitSend]);

  // Agents' messages on screen are read: tell the server (and so the agent's receipt and our badge).
  const newestAgent = lastAgentId(state);
  useEffect(() => {
    if (connection !== 'online' || newestAgent <= state.userReadId) return;
    const mark = () => {
      if (document.visibilityState !== 'visible') return;
      socketRef.current?.emit('chat:read', { up_to: newestAgent }, (reply: { ok: boolean; read_id?: number }) => {
        if (reply.ok && reply.read_id !== undefined) {
          update((s) => applyRead(s, 'user', reply.read_id!));
          void queryClient.invalidateQueries({ queryKey: supportKeys.unread });
        }
      });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [connection, newestAgent, state.userReadId, update, queryClient]);

  const sendText = useCallback(
    (text: string) => {
      const pending: PendingMessage = { client_id: newClientId(), kind: 'text', text, state: 'sending' };
      update((s) => addPending(s, pending));
      emitSend(pending);
    },
    [update, emitSend],
  );

  const sendImage = useCallback(
    (uploadId: string, preview: string) => {
      const pending: PendingMessage = {
        client_id: newClientId(),
        kind: 'image',
        text: '',
        upload_id: uploadId,
        preview,
        state: 'sending',
      };
      update((s) => addPending(s, pending));
      emitSend(pending);
    },
    [update, emitSend],
  );

  const retry = useCallback(
    (clientId: string) => {
      const pending = stateRef.current.pending.find((p) => p.client_id === clientId);
      if (!pending) return;
      update((s) => setPendingState(s, clientId, { state: 'sending', error: undefined }));
      emitSend({ ...pending, state: 'sending' });
    },
    [update, emitSend],
  );

  const discard = useCallback((clientId: string) => update((s) => removePending(s, clientId)), [update]);

  const loadOlder = useCallback(async () => {
    const first = stateRef.current.messages[0];
    if (!first) return;
    const older = await olderMessages(first.id);
    update((s) => mergeMessages(s, older.messages));
    setHasMore(older.has_more);
  }, [update]);

  return { state, connection, hasMore, welcome, sendText, sendImage, retry, discard, loadOlder };
}
