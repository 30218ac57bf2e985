import { trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, message, Table, type TableColumnsType, Typography } from 'antd';
import { type CurrencySetting, currenciesQuery, QUOTE_COIN } from '../../../lib/currencies';
import { decimalRules } from '../../../lib/decimal-rules';
import { listTableProps } from '../../../lib/paging';
import { useRowsForm } from '../../../lib/rows-form';
import { useSaveCurrencySetting } from '../api/settings';

type Field = 'deposit_min' | 'withdraw_min' | 'withdraw_fee' | 'fallback_price';
type Values = Record<string, Record<Field, string>>;

const FIELDS: { key: Field; title: string; label: string }[] = [
  { key: 'deposit_min', title: 'Deposit min', label: 'deposit minimum' },
  { key: 'withdraw_min', title: 'Withdraw min', label: 'withdrawal minimum' },
  { key: 'withdraw_fee', title: 'Withdraw fee', label: 'withdrawal fee' },
  { key: 'fallback_price', title: 'Fallback USDT price (demo)', label: 'fallback price' },
];

const isUsdt = (r: CurrencySetting) => r.currency_name === QUOTE_COIN;

const rowValues = (r: CurrencySetting) =>
  Object.fromEntries(FIELDS.map((f) => [f.key, trimDecimal(r[f.key])])) as Record<Field, string>;

export function CurrencySettingsCard() {
  const query = useQuery(currenciesQuery());
  const save = useSaveCurrencySetting();
  const { form, initialValues } = useRowsForm(query.data, 'currency_id', rowValues);

  /** Saves one coin: only its row is validated, so a half-edited other row does not block it. */
  const saveRow = async (r: CurrencySetting) => {
    const id = String(r.currency_id);
    try {
      await form.validateFields(FIELDS.map((f) => [id, f.key]));
    } catch {
      return;
    }
    const v = form.getFieldValue(id) as Record<Field, string>;
    save.mutate(
      {
        currency_id: r.currency_id,
        deposit_min: v.deposit_min.trim(),
        withdraw_min: v.withdraw_min.trim(),
        withdraw_fee: v.withdraw_fee.trim(),
        // USDT is the unit of valuation: its price is 1 by definition.
        fallback_price: isUsdt(r) ? '1' : v.fallback_price.trim(),
      },
      {
        onSuccess: (saved) => {
          // Only this row takes the stored values; unsaved edits in other rows stay as typed.
          if (saved) form.setFieldValue(id, rowValues(saved));
          void message.success(`${r.currency_name} rules saved.`);
        },
      },
    );
  };

  const columns: TableColumnsType<CurrencySetting> = [
    { title: 'Coin', key: 'coin', width: 80, render: (_, r) => r.currency_name },
    ...FIELDS.map((f): TableColumnsType<CurrencySetting>[number] => ({
      title: f.title,
      key: f.key,
      render: (_, r) => (
        <Form.Item name={[String(r.currency_id), f.key]} style={{ margin: 0 }} rules={[decimalRules.nonNegative(f.label)]}>
          <Input
            inputMode="decimal"
            disabled={f.key === 'fallback_price' && isUsdt(r)}
            data-testid={`currency-${r.currency_name}-${f.key}`}
          />
        </Form.Item>
      ),
    })),
    {
      title: '',
      key: 'save',
      width: 90,
      render: (_, r) => (
        <Button
          onClick={() => void saveRow(r)}
          loading={save.isPending && save.variables?.currency_id === r.currency_id}
          data-testid={`currency-${r.currency_name}-save`}
        >
          Save
        </Button>
      ),
    },
  ];

  return (
    <Card title="Money rules per coin" size="small">
      <Typography.Paragraph type="secondary">
        Minimums and the withdrawal fee are in the coin itself. The fallback USDT price is a{' '}
        <Typography.Text strong>demo price until the market feed is live</Typography.Text>: it values balances in USDT while no
        market price exists. USDT is always 1.
      </Typography.Paragraph>
      {/* Mounted once the rules arrive; later refetches must not wipe what the operator is typing in another row. */}
      <Form<Values>
        key={query.isSuccess ? 'loaded' : 'loading'}
        form={form}
        initialValues={initialValues}
        disabled={save.isPending}
      >
        <Table<CurrencySetting>
          {...listTableProps(query, 'currency_id')}
          columns={columns}
          scroll={{ x: 900 }}
          data-testid="currency-settings-table"
        />
      </Form>
    </Card>
  );
}
