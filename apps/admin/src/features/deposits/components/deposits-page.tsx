import { trimDecimal } from '@app/shared';
import { ReviewQueue } from '../../../components/review-queue';
import { userLabel } from '../../../lib/format';
import { depositsQuery } from '../api/deposits';
import { DepositReviewDrawer } from './deposit-review-drawer';

export function DepositsPage() {
  return (
    <ReviewQueue
      title="Deposits"
      noun="deposit"
      tableTestId="deposits-table"
      done="Approved"
      query={depositsQuery}
      scrollX={1000}
      emptyText={{ pending: 'No deposits waiting for review', other: 'No deposits' }}
      columns={[
        { title: 'User', key: 'user', width: 280, render: (_, d) => userLabel(d) },
        { title: 'Coin', dataIndex: 'currency_name', width: 80 },
        {
          title: 'Method / chain',
          key: 'method',
          width: 150,
          render: (_, d) => (d.method === 'bank' ? 'Bank transfer' : `Chain · ${d.chain ?? '—'}`),
        },
        { title: 'Amount', dataIndex: 'amount', align: 'right', width: 150, render: (v: string) => trimDecimal(v) },
      ]}
      drawer={(open, onClose) => <DepositReviewDrawer deposit={open} onClose={onClose} />}
    />
  );
}
