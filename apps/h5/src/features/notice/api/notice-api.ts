import type { messagesApi, newsApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { pagedQuery } from '../../../lib/paged-query';

/** An announcement in a list: title and the start of its body, in the reader's language (or English). */
export type NewsItem = newsApi.NewsRow;
export type NewsDetail = newsApi.DetailReply;
export type MessageItem = messagesApi.MessageRow;
export type Unread = newsApi.UnreadReply;

export const noticeKeys = {
  all: ['notice'] as const,
  news: ['notice', 'news'] as const,
  detail: (id: number) => ['notice', 'detail', id] as const,
  messages: ['notice', 'messages'] as const,
  unread: ['notice', 'unread'] as const,
};

export const newsQuery = () => pagedQuery<newsApi.ListReply>(noticeKeys.news, 'post', 'news/list');

export const messagesQuery = () => pagedQuery<messagesApi.ListReply>(noticeKeys.messages, 'get', 'user/messages');

export const newsDetailQuery = (id: number) =>
  queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => api.post<NewsDetail>('news/detail', { id }, { loading: false, signal }),
  });

export const unreadQuery = () =>
  queryOptions({
    queryKey: noticeKeys.unread,
    queryFn: ({ signal }) => api.get<Unread>('notice/unread', undefined, { loading: false, signal }),
  });

export const markMessageRead = (body: { id: number } | { all: 1 }) => api.post<true>('user/messages/read', body);
export const markNewsRead = (body: { all: 1 }) => api.post<true>('news/read', body);
