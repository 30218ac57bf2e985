import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { api, type Body } from './api';
import { nextPage, PAGE_SIZE, type Paged } from './wallet-api';

/**
 * An endless list read `PAGE_SIZE` rows at a time from a `page`/`limit` endpoint. The rows change with
 * things done elsewhere (reviews, other devices), so every visit asks again (pull-to-refresh as well).
 */
export function pagedQuery<Reply extends Paged<unknown>, Key extends QueryKey = QueryKey>(
  queryKey: Key,
  method: 'get' | 'post',
  path: string,
  params: Body = {},
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      api[method]<Reply>(path, { ...params, page: pageParam, limit: PAGE_SIZE }, { loading: false, signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });
}
