import { Badge, Button, Card, Form, Input, InputNumber, message, Space } from 'antd';
import { type ConsoleConfig, type MarketMakerParams, useSaveMarketMaker } from '../api/config';
import { amountRule } from '../config-rules';

const MM_FIELDS: { key: keyof MarketMakerParams; label: string; min: number; max: number }[] = [
  { key: 'levels', label: 'Quotes per side', min: 1, max: 50 },
  { key: 'spreadBps', label: 'Spread from index (bps)', min: 1, max: 5000 },
  { key: 'stepBps', label: 'Step between levels (bps)', min: 1, max: 5000 },
  { key: 'refreshBps', label: 'Re-quote after a move of (bps)', min: 1, max: 5000 },
  { key: 'refreshMs', label: 'Re-quote after (ms)', min: 250, max: 3_600_000 },
  { key: 'staleMs', label: 'Withdraw quotes without ticks for (ms)', min: 1000, max: 3_600_000 },
];

export function MarketMakerCard({ mm }: { mm: ConsoleConfig['market_maker'] }) {
  const save = useSaveMarketMaker();
  const [form] = Form.useForm<MarketMakerParams>();
  return (
    <Card
      size="small"
      title="Market maker"
      extra={
        <Badge
          status={mm.quoting ? 'processing' : 'default'}
          text={mm.quoting ? 'quoting' : mm.enabled ? 'enabled, not quoting' : 'off (MARKET_MAKER=0)'}
        />
      }
      data-testid="config-market-maker"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={mm}
        key={JSON.stringify(mm)}
        onFinish={(v) =>
          save.mutate(
            { ...v, levelQuote: String(v.levelQuote).trim() },
            { onSuccess: () => void message.success('Market maker saved.') },
          )
        }
      >
        <Space wrap align="start">
          {MM_FIELDS.map((f) => (
            <Form.Item key={f.key} name={f.key} label={f.label} rules={[{ required: true }]}>
              <InputNumber min={f.min} max={f.max} precision={0} data-testid={`mm-${f.key}`} />
            </Form.Item>
          ))}
          <Form.Item name="levelQuote" label="First level's value (quote coin)" rules={[amountRule]}>
            <Input data-testid="mm-levelQuote" />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="mm-save">
          Save
        </Button>
      </Form>
    </Card>
  );
}
