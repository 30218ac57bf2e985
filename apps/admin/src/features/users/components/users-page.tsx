import { useQuery } from '@tanstack/react-query';
import { Card, Space, Table, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { FilterSearch } from '../../../components/filter-search';
import { RefreshButton } from '../../../components/refresh-button';
import { formatTime } from '../../../lib/format';
import { pagedTableProps, useListParams } from '../../../lib/paging';
import { type AdminUser, usersQuery } from '../api/users';
import { VerificationTag } from './verification-tag';

const columns: TableColumnsType<AdminUser> = [
  { title: 'ID', dataIndex: 'id', width: 70 },
  { title: 'E-mail', dataIndex: 'email', render: (v: string | null) => v || '—' },
  {
    title: 'Phone',
    key: 'phone',
    width: 170,
    render: (_, u) => (u.phone ? `${u.area_code ? `+${u.area_code} ` : ''}${u.phone}` : '—'),
  },
  { title: 'Name', dataIndex: 'name', render: (v: string | null) => v || '—' },
  { title: 'Basic', key: 'basic', width: 120, render: (_, u) => <VerificationTag value={u.review_state} /> },
  { title: 'Advanced', key: 'advanced', width: 120, render: (_, u) => <VerificationTag value={u.advanced_state} /> },
  { title: 'Registered', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
  {
    title: '',
    key: 'open',
    width: 80,
    render: (_, u) => (
      <Link to={`/users/${u.id}`} data-testid="user-open">
        Open
      </Link>
    ),
  },
];

export function UsersPage() {
  const navigate = useNavigate();
  const { page, limit, filters, setFilter, setPage } = useListParams({ q: '' });
  const query = useQuery(usersQuery(filters.q, page, limit));

  return (
    <Card title="Users" extra={<RefreshButton query={query} testId="list-refresh" />}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <FilterSearch
          value={filters.q}
          onSearch={(q) => setFilter('q', q)}
          label="Search users"
          button="Search"
          placeholder="E-mail, phone, user ID or invite code"
          testId="users-search"
        />
        <Table<AdminUser>
          {...pagedTableProps(query, page, limit, setPage)}
          columns={columns}
          scroll={{ x: 1000 }}
          onRow={(u) => ({ onDoubleClick: () => navigate(`/users/${u.id}`) })}
          locale={{ emptyText: filters.q ? `No user matches “${filters.q}”` : 'No users yet' }}
          data-testid="users-table"
        />
      </Space>
    </Card>
  );
}
