import { roleAllows } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Typography } from 'antd';
import { useAuthStore } from '../../../lib/auth-store';
import { adminMeQuery } from '../api/admin-me';
import { DashboardView } from './dashboard';

function formatTime(value: string | null): string {
  if (!value) return '—';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toLocaleString();
}

export function HomePage() {
  const auth = useAuthStore((s) => s.auth);
  const me = useQuery(adminMeQuery());
  // The stored identity renders at once; the server's answer replaces it when it arrives.
  const admin = me.data ?? auth?.admin ?? null;

  // operations: the dashboard is for super and finance (GET admin/dashboard's roles).
  const showDashboard = admin ? roleAllows(admin.role, ['finance']) : false;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {showDashboard && (
        <Card title="Dashboard">
          <DashboardView />
        </Card>
      )}
      <Card>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Welcome{admin ? `, ${admin.email}` : ''}
        </Typography.Title>
        <Descriptions column={1} bordered size="small" data-testid="signed-in-as">
          <Descriptions.Item label="Signed in as">
            {admin?.email ?? (me.isPending ? 'Loading…' : 'Unknown operator')}
          </Descriptions.Item>
          <Descriptions.Item label="Role">{admin?.role ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Operator ID">{admin?.id ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Active sessions">{me.data?.sessions ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="This session expires">{formatTime(auth?.expires_at ?? null)}</Descriptions.Item>
        </Descriptions>
      </Card>
    </Space>
  );
}
