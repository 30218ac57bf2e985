import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, message, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { ticketText } from '../../../lib/approval-ticket';
import { listTableProps } from '../../../lib/paging';
import { type DepositAddress, depositAddressesQuery, useSaveDepositAddresses } from '../api/settings';

type Values = Record<string, string>;

const fieldName = (chainId: number) => `chain_${chainId}`;

export function DepositAddressesCard() {
  const query = useQuery(depositAddressesQuery());
  const save = useSaveDepositAddresses();
  const [form] = Form.useForm<Values>();
  const rows = query.data ?? [];
  const initialValues = useMemo(
    () => Object.fromEntries((query.data ?? []).map((r) => [fieldName(r.chain_id), r.address ?? ''])),
    [query.data],
  );

  const columns: TableColumnsType<DepositAddress> = [
    { title: 'Coin', dataIndex: 'currency_name', width: 90 },
    { title: 'Chain', dataIndex: 'chain', width: 110 },
    {
      title: 'Platform deposit address',
      key: 'address',
      render: (_, r) => (
        <Form.Item
          name={fieldName(r.chain_id)}
          style={{ margin: 0 }}
          rules={[
            { max: 128, message: 'At most 128 characters.' },
            { pattern: /^\S*$/, message: 'An address has no spaces.' },
          ]}
        >
          <Input
            placeholder="Not set: this chain is not offered for deposits"
            allowClear
            data-testid={`deposit-address-${r.currency_name}-${r.chain}`}
          />
        </Form.Item>
      ),
    },
  ];

  const onFinish = (values: Values) => {
    const changed = rows
      .map((r) => ({ chain_id: r.chain_id, address: (values[fieldName(r.chain_id)] ?? '').trim(), was: r.address ?? '' }))
      .filter((r) => r.address !== r.was)
      .map(({ chain_id, address }) => ({ chain_id, address }));
    if (changed.length === 0) {
      void message.info('No address changed.');
      return;
    }
    save.mutate(changed, { onSuccess: (ticket) => void message.info(ticketText(ticket, 'The deposit-address change')) });
  };

  return (
    <Card title="Deposit addresses" size="small">
      <Typography.Paragraph type="secondary">
        Users see these addresses on the deposit page. A chain without an address is not offered.
      </Typography.Paragraph>
      {/* Keyed by the loaded data so the form takes the server's values once they arrive (and after a save). */}
      <Form<Values>
        key={JSON.stringify(initialValues)}
        form={form}
        initialValues={initialValues}
        onFinish={onFinish}
        disabled={save.isPending}
      >
        <Table<DepositAddress>
          {...listTableProps({ data: rows, isPending: query.isPending }, 'chain_id')}
          columns={columns}
          data-testid="deposit-addresses-table"
        />
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          style={{ marginTop: 16 }}
          data-testid="deposit-addresses-save"
        >
          Save addresses
        </Button>
      </Form>
    </Card>
  );
}
