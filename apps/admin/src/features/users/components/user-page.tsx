import { addDecimal, compareDecimal, isDatabaseDecimal, trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Breadcrumb,
  Card,
  Descriptions,
  type DescriptionsProps,
  Skeleton,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { StatusTag } from '../../../components/status-tag';
import { currenciesQuery } from '../../../lib/currencies';
import { formatTime } from '../../../lib/format';
import { listTableProps, pagedTableProps, useListParams } from '../../../lib/paging';
import {
  ACCOUNT_LABELS,
  type AdminUserDetail,
  type BalanceRow,
  type IdentitySubmission,
  type LedgerRow,
  REASON_LABELS,
  sortBalances,
  userDetailQuery,
  userLedgerQuery,
} from '../api/users';
import { AdjustBalanceForm } from './adjust-balance-form';
import { FreezeCard } from './freeze-card';
import { VerificationTag } from './verification-tag';

type Profile = AdminUserDetail['profile'];

const isZero = (v: string) => isDatabaseDecimal(v) && compareDecimal(v, '0') === 0;
const phoneOf = (u: Profile) => (u.phone ? `${u.area_code ? `+${u.area_code} ` : ''}${u.phone}` : null);

function profileItems(u: Profile, card: AdminUserDetail['bank_card']): DescriptionsProps['items'] {
  return [
    { key: 'id', label: 'User ID', children: u.id },
    { key: 'email', label: 'E-mail', children: u.email || '—' },
    { key: 'phone', label: 'Phone', children: phoneOf(u) ?? '—' },
    { key: 'name', label: 'Verified name', children: u.name || '—' },
    { key: 'card', label: 'ID number', children: u.card_id || '—' },
    { key: 'basic', label: 'Basic verification', children: <VerificationTag value={u.review_state} testId="user-basic" /> },
    {
      key: 'advanced',
      label: 'Advanced verification',
      children: <VerificationTag value={u.advanced_state} testId="user-advanced" />,
    },
    { key: 'invite', label: 'Invite code', children: u.extension_code || '—' },
    {
      key: 'parent',
      label: 'Invited by',
      children: u.parent_id ? <Link to={`/users/${u.parent_id}`}>User #{u.parent_id}</Link> : '—',
    },
    { key: 'lang', label: 'Language', children: u.lang || '—' },
    { key: 'pay', label: 'Fund password', children: u.has_pay_password ? 'Set' : 'Not set' },
    { key: 'frozen', label: 'Account frozen', children: u.frozen_reason ? `Yes: ${u.frozen_reason}` : 'No' },
    {
      key: 'bank',
      label: 'Bank card',
      children: card
        ? `${card.bank_name} · ${card.card_number} · ${card.holder_name}${card.swift ? ` · SWIFT ${card.swift}` : ''}`
        : '—',
    },
    { key: 'created', label: 'Registered', children: formatTime(u.created_at) },
  ];
}

const balanceColumns: TableColumnsType<BalanceRow> = [
  { title: 'Account', dataIndex: 'account', width: 140, render: (v: string) => ACCOUNT_LABELS[v] ?? v },
  { title: 'Coin', dataIndex: 'currency_name', width: 90 },
  { title: 'Available', dataIndex: 'available', align: 'right', render: (v: string) => trimDecimal(v) },
  { title: 'Frozen', dataIndex: 'frozen', align: 'right', render: (v: string) => trimDecimal(v) },
  {
    title: 'Total',
    key: 'total',
    align: 'right',
    render: (_, b) =>
      trimDecimal(isDatabaseDecimal(b.available) && isDatabaseDecimal(b.frozen) ? addDecimal(b.available, b.frozen) : null),
  },
];

const submissionColumns: TableColumnsType<IdentitySubmission> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: 'Tier', dataIndex: 'tier', width: 100, render: (v: number) => (v === 2 ? 'Advanced' : 'Basic') },
  { title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => <StatusTag status={v} /> },
  { title: 'Country', dataIndex: 'country', width: 90, render: (v: string | null) => v || '—' },
  { title: 'Name', dataIndex: 'name', render: (v: string | null) => v || '—' },
  { title: 'ID number', dataIndex: 'card_id', render: (v: string | null) => v || '—' },
  { title: 'Reject reason', dataIndex: 'reject_reason', render: (v: string | null) => v || '—' },
  { title: 'Submitted', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
];

