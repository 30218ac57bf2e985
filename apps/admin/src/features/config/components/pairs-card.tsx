import { PLAIN_DECIMAL } from '@app/shared';
import { Button, Card, Form, Input, InputNumber, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { RowFormModal, useRowForm } from '../../../components/row-form-modal';
import { type ConfigPair, useSavePair } from '../api/config';
import { amountRule, FEE_RATE, feeRateRule, percent } from '../config-rules';
import { PairSizesModal } from './pair-sizes-modal';

/** The rules form's fields: the market maker's are optional (empty uses the global settings). */
type PairRulesForm = {
  min_amount: string;
  maker_fee_rate: string;
  taker_fee_rate: string;
  price_band: string;
  mm_levels: number | null;
  mm_depth: string;
  mm_spread_bps: number | null;
};

export function PairsCard({ pairs }: { pairs: ConfigPair[] }) {
  const save = useSavePair();
  const [resizing, setResizing] = useState<ConfigPair | null>(null);
  const editor = useRowForm<ConfigPair, PairRulesForm>();
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
            onClick={() =>
              editor.edit(p, {
                min_amount: p.min_amount,
                maker_fee_rate: p.maker_fee_rate,
                taker_fee_rate: p.taker_fee_rate,
                price_band: p.price_band,
                mm_levels: p.mm_levels,
                mm_depth: p.mm_depth ?? '',
                mm_spread_bps: p.mm_spread_bps,
              })
            }
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
      <RowFormModal
        editor={editor}
        title={`Rules of ${editor.row?.symbol ?? ''}`}
        save={save}
        input={(pair, v) => ({
          id: pair.id,
          min_amount: v.min_amount.trim(),
          maker_fee_rate: v.maker_fee_rate.trim(),
          taker_fee_rate: v.taker_fee_rate.trim(),
          price_band: v.price_band.trim(),
          ...(v.mm_levels ? { mm_levels: v.mm_levels } : {}),
          ...(v.mm_depth.trim() ? { mm_depth: v.mm_depth.trim() } : {}),
          ...(v.mm_spread_bps ? { mm_spread_bps: v.mm_spread_bps } : {}),
        })}
        saved={(pair) => `${pair.symbol} rules saved.`}
      >
        <Form.Item name="min_amount" label={`Minimum order (whole lots of ${editor.row?.lot_size ?? ''})`} rules={[amountRule]}>
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
      </RowFormModal>
    </Card>
  );
}
