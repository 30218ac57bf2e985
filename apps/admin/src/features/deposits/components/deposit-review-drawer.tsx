import { addDecimal, compareDecimal, isDatabaseDecimal, trimDecimal } from '@app/shared';
import { Alert, Button, Descriptions, type DescriptionsProps, Divider, Form, Input, Space, Typography } from 'antd';
import { AuthedImage } from '../../../components/authed-image';
import { useConfirm } from '../../../components/confirm';
import { ReviewDrawer } from '../../../components/review-drawer';
import { StatusTag } from '../../../components/status-tag';
import { decimalRules } from '../../../lib/decimal-rules';
import { formatTime, userLabel } from '../../../lib/format';
import { type AdminDeposit, useDepositDecision } from '../api/deposits';

type ApproveValues = { credited: string; fee: string };

/** No coin charges a deposit fee yet, so the form starts from "credit the whole amount". */
const DEPOSIT_FEE = '0';

function details(d: AdminDeposit): DescriptionsProps['items'] {
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: 'Deposit', children: `#${d.id}` },
    { key: 'user', label: 'User', children: userLabel(d) },
    { key: 'coin', label: 'Coin', children: d.currency_name },
    { key: 'method', label: 'Method', children: d.method === 'bank' ? 'Bank transfer' : `On-chain (${d.chain ?? '—'})` },
    {
      key: 'amount',
      label: 'Amount claimed',
      children: <span data-testid="deposit-amount">{`${trimDecimal(d.amount)} ${d.currency_name}`}</span>,
    },
    { key: 'status', label: 'Status', children: <StatusTag status={d.status} /> },
    { key: 'submitted', label: 'Submitted', children: formatTime(d.created_at) },
  ];
  if (d.method === 'bank') {
    items.push(
      { key: 'bank_name', label: "Sender's bank", children: d.bank_name || '—' },
      { key: 'card_number', label: "Sender's card / account", children: d.card_number || '—' },
      { key: 'transfer_amount', label: 'Amount transferred (fiat)', children: trimDecimal(d.transfer_amount) },
    );
  }
  if (d.status !== 'pending') {
    items.push({ key: 'reviewed', label: 'Reviewed', children: formatTime(d.reviewed_at) });
    if (d.status === 'approved') {
      items.push(
        { key: 'credited', label: 'Credited', children: trimDecimal(d.credited) },
        { key: 'fee', label: 'Fee', children: trimDecimal(d.fee) },
      );
    }
    if (d.reject_reason) items.push({ key: 'reason', label: 'Reject reason', children: d.reject_reason });
  }
  return items;
}

export function DepositReviewDrawer({ deposit, onClose }: { deposit: AdminDeposit | null; onClose: () => void }) {
  const { approve, reject } = useDepositDecision();
  const { confirm, contextHolder } = useConfirm();
  const [approveForm] = Form.useForm<ApproveValues>();
  const credited = Form.useWatch('credited', approveForm) ?? '';
  const fee = Form.useWatch('fee', approveForm) ?? '';
  const busy = approve.isPending || reject.isPending;

  const sum = isDatabaseDecimal(credited) && isDatabaseDecimal(fee) ? addDecimal(credited, fee) : null;
  const differs = deposit && sum !== null && compareDecimal(sum, deposit.amount) !== 0;

  const onApprove = ({ credited, fee }: ApproveValues) => {
    if (!deposit) return;
    confirm({
      title: `Approve deposit #${deposit.id}?`,
      content: (
        <Typography.Paragraph style={{ margin: 0 }}>
          {`${userLabel(deposit)}'s coin account will be credited ${trimDecimal(credited)} ${deposit.currency_name}`}
          {`, with a fee of ${trimDecimal(fee)} ${deposit.currency_name}. The user is notified. This cannot be undone.`}
        </Typography.Paragraph>
      ),
      okText: 'Approve and credit',
      onOk: () => approve.mutateAsync({ id: deposit.id, credited, fee }).then(onClose),
    });
  };

  return (
    <ReviewDrawer
      record={deposit}
      onClose={onClose}
      size={640}
      title={deposit ? `Deposit #${deposit.id}` : 'Deposit'}
      noun="deposit"
      dialogs={contextHolder}
      busy={busy}
      reject={{
        mutation: reject,
        heading: 'Reject',
        dialog: (deposit, reason) => ({
          title: `Reject deposit #${deposit.id}?`,
          content: `Nothing is credited. ${userLabel(deposit)} is told the reason: “${reason}”.`,
          okText: 'Reject deposit',
        }),
      }}
      approve={(deposit) => (
        <>
          <Divider titlePlacement="start">Approve</Divider>
          <Form<ApproveValues>
            form={approveForm}
            layout="vertical"
            requiredMark={false}
            disabled={busy}
            initialValues={{ credited: trimDecimal(deposit.amount), fee: DEPOSIT_FEE }}
            onFinish={onApprove}
          >
            <Space align="start" wrap>
              <Form.Item
                label={`Credited (${deposit.currency_name})`}
                name="credited"
                rules={[decimalRules.positive('credited amount')]}
              >
                <Input inputMode="decimal" style={{ width: 220 }} data-testid="deposit-credited" />
              </Form.Item>
              <Form.Item label={`Fee (${deposit.currency_name})`} name="fee" rules={[decimalRules.nonNegative('fee')]}>
                <Input inputMode="decimal" style={{ width: 160 }} data-testid="deposit-fee" />
              </Form.Item>
            </Space>
            <Typography.Paragraph type="secondary" data-testid="deposit-sum">
              {sum === null
                ? 'Credited + fee: enter both amounts.'
                : `Credited + fee = ${sum} ${deposit.currency_name} (the user claimed ${trimDecimal(deposit.amount)}).`}
            </Typography.Paragraph>
            {differs ? (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 16 }}
                title="Credited + fee differs from the amount the user claimed. Check the proof before approving."
              />
            ) : null}
            <Button type="primary" htmlType="submit" loading={approve.isPending} data-testid="deposit-approve">
              Approve…
            </Button>
          </Form>
        </>
      )}
    >
      {(deposit) => (
        <>
          <Descriptions column={1} bordered size="small" items={details(deposit)} />
          <div>
            <Typography.Title level={5}>Proof of payment</Typography.Title>
            <AuthedImage source={deposit.proof_url} alt="Proof of payment" width={560} testId="deposit-proof" />
          </div>
        </>
      )}
    </ReviewDrawer>
  );
}
