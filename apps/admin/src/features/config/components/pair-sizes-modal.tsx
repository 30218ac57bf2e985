import { Alert, Form, Input, message } from 'antd';
import { useEffect } from 'react';
import { FormModal } from '../../../components/form-modal';
import { type ConfigPair, useSavePairSizes } from '../api/config';

const STEP = /^\d{1,12}(\.\d{1,18})?$/;
const positive = (v: string) => STEP.test(v.trim()) && /[1-9]/.test(v);

/**
 * A pair's tick and lot size, applied to the running book at once. The server refuses (and says how many)
 * while users' resting orders are not whole multiples of the new sizes; the market maker's quotes that
 * do not fit are cancelled and quoted again. The dialog says so before the operator applies it.
 */
export function PairSizesModal({ pair, onClose }: { pair: ConfigPair | null; onClose: () => void }) {
  const save = useSavePairSizes();
  const [form] = Form.useForm<{ tick_size: string; lot_size: string }>();
  useEffect(() => {
    if (pair) form.setFieldsValue({ tick_size: pair.tick_size, lot_size: pair.lot_size });
  }, [pair, form]);
  const rule = {
    validator: (_: unknown, v: string) => (v && positive(v) ? Promise.resolve() : Promise.reject(new Error('A decimal above 0'))),
  };
  return (
    <FormModal
      open={pair !== null}
      title={`Tick and lot size of ${pair?.symbol ?? ''}`}
      okText="Apply"
      okButtonProps={{ danger: true, ...({ 'data-testid': 'pair-sizes-ok' } as Record<string, string>) }}
      busy={save.isPending}
      form={form}
      onClose={onClose}
      onValues={(v) => {
        if (!pair) return;
        save.mutate(
          { id: pair.id, tick_size: v.tick_size.trim(), lot_size: v.lot_size.trim() },
          {
            onSuccess: () => {
              void message.success(`${pair.symbol}: tick ${v.tick_size.trim()}, lot ${v.lot_size.trim()}.`);
              onClose();
            },
          },
        );
      }}
      intro={
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="pair-sizes-warning"
          message={`${pair?.open_orders ?? 0} resting orders on this pair`}
          description="Every resting user order must be a whole multiple of the new sizes, or the change is refused. The market maker's quotes that do not fit are cancelled and quoted again. New orders are checked against the new sizes at once."
        />
      }
    >
      <Form.Item name="tick_size" label={`Tick size (price step, at most ${pair?.price_decimals ?? 0} places)`} rules={[rule]}>
        <Input data-testid="pair-tick" autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="lot_size"
        label={`Lot size (quantity step; the minimum ${pair?.min_amount ?? ''} must be whole lots)`}
        rules={[rule]}
      >
        <Input data-testid="pair-lot" autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
