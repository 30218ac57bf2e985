import { absDecimal, compareDecimal } from '@app/shared';
import { Alert, Button, Card, Form, Input, Select, Space, Typography } from 'antd';
import { useConfirm } from '../../../components/confirm';
import { type Coin, coinOptions, useDefaultCoin } from '../../../lib/currencies';
import { decimalRules } from '../../../lib/decimal-rules';
import { ACCOUNT_LABELS, ACCOUNTS, type AccountKind, type AdjustInput, useAdjustBalance } from '../api/users';

type Values = { currency_id: number; account: AccountKind; amount: string; reason: string };

type Props = {
  userId: number;
  userLabel: string;
  coins: Coin[];
};

/**
 * A manual balance change. It is the one console action that creates money out of nothing (or
 * removes it), so the dialog spells out direction, amount, account and reason before it posts.
 */
export function AdjustBalanceForm({ userId, userLabel, coins }: Props) {
  const [form] = Form.useForm<Values>();
  const adjust = useAdjustBalance(userId);
  const { confirm, contextHolder } = useConfirm();
  useDefaultCoin(form, 'currency_id', coins);

  const onFinish = (values: Values) => {
    const coin = coins.find((c) => c.currency_id === values.currency_id)?.currency_name ?? `currency #${values.currency_id}`;
    const credit = compareDecimal(values.amount, '0') > 0;
    const amount = absDecimal(values.amount);
    const account = ACCOUNT_LABELS[values.account] ?? values.account;
    const input: AdjustInput = { ...values };
    confirm({
      title: credit ? `Credit ${amount} ${coin}?` : `Debit ${amount} ${coin}?`,
      content: (
        <>
          <Typography.Paragraph>
            {credit
              ? `Once a second operator approves, ${amount} ${coin} will be added to the available balance of ${userLabel}'s ${account} account.`
              : `Once a second operator approves, ${amount} ${coin} will be taken from the available balance of ${userLabel}'s ${account} account. It fails if the available balance is smaller.`}
          </Typography.Paragraph>
          <Typography.Paragraph>{`Reason recorded: “${values.reason.trim()}”.`}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Your request waits under Pending approvals. When approved, one ledger entry is posted against the platform's
            adjustments account, the user gets a message, and both steps are written to the audit log.
          </Typography.Paragraph>
        </>
      ),
      okText: credit ? 'Ask to credit' : 'Ask to debit',
      danger: !credit,
      onOk: () => adjust.mutateAsync(input).then(() => form.resetFields(['amount', 'reason'])),
    });
  };

  return (
    <Card title="Manual adjustment" size="small" data-testid="adjust-card">
      {contextHolder}
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="For corrections only: every adjustment waits for a second operator, is a ledger entry against the adjustments account, is messaged to the user and is audited."
      />
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={adjust.isPending}
        initialValues={{ account: 'coin' }}
        onFinish={onFinish}
      >
        <Space align="start" wrap>
          <Form.Item label="Currency" name="currency_id" rules={[{ required: true, message: 'Choose the currency.' }]}>
            <Select style={{ width: 140 }} options={coinOptions(coins)} data-testid="adjust-currency" />
          </Form.Item>
          <Form.Item label="Account" name="account" rules={[{ required: true, message: 'Choose the account.' }]}>
            <Select
              style={{ width: 160 }}
              options={ACCOUNTS.map((a) => ({ value: a, label: ACCOUNT_LABELS[a] }))}
              data-testid="adjust-account"
            />
          </Form.Item>
          <Form.Item
            label="Amount (signed)"
            name="amount"
            extra="Positive credits the user, negative (-) debits."
            rules={[decimalRules.nonZeroSigned('amount')]}
          >
            <Input inputMode="decimal" placeholder="100 or -2.5" style={{ width: 200 }} data-testid="adjust-amount" />
          </Form.Item>
        </Space>
        <Form.Item
          label="Reason"
          name="reason"
          rules={[{ required: true, whitespace: true, message: 'Enter the reason; it is kept in the ledger and the audit log.' }]}
        >
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="adjust-reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={adjust.isPending} data-testid="adjust-submit">
          Review adjustment…
        </Button>
      </Form>
    </Card>
  );
}
