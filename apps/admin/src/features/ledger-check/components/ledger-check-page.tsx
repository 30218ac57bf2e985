import { Button, Card, Result, Table, type TableColumnsType, Typography } from 'antd';
import { JsonView } from '../../../components/json-view';
import { type LedgerFault, useLedgerVerify } from '../api/ledger-verify';

const columns: TableColumnsType<LedgerFault & { key: number }> = [
  { title: 'Check', dataIndex: 'check', width: 260 },
  { title: 'Detail', dataIndex: 'detail', render: (v: unknown) => <JsonView value={v} /> },
];

export function LedgerCheckPage() {
  const verify = useLedgerVerify();
  const verdict = verify.report;

  return (
    <Card title="Ledger check">
      <Typography.Paragraph>
        Proves the books whole: every ledger entry sums to zero per currency, every balance equals the sum of its postings, and no
        user balance is negative.
      </Typography.Paragraph>
      <Button type="primary" onClick={verify.run} loading={verify.running} data-testid="ledger-verify">
        Verify the ledger
      </Button>
      {verdict ? (
        verdict.sound ? (
          <Result
            status="success"
            title={<span data-testid="ledger-verdict">sound</span>}
            subTitle={`The ledger is sound. Checked ${verify.checkedAt}.`}
          />
        ) : (
          <>
            <Result
              status="error"
              title={
                <span data-testid="ledger-verdict">{`${verdict.faults.length} fault${verdict.faults.length === 1 ? '' : 's'}`}</span>
              }
              subTitle={`Checked ${verify.checkedAt}. Each fault is listed below; none is repaired automatically.`}
            />
            <Table
              rowKey="key"
              size="small"
              columns={columns}
              dataSource={verdict.faults.map((f, i) => ({ ...f, key: i }))}
              pagination={false}
              data-testid="ledger-faults"
            />
          </>
        )
      ) : null}
    </Card>
  );
}
