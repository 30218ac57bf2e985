import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiGet } from './api';

/**
 * A read asked of the server each time a page opens it (`staleTime` 0 over the app's 10 s): a list
 * another operator may just have edited, the rows an edit starts from.
 */
export const freshQuery = <T>(queryKey: QueryKey, path: string) =>
  queryOptions({
    queryKey,
    queryFn: ({ signal }) => apiGet<T>(path, undefined, signal),
    staleTime: 0,
  });
