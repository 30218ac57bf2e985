import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useSearchParams } from 'react-router';
import { apiGet } from './api';

/** Every paged list of the API answers this (docs/api-money.md). */
export type Paged<T> = { list: T[]; total: number; page: number; limit: number };

export const DEFAULT_LIMIT = 20;

/**
 * Page, page size and filters of a list, kept in the URL so a reload, the back button or a link
 * shared with another operator shows the same rows. Changing a filter goes back to page 1.
 */
export function useListParams<F extends string>(filters: Record<F, string>) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Math.min(100, Math.max(1, Number(params.get('limit')) || DEFAULT_LIMIT));
  const values = Object.fromEntries((Object.keys(filters) as F[]).map((key) => [key, params.get(key) ?? filters[key]])) as Record<
    F,
    string
  >;

  const update = (changes: Record<string, string | number | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { replace: true });
  };

  return {
    page,
    limit,
    filters: values,
    setFilter: (key: F, value: string) => update({ [key]: value, page: null }),
    setPage: (nextPage: number, nextLimit: number) =>
      update({ page: nextPage, limit: nextLimit === DEFAULT_LIMIT ? null : nextLimit }),
  };
}

/** antd Table pagination driven by the server's page, not by slicing rows on the client. */
export function serverPagination(
  data: Paged<unknown> | undefined,
  page: number,
  limit: number,
  onChange: (page: number, limit: number) => void,
): TablePaginationConfig {
  return {
    current: data?.page ?? page,
    pageSize: data?.limit ?? limit,
    total: data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => `${total} in all`,
    onChange,
  };
}

/**
 * The props every server-paged console table shares: rows keyed by id, compact, the server's rows and
 * page, and the spinner while the first page loads.
 */
export function pagedTableProps<T>(
  query: { data?: Paged<T> | undefined; isPending: boolean },
  page: number,
  limit: number,
  onChange: (page: number, limit: number) => void,
) {
  return {
    rowKey: 'id',
    size: 'small' as const,
    dataSource: query.data?.list ?? [],
    loading: query.isPending,
    pagination: serverPagination(query.data, page, limit, onChange),
  };
}

/**
 * The props of a server-paged table at the fixed page size its query asks for (DEFAULT_LIMIT), its
 * page kept in the component rather than the URL (a drawer's list, a short list): as pagedTableProps,
 * without a page-size choice.
 */
export function fixedPageTableProps<T>(
  query: { data?: Paged<T> | undefined; isPending: boolean },
  page: number,
  onChange: (page: number) => void,
) {
  return {
    ...pagedTableProps(query, page, DEFAULT_LIMIT, onChange),
    pagination: { current: page, pageSize: DEFAULT_LIMIT, total: query.data?.total ?? 0, onChange, showSizeChanger: false },
  };
}

/** A list's page and filters as the server reads them: a filter set to "all" (or left empty) is not sent. */
export type ListFilter = Record<string, string | number> & { page: number; limit: number };

export const serverFilter = (filter: ListFilter) =>
  Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, value === 'all' || value === '' ? undefined : value]));

/**
 * One page of a filtered list, re-read from the server whenever the list opens (`staleTime` 0), the
 * rows on screen kept while the next page or filter loads; `refetchInterval` re-reads a list that
 * fills while it is open.
 */
export const filteredPageQuery = <T, F extends ListFilter>(
  key: readonly string[],
  path: string,
  filter: F,
  refetchInterval?: number,
) =>
  queryOptions({
    queryKey: [...key, filter] as const,
    queryFn: ({ signal }) => apiGet<Paged<T>>(path, serverFilter(filter), signal),
    placeholderData: keepPreviousData,
    refetchInterval,
    staleTime: 0,
  });

/**
 * One page of a review queue (deposits, withdrawals, identity checks, approvals). The queue fills
 * while it is open, so it is re-read every half minute; and opening it always asks the server, since
 * a cached row may already have been decided by another operator.
 */
export const reviewQueueQuery = <T, F extends ListFilter>(key: readonly string[], path: string, filter: F) =>
  filteredPageQuery<T, F>(key, path, filter, 30_000);

/**
 * The props every unpaged console table shares (a list the server sends whole, or rows derived from
 * it): rows keyed by id unless told otherwise, compact, and the spinner while the list loads.
 */
export function listTableProps<T>(
  query: { data?: T[] | undefined; isPending: boolean },
  rowKey: keyof T | ((row: T) => string) = 'id' as keyof T,
) {
  return {
    rowKey,
    size: 'small' as const,
    dataSource: query.data ?? [],
    loading: query.isPending,
    pagination: false as const,
  };
}
