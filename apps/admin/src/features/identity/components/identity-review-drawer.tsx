import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, type DescriptionsProps, Divider, Drawer, Flex, Space, Typography } from 'antd';
import { AuthedImage } from '../../../components/authed-image';
import { useConfirm } from '../../../components/confirm';
import { RejectReasonForm } from '../../../components/review-queue';
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
  const { confirm, contextHolder } = useConfirm();
  const busy = approve.isPending || reject.isPending;
  const basic = useQuery({ ...basicIdentityQuery(c?.user.id ?? 0), enabled: !!c && isAdvanced(c) });

  const onApprove = () => {
    if (!c) return;
    confirm({
      title: `Approve ${tierLabel(c).toLowerCase()} verification?`,
      content: `${userLabel(c)} becomes ${tierLabel(c).toLowerCase()}-verified${
        isAdvanced(c) ? '' : ' and can withdraw'
      }. The user is notified.`,
      okText: 'Approve',
      onOk: () => approve.mutateAsync(c.id).then(onClose),
    });
  };

  const onReject = (reason: string) => {
    if (!c) return;
    confirm({
      title: `Reject ${tierLabel(c).toLowerCase()} verification?`,
      content: `${userLabel(c)} is told the reason — “${reason.trim()}” — and may submit again.`,
      okText: 'Reject',
      danger: true,
      onOk: () => reject.mutateAsync({ id: c.id, reason }).then(onClose),
    });
  };

  return (
    <Drawer
      open={c !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={c ? `${tierLabel(c)} verification #${c.id}` : 'Verification'}
    >
      {contextHolder}
      {c ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="identity-drawer">
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
          {c.status === 'pending' ? (
            <>
              <Divider titlePlacement="start">Decision</Divider>
              <Button
                type="primary"
                onClick={onApprove}
                loading={approve.isPending}
                disabled={busy}
                data-testid="identity-approve"
              >
                Approve…
              </Button>
              <RejectReasonForm noun="identity" busy={busy} loading={reject.isPending} onReject={onReject} />
            </>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}
