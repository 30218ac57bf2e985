import type { chatApi, helpApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

export type HelpCategory = helpApi.CategoryRow;
export type HelpArticleItem = helpApi.ArticleRow;
export type HelpArticle = helpApi.ArticleReply;
export type Feedback = helpApi.FeedbackRow;
export type FeedbackPage = helpApi.FeedbackListReply;
/** `greeting`: the operators' greeting in the user's language (or English, or the built-in one). */
export type ChatSnapshot = chatApi.OpenReply;

export type ChatHours = chatApi.ChatHours;

export const helpKeys = {
  categories: (lang: string) => ['help', 'categories', lang] as const,
  articles: (lang: string, categoryId: number | null, q: string) => ['help', 'articles', lang, categoryId, q] as const,
  article: (lang: string, id: number) => ['help', 'article', lang, id] as const,
  feedback: ['help', 'feedback'] as const,
};

// The language is part of each FAQ key: switching language fetches the articles in the new one.
export const categoriesQuery = (lang: string) => apiQuery<HelpCategory[]>(helpKeys.categories(lang), 'get', 'help/categories');

export const articlesQuery = (lang: string, categoryId: number | null, q: string) =>
  apiQuery<HelpArticleItem[]>(helpKeys.articles(lang, categoryId, q), 'get', 'help/articles', {
    params: { ...(categoryId ? { category_id: categoryId } : {}), ...(q ? { q } : {}) },
  });

export const articleQuery = (lang: string, id: number) =>
  apiQuery<HelpArticle>(helpKeys.article(lang, id), 'get', 'help/article', { params: { id }, toast: false, retry: false });

export const feedbackQuery = () =>
  apiQuery<FeedbackPage>(helpKeys.feedback, 'get', 'help/feedback', { params: { limit: 50 }, staleTime: 0 });

export const sendFeedback = (input: { content: string; images: string[] }) =>
  api.post<Feedback>('help/feedback', { content: input.content, images: input.images.join(',') });

export const readFeedbackReplies = () => api.post<boolean>('help/feedback/read', undefined, { loading: false, toast: false });

export const openChat = () => api.post<ChatSnapshot>('chat/open', undefined, { loading: false });
export const olderMessages = (beforeId: number) =>
  api.get<chatApi.HistoryReply>('chat/messages', { before_id: beforeId, limit: 50 }, { loading: false });
