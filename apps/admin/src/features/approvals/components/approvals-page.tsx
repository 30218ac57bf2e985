import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm';
import { JsonView } from '../../../components/json-view';
import { ReviewQueue } from '../../../components/review-queue';
import { StatusTag } from '../../../components/status-tag';
import { formatTime } from '../../../lib/format';
import { type Approval, approvalsQuery, fourEyesQuery, KIND_LABELS, useApprovalDecision } from '../api/approvals';

const kindLabel = (kind: string) => KIND_LABELS[kind] ?? kind;

/**
 * Money moves and address changes one operator asked for, waiting for a second (maker–checker).
 * Whoever made a request cannot decide it; the server refuses it too.
 */
export function ApprovalsPage() {
  const threshold = useQuery(fourEyesQuery());
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Alert
        type="info"
        showIcon
        title={`Balance adjustments, deposits credited at another amount than asked, deposit-address changes and withdrawal payouts worth more than ${
          threshold.data?.usdt ?? '…'
        } USDT wait here for a second operator. Approving applies the change at once.`}
      />
      <ReviewQueue
        title="Pending approvals"
        noun="approval"
        tableTestId="approvals-table"
        done="Approved"
        query={approvalsQuery}
        askedTitle="Asked at"
        scrollX={1000}
        emptyText={{ pending: 'Nothing waiting for a second operator', other: 'No requests' }}
        columns={[
          { title: 'Kind', dataIndex: 'kind', width: 260, render: (v: string) => kindLabel(v) },
          { title: 'Target', dataIndex: 'target', ellipsis: true },
          { title: 'Asked by', key: 'maker', width: 240, render: (_, a: Approval) => a.maker.email ?? `#${a.maker.id}` },
        ]}
        drawer={(open, onClose) => <ApprovalDrawer approval={open} onClose={onClose} />}
      />
    </Space>
  );
}

function ApprovalDrawer({ approval: a, onClose }: { approval: Approval | null; onClose: () => void }) {
  const decide = useApprovalDecision();
  const { confirm, contextHolder } = useConfirm();
  const [note, setNote] = useState('');
  const run = (decision: 'approve' | 'reject') => {
    if (!a) return;
    confirm({
      title: decision === 'approve' ? `Approve and apply request #${a.id}?` : `Reject request #${a.id}?`,
      content:
        decision === 'approve'
          ? `${kindLabel(a.kind)} asked by ${a.maker.email ?? `operator #${a.maker.id}`} takes effect now, exactly as shown.`
          : 'Nothing changes; the maker can file a corrected request.',
      okText: decision === 'approve' ? 'Approve and apply' : 'Reject',
      danger: decision === 'reject',
      onOk: () => decide.mutateAsync({ id: a.id, decision, note }).then(onClose),
    });
  };
  return (
    <Drawer open={a !== null} onClose={onClose} size={640} destroyOnHidden title={a ? `Request #${a.id}` : 'Request'}>
      {contextHolder}
      {a ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="approval-drawer">
          <Descriptions
            column={1}
            bordered
            size="small"
            items={[
              { key: 'kind', label: 'Kind', children: kindLabel(a.kind) },
              { key: 'target', label: 'Target', children: a.target },
              { key: 'maker', label: 'Asked by', children: a.maker.email ?? `#${a.maker.id}` },
              { key: 'at', label: 'Asked at', children: formatTime(a.created_at) },
              { key: 'status', label: 'Status', children: <StatusTag status={a.status} /> },
              ...(a.status === 'pending'
                ? []
                : [
                    { key: 'checker', label: 'Decided by', children: `#${a.checker_id}` },
                    { key: 'decided', label: 'Decided at', children: formatTime(a.decided_at) },
                    { key: 'note', label: 'Note', children: a.note || '—' },
                  ]),
            ]}
          />
          <Typography.Text strong>The change asked for</Typography.Text>
          <JsonView value={a.payload} testId="approval-payload" />
          {a.status === 'pending' && !a.can_decide ? (
            <Alert
              type="warning"
              showIcon
              title="You cannot decide this request: it is your own, or your role does not check this kind."
            />
          ) : null}
          {a.can_decide ? (
            <>
              <Input.TextArea
                placeholder="Note (optional, kept with the decision)"
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                data-testid="approval-note"
              />
              <Space>
                <Button type="primary" loading={decide.isPending} onClick={() => run('approve')} data-testid="approval-approve">
                  Approve…
                </Button>
                <Button danger loading={decide.isPending} onClick={() => run('reject')} data-testid="approval-reject">
                  Reject…
                </Button>
              </Space>
            </>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}
