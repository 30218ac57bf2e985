import { addDecimal, isDatabaseDecimal, trimDecimal } from '@app/shared';
import { Alert, Button, Descriptions, type DescriptionsProps, Divider, Form, Input, Typography } from 'antd';
import { useConfirm } from '../../../components/confirm';
import { ReviewDrawer } from '../../../components/review-drawer';
import { StatusTag } from '../../../components/status-tag';
import { formatTime, userLabel } from '../../../lib/format';
import { type AdminWithdrawal, useWithdrawalDecision } from '../api/withdrawals';

/** What the request froze: the amount sent plus the fee kept. */
function frozenTotal(w: AdminWithdrawal): string {
  return isDatabaseDecimal(w.amount) && isDatabaseDecimal(w.fee) ? addDecimal(w.amount, w.fee) : `${w.amount} + ${w.fee}`;
}

function details(w: AdminWithdrawal): DescriptionsProps['items'] {
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'Withdrawal', children: `#${w.id}` },
    { key: 'user', label: 'User', children: userLabel(w) },
    { key: 'coin', label: 'Coin / chain', children: `${w.currency_name} · ${w.chain}` },
    {
      key: 'address',
      label: 'To address',
      children: (
        <Typography.Text copyable code data-testid="withdrawal-address">
          {w.address}
        </Typography.Text>
      ),
    },
    { key: 'amount', label: 'Amount to send', children: `${trimDecimal(w.amount)} ${w.currency_name}` },
    { key: 'fee', label: 'Fee', children: `${trimDecimal(w.fee)} ${w.currency_name}` },
    { key: 'frozen', label: 'Frozen for this request', children: `${frozenTotal(w)} ${w.currency_name}` },
    { key: 'remark', label: "User's remark", children: w.remark || '—' },
    { key: 'status', label: 'Status', children: <StatusTag status={w.status} /> },
    { key: 'submitted', label: 'Submitted', children: formatTime(w.created_at) },
  ];
  if (w.status !== 'pending') {
    items.push({ key: 'reviewed', label: 'Reviewed', children: formatTime(w.reviewed_at) });
    if (w.tx_hash)
      items.push({ key: 'tx', label: 'Transaction hash', children: <Typography.Text copyable>{w.tx_hash}</Typography.Text> });
    if (w.reject_reason) items.push({ key: 'reason', label: 'Reject reason', children: w.reject_reason });
  }
  return items;
}

export function WithdrawalReviewDrawer({ withdrawal: w, onClose }: { withdrawal: AdminWithdrawal | null; onClose: () => void }) {
  const { approve, reject } = useWithdrawalDecision();
  const { confirm, contextHolder } = useConfirm();
  const busy = approve.isPending || reject.isPending;

  const onApprove = ({ tx_hash }: { tx_hash: string }) => {
    if (!w) return;
    confirm({
      title: `Mark withdrawal #${w.id} as paid?`,
      content: (
        <>
          <Typography.Paragraph>
            {`Confirm only after ${trimDecimal(w.amount)} ${w.currency_name} has been sent on ${w.chain} to ${w.address}.`}
          </Typography.Paragraph>
          <Typography.Paragraph style={{ margin: 0 }}>
            {`The frozen ${frozenTotal(w)} ${w.currency_name} (amount + fee) is paid out of the user's coin account, the transaction hash ${tx_hash.trim()} is recorded, and the user is notified.`}
          </Typography.Paragraph>
        </>
      ),
      okText: 'Mark as paid',
      onOk: () => approve.mutateAsync({ id: w.id, txHash: tx_hash }).then(onClose),
    });
  };

  return (
    <ReviewDrawer
      record={w}
      onClose={onClose}
      size={640}
      title={w ? `Withdrawal #${w.id}` : 'Withdrawal'}
      noun="withdrawal"
      dialogs={contextHolder}
      busy={busy}
      reject={{
        mutation: reject,
        heading: 'Reject',
        extra: "Rejecting unfreezes the amount and the fee back to the user's available balance.",
        dialog: (w, reason) => ({
          title: `Reject withdrawal #${w.id}?`,
          content: `Nothing is sent. The user's frozen funds — ${frozenTotal(w)} ${w.currency_name} (amount + fee) — are unfrozen and returned to their available balance. ${userLabel(w)} is told the reason: “${reason}”.`,
          okText: 'Reject and unfreeze',
        }),
      }}
      approve={() => (
        <>
          <Divider titlePlacement="start">Approve (paid)</Divider>
          <Alert
            type="info"
            showIcon
            title="Send the funds from the platform's wallet first, then record the transaction hash here."
          />
          <Form<{ tx_hash: string }> layout="vertical" requiredMark={false} disabled={busy} onFinish={onApprove}>
            <Form.Item
              label="Transaction hash"
              name="tx_hash"
              rules={[
                { required: true, whitespace: true, message: 'Enter the transaction hash of the payout.' },
                { max: 200, message: 'A transaction hash is at most 200 characters.' },
              ]}
            >
              <Input maxLength={200} data-testid="withdrawal-tx-hash" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={approve.isPending} data-testid="withdrawal-approve">
              Approve…
            </Button>
          </Form>
        </>
      )}
    >
      {(w) => <Descriptions column={1} bordered size="small" items={details(w)} />}
    </ReviewDrawer>
  );
}
