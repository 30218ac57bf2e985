import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, type DescriptionsProps, Divider, Flex, Typography } from 'antd';
import { AuthedImage } from '../../../components/authed-image';
import { ConfirmButton } from '../../../components/confirm-button';
import { ReviewDrawer } from '../../../components/review-drawer';
import { StatusTag } from '../../../components/status-tag';
import { formatTime, userLabel } from '../../../lib/format';
import {
  type BasicIdentity,
  basicIdentityQuery,
  type IdentityCheck,
  isAdvanced,
  tierLabel,
  useIdentityDecision,
} from '../api/identity';

/** For an advanced submission the basic fields are the user's verified ones (`basic`), labelled so. */
function details(c: IdentityCheck, basic: BasicIdentity | undefined): DescriptionsProps['items'] {
  const source = isAdvanced(c) ? (basic ?? { country: null, name: null, card_id: null }) : c;
  const suffix = isAdvanced(c) ? ' (verified basic)' : '';
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'Submission', children: `#${c.id}` },
    { key: 'user', label: 'User', children: userLabel(c) },
    { key: 'tier', label: 'Tier', children: tierLabel(c) },
    { key: 'status', label: 'Status', children: <StatusTag status={c.status} /> },
    { key: 'country', label: `Country${suffix}`, children: <span data-testid="identity-country">{source.country || '—'}</span> },
    { key: 'name', label: `Name${suffix}`, children: <span data-testid="identity-name">{source.name || '—'}</span> },
    {
      key: 'card_id',
      label: `ID number${suffix}`,
      children: <span data-testid="identity-card-id">{source.card_id || '—'}</span>,
    },
  ];
  if (isAdvanced(c)) items.push({ key: 'address', label: 'Address', children: c.address || '—' });
  items.push({ key: 'submitted', label: 'Submitted', children: formatTime(c.created_at) });
  if (c.status !== 'pending') {
    items.push({ key: 'reviewed', label: 'Reviewed', children: formatTime(c.reviewed_at) });
    if (c.reject_reason) items.push({ key: 'reason', label: 'Reject reason', children: c.reject_reason });
  }
  return items;
}

export function IdentityReviewDrawer({ check: c, onClose }: { check: IdentityCheck | null; onClose: () => void }) {
  const { approve, reject } = useIdentityDecision();
  const busy = approve.isPending || reject.isPending;
  const basic = useQuery({ ...basicIdentityQuery(c?.user.id ?? 0), enabled: !!c && isAdvanced(c) });

  return (
    <ReviewDrawer
      record={c}
      onClose={onClose}
      size={720}
      title={c ? `${tierLabel(c)} verification #${c.id}` : 'Verification'}
      noun="identity"
      busy={busy}
      reject={{
        mutation: reject,
        dialog: (c, reason) => ({
          title: `Reject ${tierLabel(c).toLowerCase()} verification?`,
          content: `${userLabel(c)} is told the reason — “${reason}” — and may submit again.`,
          okText: 'Reject',
        }),
      }}
      approve={(c) => (
        <>
          <Divider titlePlacement="start">Decision</Divider>
          <ConfirmButton
            type="primary"
            loading={approve.isPending}
            disabled={busy}
            label="Approve…"
            testId="identity-approve"
            dialog={{
              title: `Approve ${tierLabel(c).toLowerCase()} verification?`,
              content: `${userLabel(c)} becomes ${tierLabel(c).toLowerCase()}-verified${
                isAdvanced(c) ? '' : ' and can withdraw'
              }. The user is notified.`,
              okText: 'Approve',
              onOk: () => approve.mutateAsync(c.id).then(onClose),
            }}
          />
        </>
      )}
    >
      {(c) => (
        <>
          {basic.isError ? (
            <Alert type="warning" showIcon title="The user's verified basic identity could not be loaded." />
          ) : null}
          <Descriptions column={1} bordered size="small" items={details(c, basic.data)} />
          {isAdvanced(c) ? (
            <div>
              <Typography.Title level={5}>Photos</Typography.Title>
              <Flex wrap gap={12}>
                {(
                  [
                    ['front_url', 'Front of the ID'],
                    ['back_url', 'Back of the ID'],
                    ['hand_url', 'Holding the ID'],
                  ] as const
                ).map(([key, label]) => (
                  <Flex key={key} vertical gap={4}>
                    <Typography.Text type="secondary">{label}</Typography.Text>
                    <AuthedImage source={c[key]} alt={label} width={200} testId={`identity-photo-${key.replace('_url', '')}`} />
                  </Flex>
                ))}
              </Flex>
            </div>
          ) : null}
        </>
      )}
    </ReviewDrawer>
  );
}
