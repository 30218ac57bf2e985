import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Descriptions, Space, Table, Typography } from 'antd';
import { Loaded } from '../../../components/load-error';
import { formatTime } from '../../../lib/format';
import { type ConsoleConfig, configQuery } from '../api/config';
import { CoinsCard } from './coins-card';
import { MarketMakerCard } from './market-maker-card';
import { PairsCard } from './pairs-card';
import { WithdrawLimitCard } from './withdraw-limit-card';

function FeedCard({ feed }: { feed: ConsoleConfig['feed'] }) {
  return (
    <Card size="small" title="Market feed (read-only)" data-testid="config-feed">
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="Kind">{feed.kind}</Descriptions.Item>
        <Descriptions.Item label="Connected">
          <Badge status={feed.connected ? 'success' : 'error'} text={feed.connected ? 'yes' : 'no'} />
        </Descriptions.Item>
        <Descriptions.Item label="Prices">{feed.demo ? 'demo data' : 'live exchange'}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="pair_id"
        size="small"
        pagination={false}
        dataSource={feed.pairs}
        columns={[
          { title: 'Pair', dataIndex: 'symbol' },
          { title: 'Last price', dataIndex: 'price', align: 'right', render: (v: string | null) => v ?? '—' },
          { title: 'Last tick', dataIndex: 'last_tick_at', render: (v: string | null) => (v ? formatTime(v) : 'no tick yet') },
        ]}
      />
    </Card>
  );
}

/**
 * Runtime configuration, super only: coins, pairs' rules, the withdrawal limit, the
 * market maker and the feed's status. Every save is audited with before/after and applies at once.
 */
export function ConfigPage() {
  const query = useQuery(configQuery());
  return (
    <Loaded query={query} loadingTestId="config-loading" failed="The configuration could not be loaded">
      {(c) => (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="config-page">
          <Typography.Title level={4} style={{ margin: 0 }}>
            Configuration
          </Typography.Title>
          <CoinsCard coins={c.coins} />
          <PairsCard pairs={c.pairs} />
          <WithdrawLimitCard key={c.withdraw_daily_limit} limit={c.withdraw_daily_limit} />
          <MarketMakerCard mm={c.market_maker} />
          <FeedCard feed={c.feed} />
        </Space>
      )}
    </Loaded>
  );
}
