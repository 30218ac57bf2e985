import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import type { ReactNode } from 'react';
import type { Paged } from '../lib/wallet-api';
import { PageLoader } from './page-loader';
import { EmptyState, ErrorState } from './state-view';
import './paged-list.css';
import './record-card.css';

/** Rows are keyed by their `id`, which every paged server list carries. */
type Props<T extends { id: string | number }> = {
  query: UseInfiniteQueryResult<InfiniteData<Paged<T>>>;
  renderItem: (item: T) => ReactNode;
  emptyText?: ReactNode;
  testId?: string;
};

/** A paged server list drawn as one list: loading, error and empty states, then infinite scroll. */
export function PagedList<T extends { id: string | number }>({ query, renderItem, emptyText, testId }: Props<T>) {
  if (query.isPending) return <PageLoader inline />;
  if (query.isError && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const items = query.data?.pages.flatMap((p) => p.list) ?? [];
  if (items.length === 0) return <EmptyState text={emptyText} />;
  return (
    <div className="paged-list" data-testid={testId}>
      {items.map((item) => (
        <div key={item.id} className="paged-list__item">
          {renderItem(item)}
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
