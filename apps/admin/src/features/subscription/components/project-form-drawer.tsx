import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { LanguageFallbackNote } from '../../../components/language-fallback';
import { coinOptions, currenciesQuery, useDefaultCoin } from '../../../lib/currencies';
import { decimalRules } from '../../../lib/decimal-rules';
import { type AdminProject, type ProjectForm, useProjectActions } from '../api/subscription';

/** The seven languages of the app; English is the fallback users see when their language is empty. */
const LANGS = [
  ['en', 'English'],
  ['zh', 'Simplified Chinese'],
  ['hk', 'Traditional Chinese'],
  ['jp', 'Japanese'],
  ['kr', 'Korean'],
  ['esp', 'Spanish'],
  ['th', 'Thai'],
] as const;

type Values = ProjectForm;

/** An ISO time as a `datetime-local` input holds it (the operator's local time, to the minute). */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local time) as ISO for the API. */
const fromLocalInput = (value: string) => new Date(value).toISOString();

const timeRule = (label: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    if (!value) throw new Error(`Choose the ${label}.`);
    if (Number.isNaN(new Date(value).getTime())) throw new Error(`The ${label} is not a valid time.`);
  },
});

/**
 * Create a project, or edit one that is still open. Once anyone has subscribed, the server keeps its
 * terms (price, supply, limits, currencies) and says so; times, lock-up and texts may still change.
 */
export function ProjectFormDrawer({
  project,
  open,
  onClose,
}: {
  project: AdminProject | null;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const { save } = useProjectActions();
  const coins = useQuery(currenciesQuery());
  const editing = project !== null;
  const intro = (Form.useWatch('introduction', form) ?? {}) as Record<string, string | undefined>;

  useEffect(() => {
    if (!open) return;
    if (project) {
      form.setFieldsValue({
        code: project.code,
        name: project.name,
        decimals: project.decimals,
        subscribe_currency_id: project.subscribe_currency_id,
        issue_price: project.issue_price,
        total_supply: project.total_supply,
        min_amount: project.min_amount,
        max_amount: project.max_amount,
        start_at: toLocalInput(project.start_at),
        end_at: toLocalInput(project.end_at),
        launch_at: toLocalInput(project.launch_at),
        lock_days: project.lock_days,
        introduction: project.introduction,
      });
    } else {
      form.resetFields();
    }
  }, [open, project, form]);
  // After the reset above, so a new project starts in the quote coin.
  useDefaultCoin(form, 'subscribe_currency_id', coins.data, open && !editing);

  const submit = async (v: Values) => {
    const body: Partial<ProjectForm> = {
      code: v.code.trim().toUpperCase(),
      name: v.name.trim(),
      decimals: v.decimals,
      subscribe_currency_id: v.subscribe_currency_id,
      issue_price: v.issue_price.trim(),
      total_supply: v.total_supply.trim(),
      min_amount: v.min_amount.trim(),
      max_amount: v.max_amount.trim(),
      start_at: fromLocalInput(v.start_at),
      end_at: fromLocalInput(v.end_at),
      launch_at: fromLocalInput(v.launch_at),
      lock_days: v.lock_days,
      introduction: Object.fromEntries(LANGS.map(([l]) => [l, v.introduction?.[l] ?? ''])),
    };
    await save.mutateAsync({ id: project?.id, form: body });
    onClose();
  };

  return (
    <Drawer
      title={editing ? `Edit ${project.code}` : 'New subscription project'}
      open={open}
      onClose={onClose}
      size={720}
      destroyOnHidden
      data-testid="subscription-form"
      extra={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="subscription-form-submit">
            {editing ? 'Save' : 'Create'}
          </Button>
        </Space>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v).catch(() => undefined)}
        initialValues={{ decimals: 4, lock_days: 7 }}
      >
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item
            label="Coin code"
            name="code"
            rules={[
              {
                required: true,
                pattern: /^[A-Za-z][A-Za-z0-9]{1,9}$/,
                message: '2–10 letters or digits, starting with a letter.',
              },
            ]}
          >
            <Input placeholder="NEWC" maxLength={10} data-testid="subscription-form-code" />
          </Form.Item>
          <Form.Item label="Coin name" name="name" rules={[{ required: true, message: 'Enter the coin name.' }]}>
            <Input placeholder="New Coin" maxLength={60} data-testid="subscription-form-name" />
          </Form.Item>
          <Form.Item label="Coin decimals" name="decimals" rules={[{ required: true }]}>
            <InputNumber min={0} max={8} precision={0} data-testid="subscription-form-decimals" />
          </Form.Item>
        </Space>
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item label="Subscription currency" name="subscribe_currency_id" rules={[{ required: true }]}>
            <Select style={{ width: 160 }} loading={coins.isPending} options={coinOptions(coins.data)} />
          </Form.Item>
          <Form.Item
            label="Issue price (1 coin in that currency)"
            name="issue_price"
            rules={[decimalRules.positive('issue price')]}
          >
            <Input placeholder="0.1" data-testid="subscription-form-price" />
          </Form.Item>
          <Form.Item label="Total supply (coins offered)" name="total_supply" rules={[decimalRules.positive('total supply')]}>
            <Input placeholder="1000000" data-testid="subscription-form-supply" />
          </Form.Item>
        </Space>
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item label="Minimum per order" name="min_amount" rules={[decimalRules.positive('minimum')]}>
            <Input placeholder="10" data-testid="subscription-form-min" />
          </Form.Item>
          <Form.Item label="Maximum per user" name="max_amount" rules={[decimalRules.positive('maximum')]}>
            <Input placeholder="5000" data-testid="subscription-form-max" />
          </Form.Item>
          <Form.Item label="Lock-up (days after launch)" name="lock_days" rules={[{ required: true }]}>
            <InputNumber min={0} max={3650} precision={0} data-testid="subscription-form-lock" />
          </Form.Item>
        </Space>
        <Space wrap size="middle" style={{ width: '100%' }}>
          <Form.Item label="Start time" name="start_at" rules={[timeRule('start time')]}>
            <Input type="datetime-local" data-testid="subscription-form-start" />
          </Form.Item>
          <Form.Item label="Closing time" name="end_at" rules={[timeRule('closing time')]}>
            <Input type="datetime-local" data-testid="subscription-form-end" />
          </Form.Item>
          <Form.Item label="Estimated launch" name="launch_at" rules={[timeRule('estimated launch time')]}>
            <Input type="datetime-local" data-testid="subscription-form-launch" />
          </Form.Item>
        </Space>
        <Typography.Paragraph type="secondary">
          Introduction, per language. English is shown to readers whose language is left empty.
        </Typography.Paragraph>
        <LanguageFallbackNote
          present={Object.entries(intro)
            .filter(([, text]) => text?.trim())
            .map(([l]) => l)}
        />
        {LANGS.map(([lang, label]) => (
          <Form.Item
            key={lang}
            label={label}
            name={['introduction', lang]}
            rules={lang === 'en' ? [{ required: true, message: 'Write at least the English introduction.' }] : []}
          >
            <Input.TextArea rows={2} maxLength={5000} data-testid={`subscription-form-intro-${lang}`} />
          </Form.Item>
        ))}
      </Form>
    </Drawer>
  );
}
