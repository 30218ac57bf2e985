import { ReviewQueue } from '../../../components/review-queue';
import { userLabel } from '../../../lib/format';
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
      done="Verified"
      filters={[{ key: 'tier', options: TIER_OPTIONS, testId: 'identity-tier-filter' }]}
      defaults={{ tier: 'all' }}
      query={identityQuery}
      scrollX={1000}
      emptyText={{ pending: 'No submissions waiting for review', other: 'No submissions' }}
      columns={[
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
      ]}
      drawer={(open, onClose) => <IdentityReviewDrawer check={open} onClose={onClose} />}
    />
  );
}
