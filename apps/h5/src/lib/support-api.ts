import type { chatApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * Help centre and support chat: the two calls other screens need besides the help pages —
 * the unread badge of the online-service button (home) and where online service lives.
 */
export const supportKeys = {
  unread: ['chat', 'unread'] as const,
  customerUrl: ['set', 'get_customer_url'] as const,
};

/** Agents' messages the signed-in user has not read yet. */
export const supportUnreadQuery = () =>
  queryOptions({
    queryKey: supportKeys.unread,
    queryFn: ({ signal }) => api.get<chatApi.UnreadReply>('chat/unread', undefined, { loading: false, toast: false, signal }),
    refetchInterval: 60_000,
  });

export type CustomerUrl = chatApi.CustomerUrlReply;

/** The built-in chat, or the external service the operators configured. */
export const customerUrlQuery = () =>
  queryOptions({
    queryKey: supportKeys.customerUrl,
    queryFn: ({ signal }) => api.post<CustomerUrl>('set/get_customer_url', undefined, { loading: false, signal }),
    staleTime: 5 * 60_000,
  });
