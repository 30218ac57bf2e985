import { trimDecimal } from '@app/shared';
import { Typography } from 'antd';
import { ReviewQueue } from '../../../components/review-queue';
import { userLabel } from '../../../lib/format';
import { withdrawalsQuery } from '../api/withdrawals';
import { WithdrawalReviewDrawer } from './withdrawal-review-drawer';

export function WithdrawalsPage() {
  return (
    <ReviewQueue
      title="Withdrawals"
      noun="withdrawal"
      tableTestId="withdrawals-table"
      done="Approved"
      query={withdrawalsQuery}
      scrollX={1200}
      emptyText={{ pending: 'No withdrawals waiting for review', other: 'No withdrawals' }}
      columns={[
        { title: 'User', key: 'user', width: 280, render: (_, w) => userLabel(w) },
        { title: 'Coin', dataIndex: 'currency_name', width: 80 },
        { title: 'Chain', dataIndex: 'chain', width: 100 },
        {
          title: 'Address',
          dataIndex: 'address',
          ellipsis: true,
          render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
        },
        { title: 'Amount', dataIndex: 'amount', align: 'right', width: 140, render: (v: string) => trimDecimal(v) },
        { title: 'Fee', dataIndex: 'fee', align: 'right', width: 100, render: (v: string) => trimDecimal(v) },
      ]}
      drawer={(open, onClose) => <WithdrawalReviewDrawer withdrawal={open} onClose={onClose} />}
    />
  );
}
