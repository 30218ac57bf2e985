import type { messagesApi, newsApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';
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
  apiQuery<NewsDetail>(noticeKeys.detail(id), 'post', 'news/detail', { params: { id } });

export const unreadQuery = () => apiQuery<Unread>(noticeKeys.unread, 'get', 'notice/unread');

export const markMessageRead = (body: { id: number } | { all: 1 }) => api.post<true>('user/messages/read', body);
export const markNewsRead = (body: { all: 1 }) => api.post<true>('news/read', body);
