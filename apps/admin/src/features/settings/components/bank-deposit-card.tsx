import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, message, Space, Tag, Typography } from 'antd';
import { useConfirm } from '../../../components/confirm';
import { type BankDeposit, bankDepositQuery, useSaveBankDeposit } from '../api/settings';

type Values = Record<keyof BankDeposit, string>;

const EMPTY: Values = { bank_name: '', account_name: '', account_number: '', branch: '', swift: '', remark: '' };

/** The details a transfer cannot be made without. */
const REQUIRED_FIELDS = [
  { name: 'bank_name', label: 'Bank name', max: 100, missing: 'Enter the bank name.', testId: 'bank-name' },
  {
    name: 'account_name',
    label: 'Account name',
    max: 100,
    missing: 'Enter the account holder name.',
    testId: 'bank-account-name',
  },
  {
    name: 'account_number',
    label: 'Account number',
    max: 60,
    missing: 'Enter the account number.',
    testId: 'bank-account-number',
  },
] as const;

/** The form's strings from the stored details, whose optional fields are null. */
function toValues(details: BankDeposit | null | undefined): Values {
  if (!details) return EMPTY;
  return Object.fromEntries(Object.entries(EMPTY).map(([k]) => [k, details[k as keyof BankDeposit] ?? ''])) as Values;
}

/** What the server stores: trimmed; an empty optional field is left out, which the server stores as none. */
function toDetails(v: Values): BankDeposit {
  const opt = (s: string | undefined) => (s?.trim() ? s.trim() : undefined);
  return {
    bank_name: v.bank_name.trim(),
    account_name: v.account_name.trim(),
    account_number: v.account_number.trim(),
    branch: opt(v.branch),
    swift: opt(v.swift)?.toUpperCase(),
    remark: opt(v.remark),
  };
}

/**
 * The details users see for a bank transfer. Stored details switch bank deposits on; switching them
 * off removes the details, and the deposit page then offers no bank transfer.
 */
export function BankDepositCard() {
  const query = useQuery(bankDepositQuery());
  const save = useSaveBankDeposit();
  const { confirm, contextHolder } = useConfirm();
  const initial = toValues(query.data);
  const enabled = !!query.data;

  const onFinish = (v: Values) => {
    save.mutate(toDetails(v), { onSuccess: () => void message.success('Bank deposit details saved.') });
  };

  const switchOff = () =>
    confirm({
      title: 'Switch bank deposits off?',
      content:
        'The details below are removed and users can no longer choose a bank transfer deposit. Deposits already submitted stay in the queue.',
      okText: 'Switch off',
      danger: true,
      onOk: () => save.mutateAsync(null).then(() => void message.success('Bank deposits switched off.')),
    });

  return (
    <Card
      title="Bank deposit details"
      size="small"
      extra={
        query.isSuccess ? (
          <Tag color={enabled ? 'green' : 'default'} data-testid="bank-state">
            {enabled ? 'Bank deposits on' : 'Bank deposits off'}
          </Tag>
        ) : null
      }
    >
      {contextHolder}
      <Typography.Paragraph type="secondary">
        Shown to users who choose a bank transfer deposit. Saving the details switches bank deposits on.
      </Typography.Paragraph>
      <Form<Values>
        key={JSON.stringify(initial)}
        layout="vertical"
        style={{ maxWidth: 560 }}
        initialValues={initial}
        onFinish={onFinish}
        disabled={save.isPending || query.isPending}
        requiredMark={false}
      >
        {REQUIRED_FIELDS.map((f) => (
          <Form.Item
            key={f.name}
            label={f.label}
            name={f.name}
            rules={[{ required: true, whitespace: true, message: f.missing }]}
          >
            <Input maxLength={f.max} data-testid={f.testId} />
          </Form.Item>
        ))}
        <Form.Item label="Branch" name="branch">
          <Input maxLength={200} data-testid="bank-branch" />
        </Form.Item>
        <Form.Item
          label="SWIFT"
          name="swift"
          rules={[{ pattern: /^\s*([A-Za-z0-9]{8}|[A-Za-z0-9]{11})?\s*$/, message: 'SWIFT is 8 or 11 letters or digits.' }]}
        >
          <Input maxLength={11} data-testid="bank-swift" />
        </Form.Item>
        <Form.Item label="Remark (instructions for the user)" name="remark">
          <Input.TextArea rows={2} maxLength={500} showCount data-testid="bank-remark" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending && save.variables !== null} data-testid="bank-save">
            Save bank details
          </Button>
          {enabled ? (
            <Button danger onClick={switchOff} loading={save.isPending && save.variables === null} data-testid="bank-switch-off">
              Switch bank deposits off…
            </Button>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
}
