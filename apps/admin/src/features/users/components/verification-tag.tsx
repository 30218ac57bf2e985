import { Tag } from 'antd';
import { STATUS_COLORS } from '../../../lib/format';

const LABELS: Record<string, string> = { none: 'Not submitted', pending: 'Pending', verified: 'Verified', rejected: 'Rejected' };

export function VerificationTag({ value, testId }: { value: string; testId?: string }) {
  return (
    <Tag color={STATUS_COLORS[value] ?? 'default'} data-testid={testId}>
      {LABELS[value] ?? value}
    </Tag>
  );
}
