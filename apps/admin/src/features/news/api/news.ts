import { LANGS, type Lang, type newsApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

export { LANGS };
export type NewsText = { title: string; body: string };
export type ConsoleNews = newsApi.ConsoleNews;
export type NewsInput = { published: boolean; pinned: boolean; texts: Partial<Record<Lang, NewsText>> };

const key = ['admin', 'news'] as const;

export const newsListQuery = (page: number) =>
  queryOptions({
    queryKey: [...key, page] as const,
    queryFn: ({ signal }) => apiGet<newsApi.ConsoleListReply>('/admin/news', { page, limit: 20 }, signal),
  });

/** Creates (no id) or replaces an announcement; every language's text is sent whole. */
export function useSaveNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: NewsInput }) =>
      apiPost<ConsoleNews>(id ? `/admin/news/${id}` : '/admin/news', input),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteNews() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiPost<true>(`/admin/news/${id}/delete`),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
