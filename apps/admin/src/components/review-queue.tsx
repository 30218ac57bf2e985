import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { formatTime } from '../lib/format';
import { type Paged, pagedTableProps, useListParams } from '../lib/paging';
import { actionsColumn } from './actions-column';
import { RefreshButton } from './refresh-button';
import { StatusTag } from './status-tag';

/** One row of a review queue: anything with an id, a review status and the time it was asked for. */
export type Reviewable = { id: number; status: string; created_at: string };

export type QueueFilter<F extends string> = {
  key: F;
  options: { label: string; value: string }[];
  testId: string;
};

type ReviewQueueProps<T extends Reviewable, F extends string, K extends QueryKey> = {
  title: string;
  /** Prefix of the test ids: `<noun>-status-filter`, and `<noun>-open` on the row buttons. */
  noun: string;
  tableTestId: string;
  /** What the status filter calls a decided request (deposits are approved, identities verified). */
  done: 'Approved' | 'Verified';
  /** Filters shown after the status, with the values that open the queue. */
  filters?: QueueFilter<F>[];
  defaults?: Record<F, string>;
  query: (
    filter: Record<F | 'status', string> & { page: number; limit: number },
  ) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  /** The columns that describe the request; the id, the time asked, the status and the Review/View button frame them. */
  columns: TableColumnsType<T>;
  /** The heading of the time the request was made: "Submitted" unless the queue words it otherwise. */
  askedTitle?: string;
  emptyText: { pending: string; other: string };
  scrollX: number;
  drawer: (row: T | null, onClose: () => void) => ReactNode;
};

/**
 * The operators' queues of things to review (deposits, withdrawals, identity checks, approvals): a
 * status filter kept in the URL, pending first, a server-paged table, and a drawer for the chosen row.
 * Pending rows are offered for review, the others only for viewing.
 */
export function ReviewQueue<T extends Reviewable, F extends string = never, K extends QueryKey = QueryKey>(
  props: ReviewQueueProps<T, F, K>,
) {
  const { page, limit, filters, setFilter, setPage } = useListParams<F | 'status'>({
    status: 'pending',
    ...(props.defaults as Record<F, string>),
  });
  const query = useQuery(props.query({ ...filters, page, limit }));
  // The id, not the row: a refetch replaces the row object, and the drawer should show the fresh one.
  const [openId, setOpenId] = useState<number | null>(null);
  const open = query.data?.list.find((row) => row.id === openId) ?? null;
  const shownFilters: QueueFilter<F | 'status'>[] = [
    { key: 'status', options: reviewStatusOptions(props.done), testId: `${props.noun}-status-filter` },
    ...(props.filters ?? []),
  ];

  const columns: TableColumnsType<T> = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    ...props.columns,
    { title: props.askedTitle ?? 'Submitted', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
    { title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => <StatusTag status={v} /> },
    actionsColumn(100, (row) => (
      <Button
        size="small"
        type={row.status === 'pending' ? 'primary' : 'default'}
        onClick={() => setOpenId(row.id)}
        data-testid={`${props.noun}-open`}
      >
        {row.status === 'pending' ? 'Review' : 'View'}
      </Button>
    )),
  ];

  return (
    <Card title={props.title} extra={<RefreshButton query={query} testId="list-refresh" />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          {shownFilters.map((filter) => (
            <Segmented
              key={filter.key}
              options={filter.options}
              value={filters[filter.key]}
              onChange={(v) => setFilter(filter.key, String(v))}
              data-testid={filter.testId}
            />
          ))}
        </Space>
        <Table<T>
          {...pagedTableProps(query, page, limit, setPage)}
          columns={columns}
          scroll={{ x: props.scrollX }}
          locale={{ emptyText: filters.status === 'pending' ? props.emptyText.pending : props.emptyText.other }}
          data-testid={props.tableTestId}
        />
      </Space>
      {props.drawer(open, () => setOpenId(null))}
    </Card>
  );
}

/** Review states as the queues filter them: deposits and withdrawals are approved, identities verified. */
const reviewStatusOptions = (done: 'Approved' | 'Verified') => [
  { label: 'Pending', value: 'pending' },
  { label: done, value: done.toLowerCase() },
  { label: 'Rejected', value: 'rejected' },
  { label: 'All', value: 'all' },
];
