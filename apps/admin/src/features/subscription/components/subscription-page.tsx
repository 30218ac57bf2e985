import { trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type HTMLAttributes, useRef, useState } from 'react';
import { useConfirm } from '../../../components/confirm';
import { LanguageFallback } from '../../../components/language-fallback';
import { RefreshButton } from '../../../components/refresh-button';
import { formatTime } from '../../../lib/format';
import { pagedTableProps, useListParams } from '../../../lib/paging';
import { type AdminProject, projectsQuery, useProjectActions } from '../api/subscription';
import { OrdersDrawer } from './orders-drawer';
import { ProjectFormDrawer } from './project-form-drawer';

const PHASE_COLORS: Record<string, string> = {
  upcoming: 'default',
  subscribing: 'blue',
  sold_out: 'gold',
  under_review: 'orange',
  passed: 'green',
  launched: 'green',
};
const PHASE_LABELS: Record<string, string> = {
  upcoming: 'Upcoming',
  subscribing: 'Subscribing',
  sold_out: 'Sold out (pro rata)',
  under_review: 'Under review',
  passed: 'Allocated',
  launched: 'Launched',
};

/**
 * New-coin subscription projects: define and edit them, close a subscription, run the allocation and
 * launch the coin. Each step asks for confirmation saying what it will do, and is audited server-side.
 */
