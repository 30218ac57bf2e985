import type { chatApi } from '@app/shared';
import { apiQuery } from './api-query';

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
  apiQuery<chatApi.UnreadReply>(supportKeys.unread, 'get', 'chat/unread', { toast: false, refetchInterval: 60_000 });

export type CustomerUrl = chatApi.CustomerUrlReply;

/** The built-in chat, or the external service the operators configured. */
export const customerUrlQuery = () =>
  apiQuery<CustomerUrl>(supportKeys.customerUrl, 'post', 'set/get_customer_url', { staleTime: 5 * 60_000 });
