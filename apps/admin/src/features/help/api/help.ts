import { LANGS as APP_LANGS, type helpApi, LANG_NAMES } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { useActionDone } from '../../../lib/action-done';
import { apiGet, apiPost } from '../../../lib/api';
import { freshQuery } from '../../../lib/fresh-query';
import type { Paged } from '../../../lib/paging';

/** The seven languages of the product, English first: it is the fallback and must be filled in. */
export const LANGS = APP_LANGS.map((code) => ({ code, name: LANG_NAMES[code] }));

export type AdminHelpCategory = helpApi.ConsoleCategoryRow;
export type AdminHelpArticleRow = helpApi.ConsoleArticleRow;
export type ArticleTexts = Record<string, { title: string; body: string }>;
export type AdminHelpArticle = helpApi.ConsoleArticleReply;
export type ArticleInput = { category_id: number; slug: string; sort: number; published: boolean; texts: ArticleTexts };

export type AdminFeedback = helpApi.ConsoleFeedbackRow;

export const helpCategoriesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'help', 'categories'] as const,
    queryFn: ({ signal }) => apiGet<AdminHelpCategory[]>('/admin/help/categories', undefined, signal),
  });

export const helpArticlesQuery = (categoryId: number | null) =>
  queryOptions({
    queryKey: ['admin', 'help', 'articles', categoryId] as const,
    queryFn: ({ signal }) =>
      apiGet<AdminHelpArticleRow[]>('/admin/help/articles', { category_id: categoryId ?? undefined }, signal),
  });

export const helpArticleQuery = (id: number) =>
  freshQuery<AdminHelpArticle>(['admin', 'help', 'article', id], `/admin/help/articles/${id}`);

export function useSaveArticle() {
  const done = useActionDone(['admin', 'help']);
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ArticleInput }) =>
      apiPost<AdminHelpArticle>(id === null ? '/admin/help/articles' : `/admin/help/articles/${id}`, input),
    onSuccess: (saved) => done(`Article #${saved.id} saved.`),
  });
}

export function useDeleteArticle() {
  const done = useActionDone(['admin', 'help']);
  return useMutation({
    mutationFn: (id: number) => apiPost<boolean>(`/admin/help/articles/${id}/delete`),
    onSuccess: (_, id) => done(`Article #${id} deleted.`),
  });
}

export function useSaveCategory() {
  const done = useActionDone(['admin', 'help']);
  return useMutation({
    mutationFn: (input: { id?: number; slug: string; names: Record<string, string>; sort: number }) =>
      apiPost<{ id: number }>('/admin/help/categories', input),
    onSuccess: () => done('Category saved.'),
  });
}

export const feedbackQuery = (status: string, page: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'feedback', status, page, limit] as const,
    queryFn: ({ signal }) => apiGet<Paged<AdminFeedback>>('/admin/feedback', { status, page, limit }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
    staleTime: 0,
  });

export function useReplyFeedback() {
  const done = useActionDone(['admin', 'feedback']);
  return useMutation({
    mutationFn: ({ id, reply }: { id: number; reply: string }) =>
      apiPost<AdminFeedback>(`/admin/feedback/${id}/reply`, { reply }),
    onSuccess: (_, { id }) => done(`Reply to feedback #${id} sent.`),
  });
}
