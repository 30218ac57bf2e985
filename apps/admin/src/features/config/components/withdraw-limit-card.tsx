import { Button, Card, InputNumber, message, Space } from 'antd';
import { useState } from 'react';
import { useSaveWithdrawLimit } from '../api/config';

export function WithdrawLimitCard({ limit }: { limit: number }) {
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
