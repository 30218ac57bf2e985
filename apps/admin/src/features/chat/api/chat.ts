import type { chatApi } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import { ApiError, apiGet, apiPost } from '../../../lib/api';
import { currentToken } from '../../../lib/auth-store';
import { freshQuery } from '../../../lib/fresh-query';

/** `sender` system: the automatic reply outside the team's hours; `text` is rendered as text, never as markup. */
export type DeskMessage = chatApi.ChatMessage;
export type DeskConversationRow = chatApi.QueueRow;
export type DeskConversation = chatApi.DeskConversationReply;

export const chatKeys = { all: ['admin', 'chat'] as const };

export const queueQuery = (filter: string, page: number, limit: number) =>
  queryOptions({
    queryKey: [...chatKeys.all, 'queue', filter, page, limit] as const,
    queryFn: ({ signal }) => apiGet<chatApi.ConversationsReply>('/admin/chat/conversations', { filter, page, limit }, signal),
    placeholderData: keepPreviousData,
    // The socket refreshes it on every event; this is the safety net when the socket is down.
    refetchInterval: 30_000,
    staleTime: 0,
  });

export const conversationQuery = (id: number) =>
  freshQuery<DeskConversation>([...chatKeys.all, 'conversation', id], `/admin/chat/conversations/${id}`);

export function useDeskActions(conversationId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: chatKeys.all });
  const assign = useMutation({
    mutationFn: () => apiPost<unknown>(`/admin/chat/conversations/${conversationId}/assign`),
    onSuccess: () => {
      void message.success(`Conversation #${conversationId} assigned to you.`);
      return refresh();
    },
  });
  const reply = useMutation({
    mutationFn: (input: { text?: string; upload_id?: string; client_id: string }) =>
      apiPost<DeskMessage>(`/admin/chat/conversations/${conversationId}/messages`, input),
    onSuccess: refresh,
  });
  const read = useMutation({
    mutationFn: (upTo: number) =>
      apiPost<unknown>(`/admin/chat/conversations/${conversationId}/read`, { up_to: upTo }, { quiet: true }),
    onSuccess: refresh,
  });
  return { assign, reply, read };
}

/** Uploads an image for a reply (multipart, with the operator's token); returns the upload id. */
export async function uploadDeskImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name || 'image');
  const token = currentToken();
  const response = await fetch('/api/admin/chat/upload', {
    method: 'POST',
    headers: { lang: 'en', Accept: 'application/json', ...(token ? { Authorization: token } : {}) },
    body: form,
  });
  const payload = (await response.json().catch(() => null)) as { type?: string; message?: unknown; error?: string } | null;
  if (payload?.type === 'ok') return (payload.message as { id: string }).id;
  const text = typeof payload?.message === 'string' ? payload.message : `Upload failed (HTTP ${response.status}).`;
  void message.error(text);
  throw new ApiError(text, payload?.error ?? 'upload_failed', payload?.type ?? 'error', response.status);
}

export const newClientId = () =>
  `a${Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/**
 * The desk's live connection: the `/support` namespace with the console token (`agent: true`). Every
 * message, read receipt and assignment refreshes the desk's queries; after a reconnect they are
 * refreshed once too, so nothing that happened while offline is missed.
 */
export function useDeskSocket(): 'connecting' | 'online' | 'refused' {
  const client = useQueryClient();
  const [state, setState] = useState<'connecting' | 'online' | 'refused'>('connecting');
  useEffect(() => {
    let socket: Socket | undefined;
    let stopped = false;
    const refresh = () => void client.invalidateQueries({ queryKey: chatKeys.all });
    void import('socket.io-client').then(({ io }) => {
      if (stopped) return;
      socket = io('/support', {
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: (cb) => cb({ token: currentToken() ?? '', agent: true }),
      });
      socket.on('connect', () => {
        setState('online');
        refresh();
      });
      socket.on('disconnect', () => setState('connecting'));
      socket.on('connect_error', () => setState('refused'));
      socket.on('chat:message', refresh);
      socket.on('chat:read', refresh);
      socket.on('chat:conversation', refresh);
    });
    return () => {
      stopped = true;
      socket?.removeAllListeners();
      socket?.disconnect();
    };
  }, [client]);
  return state;
}
