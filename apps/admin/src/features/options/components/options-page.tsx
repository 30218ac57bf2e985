import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Segmented, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../lib/api';
import { validValues } from '../../../lib/form-values';
import {
  type AdminOptionOrder,
  type OptionSeconds,
  ordersQuery,
  type SecondsForm,
  secondsQuery,
  useSaveSeconds,
} from '../api/options';

const time = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString(undefined, { hour12: false }));
const RESULT = { 1: ['Win', 'green'], 0: ['Flat', 'default'], [-1]: ['Loss', 'red'] } as const;
/** Why an order was voided: a second it needed has no recorded index sample, or the price source changed. */
const VOID_REASON = {
  no_sample_open: 'No index sample was recorded for the purchase second.',
  no_sample_delivery: 'No index sample was recorded for the delivery second.',
  source_changed: 'The price source changed while the order was open.',
} as const;

/** Delivery times: ratios and stake limits, edited in a form (each save is audited by the server). */
function SecondsTable() {
  const seconds = useQuery(secondsQuery());
  const save = useSaveSeconds();
  const [editing, setEditing] = useState<OptionSeconds | 'new' | null>(null);
  const [form] = Form.useForm<SecondsForm>();
  const [error, setError] = useState<string | undefined>();

  const open = (row: OptionSeconds | 'new') => {
    setError(undefined);
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? { seconds: 60, profit_ratio: '85', loss_ratio: '100', min_num: '10', max_num: '10000', enabled: true }
        : row,
    );
  };
  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    try {
      await save.mutateAsync({ id: editing === 'new' ? undefined : editing?.id, values });
      setEditing(null);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={() => open('new')} data-testid="option-seconds-add">
          Add delivery time
        </Button>
      </Space>
      <Table<OptionSeconds>
        rowKey="id"
        loading={seconds.isPending}
        dataSource={seconds.data ?? []}
        pagination={false}
        data-testid="option-seconds-table"
        columns={[
          { title: 'Delivery time', dataIndex: 'seconds', render: (v: number) => `${v} s` },
          { title: 'Profit ratio', dataIndex: 'profit_ratio', render: (v: string) => `${v} %` },
          { title: 'Loss ratio', dataIndex: 'loss_ratio', render: (v: string) => `${v} %` },
          { title: 'Min stake', dataIndex: 'min_num', align: 'right' },
          { title: 'Max stake', dataIndex: 'max_num', align: 'right' },
          { title: 'Offered', dataIndex: 'enabled', render: (v: boolean) => (v ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>) },
          {
            title: '',
            key: 'edit',
            render: (_, row) => (
              <Button size="small" onClick={() => open(row)} data-testid={`option-seconds-edit-${row.seconds}`}>
                Edit
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? 'Add delivery time' : `Edit ${editing?.seconds ?? ''} s`}
        onCancel={() => setEditing(null)}
        onOk={() => void submit()}
        confirmLoading={save.isPending}
        okText="Save"
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          Orders already bought keep the ratios they were bought with. Results are decided only by recorded index prices; nothing
          here can change one.
        </Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="seconds" label="Delivery time (seconds)" rules={[{ required: true }]}>
            <InputNumber min={1} max={86400} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="profit_ratio" label="Profit ratio (%): a win pays stake × (1 + ratio)" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="loss_ratio"
            label="Loss ratio (%, 0–100): a loss returns stake × (1 − ratio)"
            rules={[{ required: true }]}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="min_num" label="Minimum stake" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="max_num" label="Maximum stake" rules={[{ required: true }]}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="enabled" label="Offered to users" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
        {error ? <Alert type="error" message={error} showIcon /> : null}
      </Modal>
    </>
  );
}

/** Every option order, read-only: the console shows results and the samples they came from. */
function OrdersTable() {
  const [filter, setFilter] = useState({ status: 'all', page: 1, limit: 20 });
  const orders = useQuery(ordersQuery(filter));
  return (
    <>
      <Segmented
        style={{ marginBottom: 12 }}
        value={filter.status}
        onChange={(status) => setFilter({ ...filter, status: String(status), page: 1 })}
        options={[
          { value: 'all', label: 'All' },
          { value: 'open', label: 'Pending delivery' },
          { value: 'settled', label: 'Delivered or void' },
        ]}
      />
      <Table<AdminOptionOrder>
        rowKey="id"
        size="small"
        loading={orders.isPending}
        dataSource={orders.data?.list ?? []}
        scroll={{ x: 1400 }}
        data-testid="option-orders-table"
        pagination={{
          current: filter.page,
          pageSize: filter.limit,
          total: orders.data?.total ?? 0,
          onChange: (page, limit) => setFilter({ ...filter, page, limit }),
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: 'User', key: 'user', width: 220, render: (_, o) => `#${o.user_id} ${o.account ?? ''}` },
          { title: 'Pair', dataIndex: 'symbol_name', width: 100 },
          { title: 'Side', dataIndex: 'type', width: 70, render: (v: number) => (v === 1 ? 'Up' : 'Down') },
          { title: 'Time', dataIndex: 'seconds', width: 70, render: (v: number) => `${v} s` },
          { title: 'Stake', key: 'stake', width: 120, align: 'right', render: (_, o) => `${o.number} ${o.currency_name}` },
          { title: 'Ratios', key: 'ratios', width: 110, render: (_, o) => `+${o.profit_ratio}% / −${o.loss_ratio}%` },
          {
            title: 'Open price',
            key: 'open',
            width: 210,
            render: (_, o) => (o.open_price === null ? '—' : `${o.open_price} @ ${time(o.open_price_time ?? 0)}`),
          },
          { title: 'Delivers', dataIndex: 'delivery_at', width: 170, render: (v: number) => time(v) },
          {
            title: 'Delivery price',
            key: 'end',
            width: 240,
            render: (_, o) =>
              o.end_price ? (
                <span>
                  {o.end_price} @ {time(o.end_price_time)}
                </span>
              ) : (
                '—'
              ),
          },
          {
            title: 'Result',
            key: 'result',
            width: 200,
            render: (_, o) => {
              if (o.status === 'void')
                return (
                  <Tooltip title={`${VOID_REASON[o.void_reason ?? 'no_sample_delivery']} The stake was returned in full.`}>
                    <Tag color="orange" data-testid={`option-void-${o.id}`}>
                      Void: {o.void_reason}
                    </Tag>
                  </Tooltip>
                );
              if (o.profit_result === null) return <Tag color="blue">Pending</Tag>;
              const [label, color] = RESULT[o.profit_result];
              return <Tag color={color}>{label}</Tag>;
            },
          },
          { title: 'P/L', dataIndex: 'fact_profits', width: 110, align: 'right', render: (v: string | null) => v ?? '—' },
        ]}
      />
    </>
  );
}

/** Options: delivery times (edited, audited) and every order (read-only). */
export function OptionsPage() {
  const [tab, setTab] = useState<'seconds' | 'orders'>('seconds');
  return (
    <div data-testid="options-page">
      <Typography.Title level={3}>Options</Typography.Title>
      <Segmented
        style={{ marginBottom: 16 }}
        value={tab}
        onChange={(v) => setTab(v as 'seconds' | 'orders')}
        options={[
          { value: 'seconds', label: 'Delivery times' },
          { value: 'orders', label: 'Orders' },
        ]}
      />
      {tab === 'seconds' ? <SecondsTable /> : <OrdersTable />}
    </div>
  );
}
