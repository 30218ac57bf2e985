import type { ReactNode } from 'react';
import { PageLoader } from './page-loader';
import { EmptyState, ErrorState } from './state-view';

/** A read a part of a page is drawn from (a react-query result). */
type Read<T> = { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown };

/**
 * A part of a page drawn from one read: `loading` (the inline loader unless the page has its own
 * placeholder) while it loads, the error state with a retry once it failed (even with an earlier reply
 * at hand), the empty state (`emptyText`) when `isEmpty` finds nothing to show, and otherwise
 * `children` with the reply.
 */
export function QueryView<T>({
  query,
  loading = <PageLoader inline />,
  isEmpty,
  emptyText,
  children,
}: {
  query: Read<T>;
  loading?: ReactNode;
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) return <ErrorState onRetry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <EmptyState text={emptyText} />;
  return children(query.data);
}
