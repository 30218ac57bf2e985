import { trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, message, Table, type TableColumnsType, Tag } from 'antd';
import { useRowsForm } from '../../../lib/rows-form';
import { type ContractPairRow, contractSettingsQuery, useSaveContractSettings } from '../api/contracts';

type Field =
  | 'contract_size'
  | 'multiples'
  | 'lot_presets'
  | 'open_fee_rate'
  | 'close_fee_rate'
  | 'maintenance_margin_rate'
  | 'max_lots';

const FIELDS: { key: Field; title: string; width: number }[] = [
  { key: 'contract_size', title: 'Contract size (base per lot)', width: 130 },
  { key: 'multiples', title: 'Allowed multiples', width: 170 },
  { key: 'lot_presets', title: 'Lot presets', width: 150 },
  { key: 'open_fee_rate', title: 'Open fee rate', width: 110 },
  { key: 'close_fee_rate', title: 'Close fee rate', width: 110 },
  { key: 'maintenance_margin_rate', title: 'Maintenance margin rate', width: 130 },
  { key: 'max_lots', title: 'Max lots', width: 100 },
];

const rowValues = (r: ContractPairRow): Record<Field, string> => {
  const s = r.settings;
  return {
    contract_size: s ? trimDecimal(s.contract_size) : '',
    multiples: s ? s.multiples.join(', ') : '',
    lot_presets: s ? s.lot_presets.join(', ') : '',
    open_fee_rate: s ? trimDecimal(s.open_fee_rate) : '',
    close_fee_rate: s ? trimDecimal(s.close_fee_rate) : '',
    maintenance_margin_rate: s ? trimDecimal(s.maintenance_margin_rate) : '',
    max_lots: s ? String(s.max_lots) : '',
  };
};

/**
 * Contract rules per pair. Operators set terms (size, multiples, fees, maintenance margin), never a
 * result: prices come only from the index, and open positions keep the terms they were opened with.
 */
export function ContractSettingsCard() {
  const query = useQuery(contractSettingsQuery());
  const save = useSaveContractSettings();
  const { form, initialValues } = useRowsForm(query.data, 'pair_id', rowValues);

  const saveRow = (r: ContractPairRow) => {
    const v = form.getFieldValue(String(r.pair_id)) as Record<Field, string>;
    save.mutate(
      { pair_id: r.pair_id, ...Object.fromEntries(FIELDS.map((f) => [f.key, String(v[f.key] ?? '').trim()])) },
      {
        onSuccess: (saved) => {
          if (saved) form.setFieldValue(String(r.pair_id), rowValues(saved));
          void message.success(`${r.symbol} contract rules saved.`);
        },
      },
    );
  };

  const columns: TableColumnsType<ContractPairRow> = [
    {
      title: 'Pair',
      key: 'pair',
      width: 120,
      fixed: 'left',
      render: (_, r) => (
        <>
          <div>{r.symbol}</div>
          {r.open_lever ? null : <Tag>contracts off</Tag>}
        </>
      ),
    },
    ...FIELDS.map((f): TableColumnsType<ContractPairRow>[number] => ({
      title: f.title,
      key: f.key,
      width: f.width,
      render: (_, r) => (
        <Form.Item name={[String(r.pair_id), f.key]} style={{ margin: 0 }}>
          {f.key === 'max_lots' ? (
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid={`contract-${r.pair_id}-${f.key}`} />
          ) : (
            <Input data-testid={`contract-${r.pair_id}-${f.key}`} />
          )}
        </Form.Item>
      ),
    })),
    { title: 'Open positions', dataIndex: 'open_positions', width: 100, align: 'right' },
    {
      title: '',
      key: 'save',
      width: 90,
      fixed: 'right',
      render: (_, r) => (
        <Button
          onClick={() => saveRow(r)}
          loading={save.isPending && save.variables?.pair_id === r.pair_id}
          data-testid={`contract-${r.pair_id}-save`}
        >
          Save
        </Button>
      ),
    },
  ];

  return (
    <Card title="Contract rules per pair" data-testid="contract-settings">
      <Form form={form} initialValues={initialValues} key={query.dataUpdatedAt} component={false}>
        <Table
          rowKey="pair_id"
          size="small"
          loading={query.isLoading}
          dataSource={query.data}
          columns={columns}
          pagination={false}
          scroll={{ x: 1200 }}
        />
      </Form>
    </Card>
  );
}
