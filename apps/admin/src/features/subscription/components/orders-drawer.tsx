import { trimDecimal } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Drawer, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { formatTime, userLabel } from '../../../lib/format';
import { fixedPageTableProps } from '../../../lib/paging';
import { type AdminProject, type AdminSubscriptionOrder, projectOrdersQuery } from '../api/subscription';

/** A project's subscriptions: who paid what, and after allocation the coins, cost and refund. */
export function OrdersDrawer({ project, onClose }: { project: AdminProject | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const query = useQuery({ ...projectOrdersQuery(project?.id ?? 0, page), enabled: project !== null });
  const pay = project?.subscribe_currency_name ?? '';
  const columns: TableColumnsType<AdminSubscriptionOrder> = [
    { title: 'ID', dataIndex: 'id', width: 60 },
    { title: 'User', key: 'user', render: (_, o) => userLabel(o) },
    { title: `Amount (${pay})`, dataIndex: 'amount', align: 'right', render: (v: string) => trimDecimal(v) },
    { title: 'Coins', dataIndex: 'quantity', align: 'right', render: (v: string | null) => (v === null ? '—' : trimDecimal(v)) },
    { title: 'Paid', dataIndex: 'cost', align: 'right', render: (v: string | null) => (v === null ? '—' : trimDecimal(v)) },
    { title: 'Refund', dataIndex: 'refund', align: 'right', render: (v: string | null) => (v === null ? '—' : trimDecimal(v)) },
    { title: 'Status', dataIndex: 'status' },
    { title: 'Unlock', dataIndex: 'unlock_at', render: (v: string | null, o) => (o.unlocked_at ? 'released' : formatTime(v)) },
    { title: 'Placed', dataIndex: 'created_at', render: (v: string) => formatTime(v) },
  ];
  return (
    <Drawer
      title={project ? `${project.code}: subscriptions` : ''}
      open={project !== null}
      onClose={onClose}
      size={900}
      destroyOnHidden
    >
      <Table<AdminSubscriptionOrder>
        {...fixedPageTableProps(query, page, setPage)}
        columns={columns}
        data-testid="subscription-orders-table"
      />
    </Drawer>
  );
}
