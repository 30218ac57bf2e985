import { Tag } from 'antd';
import { STATUS_COLORS } from '../lib/format';

/**
 * Review states in the console's own words. The server's `status_text` is the user-facing label
 * ("Passed", "Under review"); operators read the decision itself, the same on every page.
 */
const LABELS: Record<string, string> = { pending: 'Pending', approved: 'Approved', verified: 'Verified', rejected: 'Rejected' };

export function StatusTag({ status }: { status: string }) {
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-testid="status-tag">
      {LABELS[status] ?? status}
    </Tag>
  );
}
