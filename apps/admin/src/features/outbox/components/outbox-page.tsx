import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Card, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FilterSearch } from '../../../components/filter-search';
import { RefreshButton } from '../../../components/refresh-button';
import { listTableProps } from '../../../lib/paging';
import { type OutboxRow, outboxQuery } from '../api/outbox';

function formatTime(value: string): string {
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toLocaleString();
}

function newestFirst(a: OutboxRow, b: OutboxRow): number {
  const byTime = (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0);
  return byTime !== 0 ? byTime : Number(b.id) - Number(a.id);
}

const columns: TableColumnsType<OutboxRow> = [
  { title: 'Time', dataIndex: 'created_at', key: 'created_at', width: 190, render: (v: string) => formatTime(v) },
  {
    title: 'Channel',
    dataIndex: 'channel',
    key: 'channel',
    width: 100,
    render: (v: string) => <Tag color={v === 'sms' ? 'blue' : v === 'email' ? 'green' : 'default'}>{v}</Tag>,
  },
  { title: 'Target', dataIndex: 'target', key: 'target', width: 220 },
  {
    title: 'Code',
    dataIndex: 'code',
    key: 'code',
    width: 130,
    render: (v: string | null) =>
      v ? (
        <Typography.Text code copyable>
          {v}
        </Typography.Text>
      ) : (
        '—'
      ),
  },
  { title: 'Subject', dataIndex: 'subject', key: 'subject', width: 220, render: (v: string | null) => v || '—' },
  {
    title: 'Delivered via',
    dataIndex: 'delivered',
    key: 'delivered',
    width: 120,
    render: (v: string | undefined) => v || '—',
  },
  {
    title: 'Body',
    dataIndex: 'body',
    key: 'body',
    render: (v: string) => <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{v}</Typography.Paragraph>,
  },
];

export function OutboxPage() {
  // The filter lives in the URL so a link to "codes sent to this address" can be shared between operators.
  const [params, setParams] = useSearchParams();
  const target = params.get('target') ?? '';
  const query = useQuery({ ...outboxQuery(target), placeholderData: keepPreviousData });
  // Sorted here rather than trusting the server's order: the newest code is the one being waited for.
  const rows = useMemo(() => [...(query.data ?? [])].sort(newestFirst), [query.data]);

  const applyTarget = (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set('target', value);
    else next.delete('target');
    setParams(next, { replace: true });
  };

  return (
    <Card title="Development outbox" extra={<RefreshButton query={query} />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title="Verification codes and notices land here when no SMS or e-mail provider is configured. Newest first; refreshes every 5 seconds."
        />
        <FilterSearch
          value={target}
          onSearch={applyTarget}
          label="Target filter"
          button="Filter"
          placeholder="Filter by phone number or e-mail address"
        />
        <Table<OutboxRow>
          {...listTableProps({ data: rows, isPending: query.isPending })}
          columns={columns}
          // The outbox is read whole; long runs of notices are paged here.
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          scroll={{ x: 1100 }}
          locale={{ emptyText: target ? `Nothing sent to ${target}` : 'The outbox is empty' }}
        />
      </Space>
    </Card>
  );
}
