import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { api, type Body } from './api';

type ReadOptions<Reply> = {
  params?: Body;
  /** `false`: a failure shows no toast (the page says so in its own way). */
  toast?: false;
  staleTime?: number;
  retry?: boolean;
  refetchInterval?: number;
  enabled?: boolean;
  /** What is done with each reply as it arrives, before any page sees it (a copy kept on the device). */
  onReply?: (reply: Reply) => void;
};

/**
 * A read of one reply for a query: the page draws its own loading state, so the shared loading toast
 * stays away, and leaving the page cancels the request.
 */
export function apiQuery<Reply, Key extends QueryKey = QueryKey>(
  queryKey: Key,
  method: 'get' | 'post',
  path: string,
  { params, toast, onReply, ...options }: ReadOptions<Reply> = {},
) {
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }) => {
      const reply = await api[method]<Reply>(path, params, { loading: false, toast, signal });
      onReply?.(reply);
      return reply;
    },
    ...options,
  });
}
