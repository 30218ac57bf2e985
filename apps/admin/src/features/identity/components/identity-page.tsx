import { ReviewQueue, reviewStatusOptions } from '../../../components/review-queue';
import { StatusTag } from '../../../components/status-tag';
import { formatTime, userLabel } from '../../../lib/format';
import { identityQuery, isAdvanced, tierLabel } from '../api/identity';
import { IdentityReviewDrawer } from './identity-review-drawer';

const TIER_OPTIONS = [
  { label: 'All tiers', value: 'all' },
  { label: 'Basic', value: '1' },
  { label: 'Advanced', value: '2' },
];

export function IdentityPage() {
  return (
    <ReviewQueue
      title="Identity checks"
      noun="identity"
      tableTestId="identity-table"
      filters={[
        { key: 'status', options: reviewStatusOptions('Verified'), testId: 'identity-status-filter' },
        { key: 'tier', options: TIER_OPTIONS, testId: 'identity-tier-filter' },
      ]}
      defaults={{ status: 'pending', tier: 'all' }}
      query={identityQuery}
      scrollX={1000}
      emptyText={{ pending: 'No submissions waiting for review', other: 'No submissions' }}
      columns={[
        { title: 'ID', dataIndex: 'id', width: 70 },
        { title: 'User', key: 'user', width: 280, render: (_, c) => userLabel(c) },
        { title: 'Tier', key: 'tier', width: 100, render: (_, c) => tierLabel(c) },
        {
          title: 'Submitted details',
          key: 'details',
          // Basic carries the identity itself; advanced only the address beside its photos.
          render: (_, c) =>
            isAdvanced(c)
              ? `Address: ${c.address || '—'} · 3 photos`
              : [c.country, c.name, c.card_id].filter(Boolean).join(' · ') || '—',
        },
        { title: 'Submitted', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
        { title: 'Status', dataIndex: 'status', width: 110, render: (v: string) => <StatusTag status={v} /> },
      ]}
      drawer={(open, onClose) => <IdentityReviewDrawer check={open} onClose={onClose} />}
    />
  );
}