export function SubscriptionPage() {
  const { page, limit, setPage } = useListParams({});
  const query = useQuery(projectsQuery(page, limit));
  const { close, allocate, launch } = useProjectActions();
  const { confirm, contextHolder } = useConfirm();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<AdminProject | null>(null);
  /** Opens the form on a project to edit, or on a new one (null). */
  const openForm = (project: AdminProject | null) => {
    setEditing(project);
    setFormOpen(true);
  };
  const [ordersOf, setOrdersOf] = useState<AdminProject | null>(null);
  // The dialog's content is built once; the typed opening price is read when the operator confirms.
  const launchPrice = useRef('');

  const askClose = (p: AdminProject) =>
    confirm({
      title: `Close the subscription to ${p.code}?`,
      content: 'No more orders are taken; the project goes under review, ready for the allocation.',
      okText: 'Close subscription',
      onOk: () => close.mutateAsync(p.id),
    });
  const askAllocate = (p: AdminProject) =>
    confirm({
      title: `Allocate ${p.code}?`,
      content: `${trimDecimal(p.demand)} ${p.subscribe_currency_name} subscribed in ${p.orders} orders for ${trimDecimal(
        p.total_supply,
      )} coins at ${trimDecimal(p.issue_price)}. If that is more than the offering, every order gets the same pro-rata share; quantities are rounded down to ${p.decimals} decimals and the excess is unfrozen back to the users. This cannot be undone.`,
      okText: 'Run allocation',
      onOk: () => allocate.mutateAsync(p.id),
    });
  const askLaunch = (p: AdminProject) => {
    launchPrice.current = '';
    confirm({
      title: p.status === 'launched' ? `List the ${p.code}/USDT pair again?` : `Launch ${p.code}?`,
      content: (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            {p.status === 'launched'
              ? 'The coin is credited; only its pair listing failed. This retries the listing.'
              : `Creates the coin ${p.code}, credits every allocation (locked for ${p.lock_days} days) and lists ${p.code}/USDT with a demo-labelled simulated index and the market maker.`}
          </Typography.Text>
          {p.status === 'allocated' ? (
            <Input
              placeholder={`Opening price in USDT (default: the issue price ${trimDecimal(p.issue_price)})`}
              onChange={(e) => {
                launchPrice.current = e.target.value;
              }}
              data-testid="subscription-launch-price"
            />
          ) : null}
        </Space>
      ),
      okText: p.status === 'launched' ? 'List pair' : 'Launch',
      onOk: () => launch.mutateAsync({ id: p.id, price: launchPrice.current.trim() || undefined }),
    });
  };

  const columns: TableColumnsType<AdminProject> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: 'Coin',
      key: 'coin',
      width: 140,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong data-testid="subscription-row-code">
            {p.code}
          </Typography.Text>
          <Typography.Text type="secondary">{p.name}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Introduction',
      key: 'langs',
      width: 170,
      render: (_, p) => (
        <LanguageFallback
          present={Object.entries(p.introduction ?? {})
            .filter(([, text]) => text?.trim())
            .map(([l]) => l)}
          testId={`subscription-langs-${p.code}`}
        />
      ),
    },
    {
      title: 'Terms',
      key: 'terms',
      width: 210,
      render: (_, p) => (
        <Typography.Text>
          {trimDecimal(p.total_supply)} at {trimDecimal(p.issue_price)} {p.subscribe_currency_name}
          <br />
          <Typography.Text type="secondary">
            {trimDecimal(p.min_amount)}–{trimDecimal(p.max_amount)} per user · lock {p.lock_days} d
          </Typography.Text>
        </Typography.Text>
      ),
    },
    {
      title: 'Window',
      key: 'window',
      width: 180,
      render: (_, p) => (
        <Typography.Text>
          {formatTime(p.start_at)}
          <br />
          {formatTime(p.end_at)}
        </Typography.Text>
      ),
    },
    {
      title: 'Subscribed',
      key: 'demand',
      width: 140,
      align: 'right',
      render: (_, p) => (
        <span data-testid="subscription-row-demand">
          {trimDecimal(p.demand)} {p.subscribe_currency_name}
          <br />
          <Typography.Text type="secondary">
            {p.orders} orders · {p.subscribers} users
          </Typography.Text>
        </span>
      ),
    },
    {
      title: 'State',
      dataIndex: 'phase',
      width: 130,
      render: (phase: string, p) => (
        <Space orientation="vertical" size={0}>
          <Tag color={PHASE_COLORS[phase] ?? 'default'} data-testid="subscription-row-phase" data-phase={phase}>
            {PHASE_LABELS[phase] ?? phase}
          </Tag>
          {p.status === 'launched' && p.pair_id === null ? <Tag color="red">Pair not listed</Tag> : null}
        </Space>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, p) => {
        const ended = p.phase === 'under_review';
        return (
          <Space wrap size="small">
            {p.status === 'open' ? (
              <Button size="small" onClick={() => openForm(p)} data-testid="subscription-edit">
                Edit
              </Button>
            ) : null}
            {p.status === 'open' ? (
              <Button size="small" onClick={() => askClose(p)} data-testid="subscription-close">
                Close
              </Button>
            ) : null}
            {ended && (p.status === 'closed' || p.status === 'open') ? (
              <Button size="small" type="primary" onClick={() => askAllocate(p)} data-testid="subscription-allocate">
                Allocate
              </Button>
            ) : null}
            {p.status === 'allocated' || (p.status === 'launched' && p.pair_id === null) ? (
              <Button size="small" type="primary" onClick={() => askLaunch(p)} data-testid="subscription-launch">
                {p.status === 'allocated' ? 'Launch' : 'List pair'}
              </Button>
            ) : null}
            <Button size="small" onClick={() => setOrdersOf(p)} data-testid="subscription-orders">
              Orders
            </Button>
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      title="New-coin subscription"
      extra={
        <Space>
          <RefreshButton query={query} testId="list-refresh" />
          <Button type="primary" onClick={() => openForm(null)} data-testid="subscription-new">
            New project
          </Button>
        </Space>
      }
    >
      {contextHolder}
      <Table<AdminProject>
        {...pagedTableProps(query, page, limit, setPage)}
        columns={columns}
        scroll={{ x: 1060 }}
        locale={{ emptyText: 'No projects yet' }}
        onRow={(p) => ({ 'data-testid': `subscription-row-${p.code}` }) as HTMLAttributes<HTMLElement>}
        data-testid="subscription-table"
      />
      <ProjectFormDrawer project={editing} open={formOpen} onClose={() => setFormOpen(false)} />
      <OrdersDrawer project={ordersOf} onClose={() => setOrdersOf(null)} />
    </Card>
  );
}
