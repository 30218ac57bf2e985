import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Empty, message, Space, Table, Typography } from 'antd';
import { formatTime } from '../../../lib/format';
import { latestProofQuery, type ProofRoot, useRunProof } from '../api/proof';

/**
 * Proof of liabilities (super admin): the newest published Merkle roots per coin, and a button that
 * rebuilds today's snapshot from the liabilities as they are now and publishes it (audited). The job
 * builds one each UTC day; a day's newest snapshot is the published one.
 */
export function ProofPage() {
  const query = useQuery(latestProofQuery());
  const run = useRunProof();
  const data = query.data;

  return (
    <Card
      title="Proof of liabilities"
      extra={
        <Button
          type="primary"
          loading={run.isPending}
          data-testid="proof-run"
          onClick={() =>
            run.mutate(undefined, {
              onSuccess: (r) => message.success(`Snapshot of ${r.day} rebuilt and published: ${r.user_count} users`),
            })
          }
        >
          Rebuild today's snapshot
        </Button>
      }
    >
      {query.isPending ? null : !data ? (
        <Empty description="Nothing published yet" data-testid="proof-empty" />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={3}>
            <Descriptions.Item label="Day (UTC)">
              <span data-testid="proof-day">{data.day}</span>
            </Descriptions.Item>
            <Descriptions.Item label="Built">{formatTime(data.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Customers">{data.user_count}</Descriptions.Item>
          </Descriptions>
          <Table<ProofRoot>
            rowKey="currency_id"
            size="small"
            pagination={false}
            dataSource={data.roots}
            data-testid="proof-roots"
            columns={[
              { title: 'Coin', dataIndex: 'currency_name', width: 90 },
              { title: 'Total liabilities', dataIndex: 'total', width: 180 },
              { title: 'Leaves', dataIndex: 'leaf_count', width: 90 },
              {
                title: 'Merkle root (SHA-256)',
                dataIndex: 'root',
                render: (v: string) => (
                  <Typography.Text code copyable style={{ wordBreak: 'break-all' }}>
                    {v}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary">
            Published at <Typography.Text code>GET /api/proof/root</Typography.Text>; each user checks their own leaf in the app.
            The hashing is described in docs/security.md.
          </Typography.Paragraph>
        </Space>
      )}
    </Card>
  );
}
