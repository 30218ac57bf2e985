import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { type Paged, pagedTableProps, useListParams } from '../lib/paging';

/** One row of a review queue: anything with an id and a review status. */
export type Reviewable = { id: number; status: string };

export type QueueFilter<F extends string> = {
  key: F;
  options: { label: string; value: string }[];
  testId: string;
};

type ReviewQueueProps<T extends Reviewable, F extends string, K extends QueryKey> = {
  title: string;
  /** Prefix of the row buttons' test id: `<noun>-open`. */
  noun: string;
  tableTestId: string;
  /** The filters shown above the table, the first one being the status; their defaults open the queue. */
  filters: QueueFilter<F>[];
  defaults: Record<F, string>;
  query: (filter: Record<F, string> & { page: number; limit: number }) => UseQueryOptions<Paged<T>, Error, Paged<T>, K>;
  /** The columns of the row itself; the Review/View button is added at the end. */
  columns: TableColumnsType<T>;
  emptyText: { pending: string; other: string };
  scrollX: number;
  drawer: (row: T | null, onClose: () => void) => ReactNode;
};

/**
 * The operators' queues of things to review (deposits, withdrawals, identity checks): a status filter
 * kept in the URL, a server-paged table, and a drawer for the chosen row. Pending rows are offered for
 * review, the others only for viewing.
 */
export function ReviewQueue<T extends Reviewable, F extends string, K extends QueryKey = QueryKey>(
  props: ReviewQueueProps<T, F, K>,
) {
  const { page, limit, filters, setFilter, setPage } = useListParams<F>(props.defaults);
  const query = useQuery(props.query({ ...filters, page, limit }));
  // The id, not the row: a refetch replaces the row object, and the drawer should show the fresh one.
  const [openId, setOpenId] = useState<number | null>(null);
  const open = query.data?.list.find((row) => row.id === openId) ?? null;
  const status = props.filters[0] ? filters[props.filters[0].key] : 'pending';

  const columns: TableColumnsType<T> = [
    ...props.columns,
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_, row) => (
        <Button
          size="small"
          type={row.status === 'pending' ? 'primary' : 'default'}
          onClick={() => setOpenId(row.id)}
          data-testid={`${props.noun}-open`}
        >
          {row.status === 'pending' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <Card
      title={props.title}
      extra={
        <Button onClick={() => void query.refetch()} loading={query.isFetching} data-testid="list-refresh">
          Refresh
        </Button>
      }
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space wrap>
          {props.filters.map((filter) => (
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
          locale={{ emptyText: status === 'pending' ? props.emptyText.pending : props.emptyText.other }}
          data-testid={props.tableTestId}
        />
      </Space>
      {props.drawer(open, () => setOpenId(null))}
    </Card>
  );
}

/** Review states as the queues filter them: deposits and withdrawals are approved, identities verified. */
export const reviewStatusOptions = (done: 'Approved' | 'Verified') => [
  { label: 'Pending', value: 'pending' },
  { label: done, value: done.toLowerCase() },
  { label: 'Rejected', value: 'rejected' },
  { label: 'All', value: 'all' },
];

/**
 * The reject form every review drawer ends with: a required reason the user will see, and a danger
 * button. `onReject` receives the trimmed reason.
 */
export function RejectReasonForm(props: {
  noun: string;
  /** A line under the field saying what rejecting does. */
  extra?: string;
  busy: boolean;
  loading: boolean;
  onReject: (reason: string) => void;
}) {
  return (
    <Form<{ reason: string }>
      layout="vertical"
      requiredMark={false}
      disabled={props.busy}
      onFinish={(values) => props.onReject(values.reason.trim())}
    >
      <Form.Item
        label="Reason (shown to the user)"
        name="reason"
        extra={props.extra}
        rules={[{ required: true, whitespace: true, message: 'Enter the reason the user will see.' }]}
      >
        <Input.TextArea rows={2} maxLength={500} showCount data-testid={`${props.noun}-reject-reason`} />
      </Form.Item>
      <Button danger htmlType="submit" loading={props.loading} data-testid={`${props.noun}-reject`}>
        Reject…
      </Button>
    </Form>
  );
}
