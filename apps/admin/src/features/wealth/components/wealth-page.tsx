import { trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  message,
  Segmented,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { actionsColumn } from '../../../components/actions-column';
import { useConfirm } from '../../../components/confirm';
import { RefreshButton } from '../../../components/refresh-button';
import { coinOptions, currenciesQuery, defaultCoinId, useDefaultCoin } from '../../../lib/currencies';
import { decimalRules } from '../../../lib/decimal-rules';
import { validValues } from '../../../lib/form-values';
import { formatTime } from '../../../lib/format';
import { listTableProps, pagedTableProps, useListParams } from '../../../lib/paging';
import {
  type ProductForm,
  useProductActions,
  type WealthOrder,
  type WealthProduct,
  wealthOrdersQuery,
  wealthProductsQuery,
} from '../api/wealth';
import { penaltyRateRule, percentRule } from '../product-rules';

/** Financial products (lock/trust/hosting): define and pause products; read the users' orders. */
export function WealthPage() {
  return (
    <Card title="Financial products" data-testid="wealth-page">
      <Tabs
        items={[
          { key: 'products', label: 'Products', children: <ProductsTab /> },
          { key: 'orders', label: 'Orders', children: <OrdersTab /> },
        ]}
      />
    </Card>
  );
}

function ProductsTab() {
  const query = useQuery(wealthProductsQuery());
  const { setStatus } = useProductActions();
  const confirm = useConfirm();
  const [editing, setEditing] = useState<WealthProduct | 'new' | null>(null);
  // Loaded with the list, so a new product's form opens with its coin already chosen.
  useQuery(currenciesQuery());

  const toggle = (p: WealthProduct) => {
    const pausing = p.status === 'active';
    confirm.confirm({
      title: pausing ? `Pause product #${p.id}?` : `Resume product #${p.id}?`,
      content: pausing
        ? 'Users can no longer buy it. Orders already bought keep accruing and mature as agreed.'
        : 'Users can buy it again on the finance page.',
      okText: pausing ? 'Pause sales' : 'Resume sales',
      danger: pausing,
      onOk: () =>
        setStatus
          .mutateAsync({ id: p.id, status: pausing ? 'paused' : 'active' })
          .then(() => message.success(`Product #${p.id} ${pausing ? 'paused' : 'resumed'}.`)),
    });
  };

  const columns: TableColumnsType<WealthProduct> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    { title: 'Coin', dataIndex: 'currency_name', width: 70 },
    { title: 'Days', dataIndex: 'day', width: 60 },
    { title: 'Daily yield', dataIndex: 'interest_rate', width: 100, render: (v: string) => `${v} %` },
    { title: 'Damages / day', dataIndex: 'penalty_rate', width: 110, render: (v: string) => `${v} %` },
    {
      title: 'Min – max',
      key: 'range',
      width: 170,
      render: (_, p) => `${trimDecimal(p.save_min)} – ${trimDecimal(p.save_max)}`,
    },
    {
      title: 'Sold / cap',
      key: 'cap',
      width: 170,
      render: (_, p) => `${trimDecimal(p.sold)} / ${p.total_cap === null ? 'no cap' : trimDecimal(p.total_cap)}`,
    },
    { title: 'In hosting', dataIndex: 'hosting', align: 'right', width: 120, render: (v: string) => trimDecimal(v) },
    { title: 'Orders', dataIndex: 'orders', width: 70 },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 90,
      render: (v: string) => <Tag color={v === 'active' ? 'green' : 'default'}>{v === 'active' ? 'On sale' : 'Paused'}</Tag>,
    },
    actionsColumn(160, (p) => (
      <>
        <Button size="small" onClick={() => setEditing(p)} data-testid={`wealth-edit-${p.id}`}>
          Edit
        </Button>
        <Button size="small" danger={p.status === 'active'} onClick={() => toggle(p)} data-testid={`wealth-toggle-${p.id}`}>
          {p.status === 'active' ? 'Pause' : 'Resume'}
        </Button>
      </>
    )),
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {confirm.contextHolder}
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Interest starts the day after a purchase and is credited to the coin account daily; the principal returns on the last day.
        Early redemption costs damages = damages rate × remaining days × amount. Edits apply to new purchases only.
      </Typography.Paragraph>
      <Space>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="wealth-create">
          New product
        </Button>
        <RefreshButton query={query} />
      </Space>
      <Table<WealthProduct>
        {...listTableProps(query)}
        columns={columns}
        scroll={{ x: 1050 }}
        locale={{ emptyText: 'No products yet' }}
        data-testid="wealth-products-table"
      />
      {editing ? <ProductModal product={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Space>
  );
}

function ProductModal({ product, onClose }: { product: WealthProduct | null; onClose: () => void }) {
  const [form] = Form.useForm<ProductForm>();
  const coins = useQuery(currenciesQuery());
  const { save } = useProductActions();
  useDefaultCoin(form, 'currency_id', coins.data, !product);
  const initial: ProductForm = product
    ? {
        currency_id: product.currency_id,
        day: String(product.day),
        save_min: trimDecimal(product.save_min),
        save_max: trimDecimal(product.save_max),
        interest_rate: product.interest_rate,
        penalty_rate: product.penalty_rate,
        total_cap: product.total_cap === null ? '' : trimDecimal(product.total_cap),
        sort: String(product.sort),
      }
    : {
        currency_id: defaultCoinId(coins.data),
        day: '15',
        save_min: '',
        save_max: '',
        interest_rate: '',
        penalty_rate: '',
        total_cap: '',
        sort: '0',
      };

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    // An empty damages rate takes the daily yield, as in the spec's example.
    const form2 = {
      ...values,
      penalty_rate: values.penalty_rate?.trim() || values.interest_rate,
      total_cap: values.total_cap ?? '',
      sort: values.sort ?? '0',
    };
    save.mutate(
      { id: product?.id, form: form2 },
      {
        onSuccess: (saved) => {
          void message.success(product ? `Product #${saved.id} saved.` : `Product #${saved.id} created.`);
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={product ? `Edit product #${product.id}` : 'New financial product'}
      okText={product ? 'Save' : 'Create'}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'wealth-product-save' } as Record<string, string>}
      destroyOnHidden
    >
      <Form<ProductForm> form={form} layout="vertical" initialValues={initial} data-testid="wealth-product-form">
        <Form.Item name="currency_id" label="Coin" rules={[{ required: true, message: 'Choose the coin.' }]}>
          <Select disabled={!!product} loading={coins.isPending} options={coinOptions(coins.data)} />
        </Form.Item>
        <Form.Item
          name="day"
          label="Cycle (days)"
          rules={[
            {
              validator: async (_: unknown, v: string | undefined) => {
                if (!/^\d{1,4}$/.test(v?.trim() ?? '') || Number(v) < 1 || Number(v) > 3650) {
                  throw new Error('Whole days from 1 to 3650.');
                }
              },
            },
          ]}
        >
          <Input inputMode="numeric" data-testid="wealth-field-day" />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="save_min" label="Minimum amount" rules={[decimalRules.positive('minimum')]} style={{ flex: 1 }}>
            <Input inputMode="decimal" data-testid="wealth-field-min" />
          </Form.Item>
          <Form.Item name="save_max" label="Maximum amount" rules={[decimalRules.positive('maximum')]} style={{ flex: 1 }}>
            <Input inputMode="decimal" data-testid="wealth-field-max" />
          </Form.Item>
        </Space.Compact>
        <Space.Compact block>
          <Form.Item name="interest_rate" label="Daily yield (%)" rules={[percentRule('daily yield')]} style={{ flex: 1 }}>
            <Input inputMode="decimal" placeholder="0.4" data-testid="wealth-field-rate" />
          </Form.Item>
          <Form.Item
            name="penalty_rate"
            label="Damages per remaining day (%)"
            tooltip="Empty: the daily yield. Above 0: every product can be redeemed early."
            rules={[penaltyRateRule]}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" placeholder="same as the yield" data-testid="wealth-field-penalty" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="total_cap" label="Total cap (empty: no cap)">
          <Input inputMode="decimal" data-testid="wealth-field-cap" />
        </Form.Item>
        <Form.Item name="sort" label="Order on the finance page">
          <Input inputMode="numeric" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const STATUS_OPTIONS = [
  { label: 'Hosting', value: 'hosting' },
  { label: 'Completed', value: 'completed' },
  { label: 'Redeemed', value: 'redeemed' },
  { label: 'All', value: 'all' },
];

const ORDER_COLORS = { hosting: 'blue', completed: 'green', redeemed: 'orange' } as const;

function OrdersTab() {
  const { page, limit, filters, setFilter, setPage } = useListParams({ status: 'all', product_id: '' });
  const query = useQuery(wealthOrdersQuery({ status: filters.status, product_id: filters.product_id, page, limit }));
  const columns: TableColumnsType<WealthOrder> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    {
      title: 'User',
      key: 'user',
      width: 240,
      render: (_, o) => `${o.user.email ?? o.user.phone ?? 'User'} (#${o.user.id})`,
    },
    { title: 'Product', dataIndex: 'product_id', width: 80, render: (v: number) => `#${v}` },
    {
      title: 'Amount',
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_, o) => `${trimDecimal(o.amount)} ${o.currency_name}`,
    },
    { title: 'Yield', dataIndex: 'day_rate', width: 80, render: (v: string) => `${v} %` },
    { title: 'Days paid', key: 'days', width: 100, render: (_, o) => `${o.days_paid} / ${o.day}` },
    { title: 'Income', dataIndex: 'current_income', align: 'right', width: 110, render: (v: string) => trimDecimal(v) },
    { title: 'Damages', dataIndex: 'damages', align: 'right', width: 100, render: (v: string | null) => trimDecimal(v) },
    { title: 'Bought', dataIndex: 'paid_at', width: 180, render: (v: string) => formatTime(v) },
    { title: 'Ended', dataIndex: 'completed_at', width: 180, render: (v: string | null) => formatTime(v) },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 100,
      render: (v: WealthOrder['status']) => <Tag color={ORDER_COLORS[v]}>{STATUS_OPTIONS.find((o) => o.value === v)?.label}</Tag>,
    },
  ];
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented options={STATUS_OPTIONS} value={filters.status} onChange={(v) => setFilter('status', String(v))} />
        <Input
          allowClear
          placeholder="Product id"
          value={filters.product_id}
          onChange={(e) => setFilter('product_id', e.target.value.replace(/\D/g, ''))}
          style={{ width: 140 }}
        />
        <RefreshButton query={query} />
      </Space>
      <Table<WealthOrder>
        {...pagedTableProps(query, page, limit, setPage)}
        columns={columns}
        scroll={{ x: 1400 }}
        locale={{ emptyText: 'No orders' }}
        data-testid="wealth-orders-table"
      />
    </Space>
  );
}
