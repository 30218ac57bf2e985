import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { api, type Body } from './api';

type ReadOptions = {
  params?: Body;
  /** `false`: a failure shows no toast (the page says so in its own way). */
  toast?: false;
  staleTime?: number;
  retry?: boolean;
  refetchInterval?: number;
  enabled?: boolean;
};

/**
 * A read of one reply for a query: the page draws its own loading state, so the shared loading toast
 * stays away, and leaving the page cancels the request.
 */
export function apiQuery<Reply, Key extends QueryKey = QueryKey>(
  queryKey: Key,
  method: 'get' | 'post',
  path: string,
  { params, toast, ...options }: ReadOptions = {},
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api[method]<Reply>(path, params, { loading: false, toast, signal }),
    ...options,
  });
}