const ledgerColumns: TableColumnsType<LedgerRow> = [
  { title: 'Time', dataIndex: 'created_at', width: 180, render: (v: string) => formatTime(v) },
  { title: 'Account', dataIndex: 'account', width: 110, render: (v: string) => ACCOUNT_LABELS[v] ?? v },
  { title: 'Coin', dataIndex: 'currency_name', width: 80 },
  { title: 'Bucket', dataIndex: 'bucket', width: 90 },
  {
    title: 'Change',
    dataIndex: 'amount',
    align: 'right',
    width: 150,
    render: (v: string) => {
      const t = trimDecimal(v);
      const negative = t.startsWith('-');
      return <Typography.Text type={negative ? 'danger' : 'success'}>{negative ? t : `+${t}`}</Typography.Text>;
    },
  },
  { title: 'Balance after', dataIndex: 'balance_after', align: 'right', width: 150, render: (v: string) => trimDecimal(v) },
  {
    title: 'Reason',
    key: 'reason',
    render: (_, r) => (
      <>
        {REASON_LABELS[r.reason] ?? r.reason}
        {r.memo ? <Typography.Text type="secondary">{` — ${r.memo}`}</Typography.Text> : null}
      </>
    ),
  },
  {
    title: 'Reference',
    key: 'ref',
    width: 220,
    render: (_, r) => `entry #${r.entry_id}${r.ref_type ? ` · ${r.ref_type}${r.ref_id ? ` #${r.ref_id}` : ''}` : ''}`,
  },
];

export function UserPage() {
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const { page, limit, setPage } = useListParams({});
  const detail = useQuery({ ...userDetailQuery(id), enabled: valid });
  const ledger = useQuery({ ...userLedgerQuery(id, page, limit), enabled: valid });
  // Every user has a balance row per coin; should a user list none, the adjustment offers every coin.
  const allCoins = useQuery({ ...currenciesQuery(), enabled: detail.isSuccess && detail.data.balances.length === 0 });
  // Every user has every coin in every account; the zero rows bury the few that matter.
  const [showZero, setShowZero] = useState(false);

  if (!valid) return <Alert type="error" showIcon title="Not a user ID." />;

  const user = detail.data?.profile ?? null;
  const balances = sortBalances(detail.data?.balances ?? []);
  const shownBalances = showZero ? balances : balances.filter((b) => !isZero(b.available) || !isZero(b.frozen));
  const coins = balances.length
    ? [...new Map(balances.map((b) => [b.currency_id, { currency_id: b.currency_id, currency_name: b.currency_name }])).values()]
    : (allCoins.data ?? []);
  const label = user ? (user.email ?? phoneOf(user) ?? `User #${id}`) : `User #${id}`;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Breadcrumb items={[{ title: <Link to="/users">Users</Link> }, { title: label }]} />
      {detail.isError ? <Alert type="error" showIcon title={detail.error.message} /> : null}
      <Card title={label} data-testid="user-profile">
        {user ? (
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={profileItems(user, detail.data?.bank_card ?? null)}
          />
        ) : (
          <Skeleton active loading={detail.isPending} />
        )}
      </Card>
      <Card
        title="Balances"
        size="small"
        extra={
          <Space>
            <Typography.Text type="secondary">Show zero balances</Typography.Text>
            <Switch size="small" checked={showZero} onChange={setShowZero} data-testid="balances-show-zero" />
          </Space>
        }
      >
        {/* data-state tells a browser test when the shown balances are the server's latest. */}
        <div data-testid="user-balances-state" data-state={detail.isFetching ? 'loading' : 'ready'} />
        <Table<BalanceRow>
          {...listTableProps({ data: shownBalances, isPending: detail.isPending }, (b) => `${b.account}:${b.currency_id}`)}
          columns={balanceColumns}
          locale={{ emptyText: 'Every balance is zero' }}
          data-testid="user-balances"
        />
      </Card>
      <AdjustBalanceForm userId={id} userLabel={label} coins={coins} />
      {/* operations: account freeze */}
      {user ? <FreezeCard userId={id} userLabel={label} frozenReason={user.frozen_reason} /> : null}
      <Card title="Ledger history" size="small">
        <Table<LedgerRow>
          {...pagedTableProps(ledger, page, limit, setPage)}
          columns={ledgerColumns}
          scroll={{ x: 1100 }}
          locale={{ emptyText: 'No postings yet' }}
          data-testid="user-ledger"
        />
      </Card>
      <Card title="Identity submissions" size="small">
        <Table<IdentitySubmission>
          {...listTableProps({ data: detail.data?.verification, isPending: detail.isPending })}
          columns={submissionColumns}
          scroll={{ x: 900 }}
          locale={{ emptyText: 'Nothing submitted' }}
          data-testid="user-submissions"
        />
      </Card>
    </Space>
  );
}
