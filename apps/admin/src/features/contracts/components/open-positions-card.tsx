import { trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../../lib/format';
import { type ConsolePosition, consolePositionsQuery } from '../api/contracts';

const STATUSES = [
  { value: '', label: 'Open (holding + entrusted)' },
  { value: 'holding', label: 'Holding' },
  { value: 'entrusted', label: 'Entrusted' },
  { value: 'closed', label: 'Closed' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * Positions, read-only: no operator action changes a position or its result. PnL and risk rate are
 * at the current index, liquidation prices as the users see them.
 */
export function OpenPositionsCard() {
  const [status, setStatus] = useState('');
  const [userId, setUserId] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const query = useQuery(
    consolePositionsQuery({ status: status || undefined, user_id: /^\d+$/.test(userId) ? userId : undefined, page, limit }),
  );
  const money = (v: string | null) => (v === null ? '—' : trimDecimal(v));
  return (
    <Card
      title="Positions (read-only)"
      data-testid="contract-positions"
      extra={
        <Space>
          <Input
            placeholder="User id"
            allowClear
            value={userId}
            onChange={(e) => {
              setUserId(e.target.value.trim());
              setPage(1);
            }}
            style={{ width: 120 }}
            data-testid="contract-positions-user"
          />
          <Select
            value={status}
            options={STATUSES}
            onChange={(v) => {
              setStatus(v);
              setPage(1);
            }}
            style={{ width: 220 }}
            data-testid="contract-positions-status"
          />
        </Space>
      }
    >
      <Table<ConsolePosition>
        rowKey="id"
        size="small"
        loading={query.isLoading}
        dataSource={query.data?.list}
        scroll={{ x: 1300 }}
        pagination={{
          current: page,
          pageSize: limit,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (p, l) => {
            setPage(p);
            setLimit(l);
          },
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: 'User', dataIndex: 'user_id', width: 80 },
          { title: 'Pair', dataIndex: 'symbol', width: 100 },
          {
            title: 'Side',
            dataIndex: 'side',
            width: 80,
            render: (v: string) => <Tag color={v === 'long' ? 'green' : 'red'}>{v}</Tag>,
          },
          { title: 'Status', dataIndex: 'status_name', width: 100 },
          { title: 'Lots × size', key: 'lots', width: 110, render: (_, p) => `${p.share} × ${p.lever_share_num}` },
          { title: 'Multiple', dataIndex: 'multiple', width: 80, render: (v: number) => `${v}×` },
          { title: 'Entry', key: 'entry', width: 110, render: (_, p) => p.open_price ?? `limit ${p.target_price}` },
          { title: 'Mark / exit', dataIndex: 'current_price', width: 110, render: (v: string | null) => v ?? '—' },
          { title: 'Margin', dataIndex: 'margin', width: 100, align: 'right', render: money },
          {
            title: 'PnL',
            dataIndex: 'profits',
            width: 100,
            align: 'right',
            render: (v: string | null) => (
              <Typography.Text type={v?.startsWith('-') ? 'danger' : v && v !== '0' ? 'success' : undefined}>
                {money(v)}
              </Typography.Text>
            ),
          },
          { title: 'Risk rate', dataIndex: 'risk_rate', width: 90, render: (v: string | null) => (v ? `${v}%` : '—') },
          { title: 'Liquidation', dataIndex: 'liquidation_price', width: 110, render: (v: string | null) => v ?? '—' },
          {
            title: 'Stops (profit / loss)',
            key: 'stops',
            width: 150,
            render: (_, p) => `${p.target_profit_price ?? '—'} / ${p.stop_loss_price ?? '—'}`,
          },
          { title: 'Opened', key: 'opened', width: 170, render: (_, p) => formatTime(p.opened_at ?? p.created_at) },
        ]}
      />
    </Card>
  );
}
