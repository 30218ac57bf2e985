import { Button, Card, Form, Input, InputNumber, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { actionsColumn } from '../../../components/actions-column';
import { RowFormModal, useRowForm } from '../../../components/row-form-modal';
import { type ConfigCoin, useSaveCoin } from '../api/config';
import { CoinChains, CoinEnabledSwitch } from './coin-controls';

export function CoinsCard({ coins }: { coins: ConfigCoin[] }) {
  const save = useSaveCoin();
  const editor = useRowForm<ConfigCoin, { full_name: string; sort: number }>();
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
        onClick={() => editor.edit(c, { full_name: c.full_name, sort: c.sort })}
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
      <RowFormModal
        editor={editor}
        title={`Edit ${editor.row?.name ?? ''}`}
        save={save}
        input={(coin, v) => ({ id: coin.id, full_name: v.full_name.trim(), sort: v.sort })}
        saved={(coin) => `${coin.name} saved.`}
      >
        <Form.Item name="full_name" label="Display name" rules={[{ required: true, whitespace: true, max: 60 }]}>
          <Input data-testid="coin-full-name" />
        </Form.Item>
        <Form.Item name="sort" label="Order in lists" rules={[{ required: true }]}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </RowFormModal>
    </Card>
  );
}
