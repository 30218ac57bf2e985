import { PLAIN_DECIMAL } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Badge,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  message,
  Skeleton,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { actionsColumn } from '../../../components/actions-column';
import { FormModal } from '../../../components/form-modal';
import { LoadError } from '../../../components/load-error';
import { formatTime } from '../../../lib/format';
import {
  type ConfigCoin,
  type ConfigPair,
  type ConsoleConfig,
  configQuery,
  type MarketMakerParams,
  useSaveCoin,
  useSaveMarketMaker,
  useSavePair,
  useSaveWithdrawLimit,
} from '../api/config';
import { CoinChains, CoinEnabledSwitch } from './coin-controls';
import { PairSizesModal } from './pair-sizes-modal';

const FEE_RATE = /^0(\.\d{1,8})?$/;
/** A required amount in the coin's units. */
const amountRule = { required: true, pattern: PLAIN_DECIMAL, message: 'A decimal amount' };
/** Maker and taker fees: a fraction of the trade's value. */
const feeRateRule = { required: true, pattern: FEE_RATE, message: 'A fraction below 1, up to 8 places' };
const percent = (rate: string) => `${(Number(rate) * 100).toFixed(4).replace(/\.?0+$/, '')} %`;

function CoinsCard({ coins }: { coins: ConfigCoin[] }) {
  const save = useSaveCoin();
  const [editing, setEditing] = useState<ConfigCoin | null>(null);
  const [form] = Form.useForm<{ full_name: string; sort: number }>();
  const columns: TableColumnsType<ConfigCoin> = [
    { title: 'Coin', dataIndex: 'name', width: 80 },
    { title: 'Name', dataIndex: 'full_name' },
    { title: 'Order', dataIndex: 'sort', width: 70, align: 'right' },
    { title: 'Decimals', dataIndex: 'decimals', width: 80, align: 'right' },
    { title: 'Deposits and withdrawals', key: 'enabled', width: 110, render: (_, c) => <CoinEnabledSwitch coin={c} /> },
    { title: 'Chains (hover: deposit address)', key: 'chains', render: (_, c) => <CoinChains coin={c} /> },
    { title: 'Deposit min', dataIndex: 'deposit_min', align: 'right' },
    { title: 'Withdraw min', dataIndex: 'withdraw_min', align: 'right' },
    { title: 'Withdraw fee', dataIndex: 'withdraw_fee', align: 'right' },
    actionsColumn(80, (c) => (
      <Button
        size="small"
        data-testid={`coin-edit-${c.name}`}
        onClick={() => {
          setEditing(c);
          form.setFieldsValue({ full_name: c.full_name, sort: c.sort });
        }}
      >
        Edit
      </Button>
    )),
  ];
  return (
    <Card
      size="small"
      title="Coins and chains"
      extra={<Link to="/settings">Minimums and fees: Settings</Link>}
      data-testid="config-coins"
    >
      <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={coins} scroll={{ x: 900 }} />
      <FormModal
        open={editing !== null}
        title={`Edit ${editing?.name ?? ''}`}
        okText="Save"
        busy={save.isPending}
        form={form}
        onClose={() => setEditing(null)}
        onValues={(v) => {
          if (!editing) return;
          save.mutate(
            { id: editing.id, full_name: v.full_name.trim(), sort: v.sort },
            {
              onSuccess: () => {
                void message.success(`${editing.name} saved.`);
                setEditing(null);
              },
            },
          );
        }}
      >
        <Form.Item name="full_name" label="Display name" rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input data-testid="coin-full-name" />
        </Form.Item>
        <Form.Item name="sort" label="Order in lists" rules={[{ required: true }]}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}

function PairsCard({ pairs }: { pairs: ConfigPair[] }) {
  const save = useSavePair();
  const [editing, setEditing] = useState<ConfigPair | null>(null);
  const [resizing, setResizing] = useState<ConfigPair | null>(null);
  const [form] = Form.useForm<{
    min_amount: string;
    maker_fee_rate: string;
    taker_fee_rate: string;
    price_band: string;
    mm_levels: number | null;
    mm_depth: string;
    mm_spread_bps: number | null;
  }>();
  const columns: TableColumnsType<ConfigPair> = [
    { title: 'Pair', dataIndex: 'symbol', width: 110 },
    {
      title: 'Tick',
      dataIndex: 'tick_size',
      align: 'right',
      render: (v: string, p) => <span data-testid={`pair-tick-${p.symbol}`}>{v}</span>,
    },
    { title: 'Lot', dataIndex: 'lot_size', align: 'right' },
    { title: 'Min order', dataIndex: 'min_amount', align: 'right' },
    { title: 'Maker fee', dataIndex: 'maker_fee_rate', align: 'right', render: percent },
    { title: 'Taker fee', dataIndex: 'taker_fee_rate', align: 'right', render: percent },
    {
      title: 'Price band',
      dataIndex: 'price_band',
      align: 'right',
      render: (v: string, p) => <span data-testid={`pair-band-${p.symbol}`}>{percent(v)}</span>,
    },
    {
      title: 'Maker book',
      key: 'ladder',
      align: 'right',
      render: (_, p) =>
        p.mm_levels === null && p.mm_depth === null && p.mm_spread_bps === null ? (
          <Typography.Text type="secondary">global</Typography.Text>
        ) : (
          <span data-testid={`pair-ladder-${p.symbol}`}>
            {p.mm_levels ?? 'global'} × 2 · {p.mm_depth ?? 'global'} / side · {p.mm_spread_bps ?? 'global'} bp
          </span>
        ),
    },
    {
      title: 'Open for',
      key: 'products',
      render: (_, p) => (
        <Space size={2} wrap>
          <Tag color={p.open_coin_trade ? 'green' : 'default'}>spot</Tag>
          <Tag color={p.open_lever ? 'green' : 'default'}>contracts</Tag>
          <Tag color={p.open_microtrade ? 'green' : 'default'}>options</Tag>
        </Space>
      ),
    },
    { title: 'Resting orders', dataIndex: 'open_orders', align: 'right' },
    {
      title: '',
      key: 'edit',
      width: 150,
      render: (_, p) => (
        <Space size={4}>
          <Button size="small" data-testid={`pair-sizes-${p.symbol}`} onClick={() => setResizing(p)}>
            Tick/lot
          </Button>
          <Button
            size="small"
            data-testid={`pair-edit-${p.symbol}`}
            onClick={() => {
              setEditing(p);
              form.setFieldsValue({
                min_amount: p.min_amount,
                maker_fee_rate: p.maker_fee_rate,
                taker_fee_rate: p.taker_fee_rate,
                price_band: p.price_band,
                mm_levels: p.mm_levels,
                mm_depth: p.mm_depth ?? '',
                mm_spread_bps: p.mm_spread_bps,
              });
            }}
          >
            Edit
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <Card size="small" title="Pairs" extra={<Link to="/products">Product switches</Link>} data-testid="config-pairs">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        Fee rates, the minimum and the price band apply to the next order at once; a market order trades only within the band
        around the index price and the rest is cancelled. The market maker's book (levels per side, notional per side in the quote
        coin, best quote's distance from the index) applies at its next requote; empty fields use the global settings. Tick and
        lot sizes move the running book to new units (refused while users' resting orders do not fit them). Which products a pair
        is open for is set on the Product switches page.
      </Typography.Paragraph>
      <Table rowKey="id" size="small" pagination={false} columns={columns} dataSource={pairs} scroll={{ x: 900 }} />
      <PairSizesModal pair={resizing} onClose={() => setResizing(null)} />
      <FormModal
        open={editing !== null}
        title={`Rules of ${editing?.symbol ?? ''}`}
        okText="Save"
        busy={save.isPending}
        form={form}
        onClose={() => setEditing(null)}
        onValues={(v) => {
          if (!editing) return;
          save.mutate(
            {
              id: editing.id,
              min_amount: v.min_amount.trim(),
              maker_fee_rate: v.maker_fee_rate.trim(),
              taker_fee_rate: v.taker_fee_rate.trim(),
              price_band: v.price_band.trim(),
              ...(v.mm_levels ? { mm_levels: v.mm_levels } : {}),
              ...(v.mm_depth.trim() ? { mm_depth: v.mm_depth.trim() } : {}),
              ...(v.mm_spread_bps ? { mm_spread_bps: v.mm_spread_bps } : {}),
            },
            {
              onSuccess: () => {
                void message.success(`${editing.symbol} rules saved.`);
                setEditing(null);
              },
            },
          );
        }}
      >
        <Form.Item name="min_amount" label={`Minimum order (whole lots of ${editing?.lot_size ?? ''})`} rules={[amountRule]}>
          <Input data-testid="pair-min-amount" />
        </Form.Item>
        <Form.Item name="maker_fee_rate" label="Maker fee rate (0.001 = 0.1 %)" rules={[feeRateRule]}>
          <Input data-testid="pair-maker-fee" />
        </Form.Item>
        <Form.Item name="taker_fee_rate" label="Taker fee rate" rules={[feeRateRule]}>
          <Input data-testid="pair-taker-fee" />
        </Form.Item>
        <Form.Item
          name="price_band"
          label="Market-order price band (0.05 = 5 % from the index price)"
          rules={[{ required: true, pattern: FEE_RATE, message: 'A fraction above 0, at most 0.5' }]}
        >
          <Input data-testid="pair-price-band" />
        </Form.Item>
        <Space size="middle" wrap>
          <Form.Item name="mm_levels" label="Maker levels per side">
            <InputNumber min={1} max={50} precision={0} data-testid="pair-mm-levels" />
          </Form.Item>
          <Form.Item
            name="mm_depth"
            label="Maker notional per side"
            rules={[{ pattern: PLAIN_DECIMAL, message: 'A decimal amount' }]}
          >
            <Input data-testid="pair-mm-depth" />
          </Form.Item>
          <Form.Item name="mm_spread_bps" label="Maker spread (bp)">
            <InputNumber min={1} max={1000} precision={0} data-testid="pair-mm-spread" />
          </Form.Item>
        </Space>
      </FormModal>
    </Card>
  );
}

const MM_FIELDS: { key: keyof MarketMakerParams; label: string; min: number; max: number }[] = [
  { key: 'levels', label: 'Quotes per side', min: 1, max: 50 },
  { key: 'spreadBps', label: 'Spread from index (bps)', min: 1, max: 5000 },
  { key: 'stepBps', label: 'Step between levels (bps)', min: 1, max: 5000 },
  { key: 'refreshBps', label: 'Re-quote after a move of (bps)', min: 1, max: 5000 },
  { key: 'refreshMs', label: 'Re-quote after (ms)', min: 250, max: 3_600_000 },
  { key: 'staleMs', label: 'Withdraw quotes without ticks for (ms)', min: 1000, max: 3_600_000 },
];

function MarketMakerCard({ mm }: { mm: ConsoleConfig['market_maker'] }) {
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

function WithdrawLimitCard({ limit }: { limit: number }) {
  const save = useSaveWithdrawLimit();
  const [value, setValue] = useState<number | null>(limit);
  return (
    <Card size="small" title="Withdrawal limit" data-testid="config-withdraw-limit">
      <Space>
        <InputNumber min={0} max={1000} precision={0} value={value} onChange={setValue} data-testid="withdraw-limit" />
        <span>requests per user per day</span>
        <Button
          type="primary"
          disabled={value === null || value === limit}
          loading={save.isPending}
          onClick={() =>
            value !== null && save.mutate(value, { onSuccess: () => void message.success('Withdrawal limit saved.') })
          }
          data-testid="withdraw-limit-save"
        >
          Save
        </Button>
      </Space>
    </Card>
  );
}

function FeedCard({ feed }: { feed: ConsoleConfig['feed'] }) {
  return (
    <Card size="small" title="Market feed (read-only)" data-testid="config-feed">
      <Descriptions size="small" column={3}>
        <Descriptions.Item label="Kind">{feed.kind}</Descriptions.Item>
        <Descriptions.Item label="Connected">
          <Badge status={feed.connected ? 'success' : 'error'} text={feed.connected ? 'yes' : 'no'} />
        </Descriptions.Item>
        <Descriptions.Item label="Prices">{feed.demo ? 'demo data' : 'live exchange'}</Descriptions.Item>
      </Descriptions>
      <Table
        rowKey="pair_id"
        size="small"
        pagination={false}
        dataSource={feed.pairs}
        columns={[
          { title: 'Pair', dataIndex: 'symbol' },
          { title: 'Last price', dataIndex: 'price', align: 'right', render: (v: string | null) => v ?? '—' },
          { title: 'Last tick', dataIndex: 'last_tick_at', render: (v: string | null) => (v ? formatTime(v) : 'no tick yet') },
        ]}
      />
    </Card>
  );
}

/**
 * Runtime configuration, super only: coins, pairs' rules, the withdrawal limit, the
 * market maker and the feed's status. Every save is audited with before/after and applies at once.
 */
export function ConfigPage() {
  const query = useQuery(configQuery());
  if (query.isPending) return <Skeleton active data-testid="config-loading" />;
  if (query.isError) return <LoadError title="The configuration could not be loaded" query={query} />;
  const c = query.data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="config-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        Configuration
      </Typography.Title>
      <CoinsCard coins={c.coins} />
      <PairsCard pairs={c.pairs} />
      <WithdrawLimitCard key={c.withdraw_daily_limit} limit={c.withdraw_daily_limit} />
      <MarketMakerCard mm={c.market_maker} />
      <FeedCard feed={c.feed} />
    </Space>
  );
}
