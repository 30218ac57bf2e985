import { Typography } from 'antd';

/** Structured values (audit before/after, ledger faults) shown verbatim, so nothing is lost in a summary. */
export function JsonView({ value, testId }: { value: unknown; testId?: string }) {
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <pre
      data-testid={testId}
      style={{
        margin: 0,
        padding: 8,
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        borderRadius: 4,
        fontSize: 12,
        maxHeight: 320,
        overflow: 'auto',
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
