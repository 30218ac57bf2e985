import { Alert, Button, List, Space, Typography } from 'antd';
import { describeChainFault, useAuditVerify } from '../api/audit';

/**
 * The audit log's tamper check: the server recomputes every row's hash and follows the chain from the
 * first row to the head (as `npm run audit:verify` does). A row changed, removed or slipped in is named.
 * The head shown on success can be noted down and compared later.
 */
export function AuditChainCheck() {
  const verify = useAuditVerify();
  const report = verify.report;

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="audit-chain">
      <Space wrap>
        <Button onClick={verify.run} loading={verify.running} data-testid="audit-verify">
          Check the log for rewrites
        </Button>
        <Typography.Text type="secondary">Each row carries the hash of the one before it.</Typography.Text>
      </Space>
      {verify.failed ? <Alert type="error" showIcon title="The check could not run; try again." /> : null}
      {report ? (
        report.sound ? (
          <Alert
            type="success"
            showIcon
            data-testid="audit-verdict"
            title={`Intact: ${report.rows} rows, each chained to the one before.`}
            description={
              <Typography.Text copyable={{ text: report.head.hash }}>
                {`Head: place ${report.head.seq}, hash ${report.head.hash.slice(0, 16)}… (checked ${verify.checkedAt})`}
              </Typography.Text>
            }
          />
        ) : (
          <Alert
            type="error"
            showIcon
            data-testid="audit-verdict"
            title={`${report.faults.length} break${report.faults.length === 1 ? '' : 's'} in the chain over ${report.rows} rows`}
            description={
              <List
                size="small"
                dataSource={report.faults}
                renderItem={(f) => <List.Item data-testid="audit-fault">{describeChainFault(f)}</List.Item>}
              />
            }
          />
        )
      ) : null}
    </Space>
  );
}
