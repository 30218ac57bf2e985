import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { Loaded } from '../../../components/load-error';
import { formatTime } from '../../../lib/format';
import { type Dashboard, dashboardQuery } from '../api/dashboard';
import { BarChart } from './bar-chart';

/** Sums decimal strings for display only (the exact per-row values stay strings). */
const approx = (values: string[]) => values.reduce((sum, v) => sum + (Number(v) || 0), 0);
const usdt = (value: string) => `${Number(value).toLocaleString(undefined, { maximumFractionDigits: 2 })} USDT`;

function PendingCard({
  title,
  data,
  to,
  testId,
}: {
  title: string;
  data: Dashboard['pending_deposits'];
  to: string;
  testId: string;
}) {
  return (
    <Card size="small" title={title} extra={<Link to={to}>Review</Link>} data-testid={testId}>
      <Statistic value={data.count} suffix={data.count === 1 ? 'request' : 'requests'} />
      <Typography.Text type="secondary" data-testid={`${testId}-usdt`}>
        ≈ {usdt(data.usdt)}
      </Typography.Text>
      {data.by_coin.length > 0 && (
        <ul style={{ margin: '8px 0 0', paddingLeft: 18 }}>
          {data.by_coin.map((c) => (
            <li key={c.currency_id}>
              {c.amount} {c.currency_name} ({c.count})
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** A half-width card around a compact table of the figures' rows (no paging: the list is short). */
function TableCard<T extends object>(props: {
  title: string;
  testId: string;
  rowKey: (row: T) => string;
  rows: T[];
  emptyText: string;
  columns: TableColumnsType<T>;
}) {
  return (
    <Col xs={24} lg={12}>
      <Card size="small" title={props.title} data-testid={props.testId}>
        <Table<T>
          size="small"
          pagination={false}
          rowKey={props.rowKey}
          dataSource={props.rows}
          locale={{ emptyText: props.emptyText }}
          columns={props.columns}
        />
      </Card>
    </Col>
  );
}

/** The home figures, once read. */
function Figures({ d }: { d: Dashboard }) {
  const volume = d.spot_volume_24h;
  const totalVolume = approx(volume.map((v) => v.usdt));
  const house = d.house;
  return (
    <div data-testid="dashboard">
      <Typography.Paragraph type="secondary">
        As of {formatTime(d.generated_at)}
        {d.demo_prices && (
          <Tag color="orange" style={{ marginLeft: 8 }} data-testid="dashboard-demo-prices">
            USDT values use demo or fallback prices
          </Tag>
        )}
      </Typography.Paragraph>
      <Row gutter={[12, 12]}>
        <Col xs={12} md={6}>
          <Card size="small" title="Registered users" data-testid="dashboard-users">
            <Statistic value={d.users.total} />
            <Typography.Text type="secondary">+{d.users.today} today (UTC)</Typography.Text>
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card
            size="small"
            title="Verification queue"
            extra={<Link to="/identity">Review</Link>}
            data-testid="dashboard-identity"
          >
            <Statistic value={d.identity_queue} suffix="waiting" />
          </Card>
        </Col>
        <Col xs={24} md={6}>
          <PendingCard title="Pending deposits" data={d.pending_deposits} to="/deposits" testId="dashboard-deposits" />
        </Col>
        <Col xs={24} md={6}>
          <PendingCard
            title="Pending withdrawals"
            data={d.pending_withdrawals}
            to="/withdrawals"
            testId="dashboard-withdrawals"
          />
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={`Spot volume, last 24 h (≈ ${usdt(String(totalVolume))})`} data-testid="dashboard-volume">
            {volume.length === 0 ? (
              <Empty description="No pairs" />
            ) : (
              <BarChart
                testId="dashboard-volume-chart"
                bars={volume.map((v) => ({
                  label: v.symbol,
                  value: v.usdt,
                  hint: `${v.symbol}: ${v.trades} trades, ${v.base_volume} base, ${v.quote_volume} quote`,
                }))}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title="House balances (≈ USDT)" data-testid="dashboard-house">
            {house.length === 0 ? (
              <Empty description="No house balances" />
            ) : (
              <BarChart
                testId="dashboard-house-chart"
                bars={house.map((h) => ({
                  label: `${h.currency_name} ${h.owner === 'market_maker' ? 'MM' : h.owner}`,
                  value: h.usdt,
                  hint: `${h.owner} ${h.currency_name}: ${h.available} available, ${h.frozen} frozen`,
                }))}
              />
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0, fontSize: 12 }}>
              MM: the market maker's trading account. "house": the platform account that funded it (negative by what it handed
              out).
            </Typography.Paragraph>
          </Card>
        </Col>
        <TableCard
          title="Open contracts (holding)"
          testId="dashboard-contracts"
          rowKey={(r) => `${r.pair_id}-${r.side}`}
          rows={d.contracts_open}
          emptyText="No open positions"
          columns={[
            { title: 'Pair', dataIndex: 'symbol' },
            {
              title: 'Side',
              dataIndex: 'side',
              render: (v: string) => <Tag color={v === 'long' ? 'green' : 'red'}>{v}</Tag>,
            },
            { title: 'Positions', dataIndex: 'positions', align: 'right' },
            { title: 'Lots', dataIndex: 'lots', align: 'right' },
            { title: 'Notional', dataIndex: 'notional', align: 'right' },
            { title: 'Margin', dataIndex: 'margin', align: 'right' },
          ]}
        />
        <TableCard
          title="Open options"
          testId="dashboard-options"
          rowKey={(r) => `${r.pair_id}-${r.currency_id}`}
          rows={d.options_open}
          emptyText="No open options"
          columns={[
            { title: 'Pair', dataIndex: 'symbol' },
            { title: 'Orders', dataIndex: 'orders', align: 'right' },
            { title: 'Stake', key: 'stake', align: 'right', render: (_, r) => `${r.stake} ${r.currency_name}` },
            {
              title: 'House pays if all win',
              key: 'max',
              align: 'right',
              render: (_, r) => `${r.max_payout} ${r.currency_name}`,
            },
          ]}
        />
      </Row>
    </div>
  );
}

/**
 * The console's home figures for super and finance: users, review queues, money
 * waiting for review in USDT, 24h spot volume per pair, open interest and the house's balances.
 */
export function DashboardView() {
  const query = useQuery(dashboardQuery());
  return (
    <Loaded query={query} loadingTestId="dashboard-loading" failed="The dashboard could not be loaded">
      {(d) => <Figures d={d} />}
    </Loaded>
  );
}
