import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';

/** Retry only transport failures: a server's answer (error, 999, 998) will not change on retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout')) return failureCount < 2;
  return false;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: shouldRetry,
      staleTime: 30_000,
      // A phone switching apps would refetch everything on return; pages refresh on mount instead.
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** Asks each of a page's reads again (a retry or a pull to refresh); resolves once all have answered. */
export function refetchAll(...queries: readonly { refetch: () => Promise<unknown> }[]): Promise<unknown[]> {
  return Promise.all(queries.map((query) => query.refetch()));
}

/** After a change: the reads under these keys go stale (those on screen ask again); resolves when they have. */
export function invalidateAll(client: QueryClient, keys: readonly QueryKey[]): Promise<unknown> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));
}
