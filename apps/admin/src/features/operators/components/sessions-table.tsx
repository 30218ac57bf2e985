import { useQuery } from '@tanstack/react-query';
import { message, Table, type TableColumnsType, Tag } from 'antd';
import { ConfirmButton } from '../../../components/confirm-button';
import { formatTime } from '../../../lib/format';
import { listTableProps } from '../../../lib/paging';
import { type ConsoleSession, sessionsQuery, useRevokeSession } from '../api/operators';

/** Live console sessions with a revoke button each: every operator's for super, else one's own. */
export function SessionsTable({ all }: { all: boolean }) {
  const query = useQuery(sessionsQuery(all));
  const revoke = useRevokeSession();

  const columns: TableColumnsType<ConsoleSession> = [
    ...(all
      ? [{ title: 'Operator', dataIndex: 'admin_email', render: (v: string, r: ConsoleSession) => `${v} (${r.role})` }]
      : []),
    { title: 'Signed in', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
    { title: 'IP', dataIndex: 'ip', width: 140, render: (v: string | null) => v || '—' },
    { title: 'Browser', dataIndex: 'user_agent', ellipsis: true, render: (v: string | null) => v || '—' },
    {
      title: 'State',
      key: 'state',
      width: 170,
      render: (_, r) => (
        <>
          {r.current ? <Tag color="blue">This session</Tag> : null}
          {r.scope !== 'full' ? <Tag color="gold">2FA setup only</Tag> : null}
        </>
      ),
    },
    {
      title: '',
      key: 'revoke',
      width: 110,
      render: (_, r) => (
        <ConfirmButton
          danger
          size="small"
          label="End"
          testId="session-revoke"
          dialog={{
            title: 'End this session?',
            content: `${r.admin_email} signed in from ${r.ip ?? 'an unknown address'} will have to sign in again.`,
            okText: 'End session',
            danger: true,
            onOk: () => revoke.mutateAsync(r.id).then(() => message.success(`Session #${r.id} ended`)),
          }}
        />
      ),
    },
  ];

  return (
    <Table<ConsoleSession>
      {...listTableProps(query)}
      columns={columns}
      scroll={{ x: 800 }}
      locale={{ emptyText: 'No live sessions' }}
      data-testid={all ? 'all-sessions-table' : 'my-sessions-table'}
    />
  );
}
