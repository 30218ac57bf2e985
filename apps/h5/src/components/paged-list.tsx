import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { type ComponentType, createElement, type ReactNode } from 'react';
import type { Paged } from '../lib/wallet-api';
import { PageLoader } from './page-loader';
import { EmptyState, ErrorState } from './state-view';
import './paged-list.css';
import './record-card.css';

/** How a row is drawn: a card component given the row, or a function for cards that need more. */
type Rows<T> = { item: ComponentType<{ row: T }>; renderItem?: never } | { renderItem: (item: T) => ReactNode; item?: never };

/** Rows are keyed by their `id`, which every paged server list carries. */
type Props<T extends { id: string | number }> = Rows<T> & {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  emptyText?: ReactNode;
  testId?: string;
};

/** A paged server list drawn as one list: loading, error and empty states, then infinite scroll. */
export function PagedList<T extends { id: string | number }>({ query, item, renderItem, emptyText, testId }: Props<T>) {
  if (query.isPending) return <PageLoader inline />;
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (items.length === 0) return <EmptyState text={emptyText} />;
  return (
    <div className="paged-list" data-testid={testId}>
      {items.map((row) => (
        <div key={row.id} className="paged-list__item">
          {item ? createElement(item, { row }) : renderItem(row)}
        </div>
      ))}
      <InfiniteScroll
        hasMore={!!query.hasNextPage}
        loadMore={async () => {
          const result = await query.fetchNextPage();
          // InfiniteScroll stops asking after a rejection; a failed page shows the retry below instead.
          if (result.isError) throw result.error;
        }}
      />
    </div>
  );
}
