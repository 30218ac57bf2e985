import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from './api';

/**
 * A setting the console reads and saves whole at one path (the product switches, the chat greeting).
 * A save replies with what the server stored, which replaces the cached value.
 */
export function wholeSetting<T, Change = T>(key: readonly string[], path: string) {
  return {
    query: () => queryOptions({ queryKey: key, queryFn: ({ signal }) => apiGet<T>(path, undefined, signal) }),
    useSave: () => {
      const client = useQueryClient();
      return useMutation({
        mutationFn: (change: Change) => apiPost<T>(path, change),
        onSuccess: (saved) => client.setQueryData(key, saved),
      });
    },
  };
}
