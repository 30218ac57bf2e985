import { pageRoles, roleAllows } from '@app/shared';
import { Button, Layout, Menu, type MenuProps, Result, Space, Typography } from 'antd';
import { useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAdminLogout } from '../features/auth/api/admin-auth';
import { useAuthStore } from '../lib/auth-store';

/** Menu keys are route paths, so the selected entry follows the URL (deep links, back button). */
const MENU_ITEMS: MenuProps['items'] = [
  { key: '/', label: 'Home' },
  { key: '/deposits', label: 'Deposits' },
  { key: '/withdrawals', label: 'Withdrawals' },
  { key: '/approvals', label: 'Pending approvals' },
  { key: '/identity', label: 'Identity checks' },
  { key: '/users', label: 'Users' },
  { key: '/settings', label: 'Settings' },
  { key: '/audit', label: 'Audit log' },
  { key: '/ledger', label: 'Ledger check' },
  { key: '/outbox', label: 'Development outbox' },
  // operations; each entry's roles: CONSOLE_PAGE_ROLES in packages/shared/src/console-roles.ts
  { key: '/operators', label: 'Operators' },
  { key: '/proof', label: 'Proof of liabilities' },
  // operations: coins, pairs, limits, market maker, feed status
  { key: '/config', label: 'Configuration' },
  { key: '/security', label: 'My security' },
  // wealth: financial products
  { key: '/wealth', label: 'Financial products' },
  // contracts + product switches
  { key: '/products', label: 'Product switches' },
  { key: '/contracts', label: 'Contracts' },
  // options
  { key: '/options', label: 'Options' },
  // new-coin subscription
  { key: '/subscription', label: 'New-coin subscription' },
  // community
  { key: '/news', label: 'Announcements' },
  { key: '/referral', label: 'Referral programme' },
  // help centre and support chat
  // Before the desk: the menu picks the first entry whose path starts the address.
  { key: '/chat/greeting', label: 'Chat greeting & hours' },
  { key: '/chat', label: 'Chat desk' },
  { key: '/feedback', label: 'Feedback inbox' },
  { key: '/help', label: 'Help centre FAQ' },
];

function selectedKey(pathname: string): string {
  const match = MENU_ITEMS?.find((item) => item && item.key !== '/' && pathname.startsWith(String(item.key)));
  return match ? String(match.key) : '/';
}

export function AdminLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const admin = useAuthStore((s) => s.auth?.admin ?? null);
  const logout = useAdminLogout();
  const [collapsed, setCollapsed] = useState(false);
  // operations: each role sees only its pages (the server refuses the rest anyway).
  const role = admin?.role ?? '';
  const enrolling = useAuthStore((s) => s.auth?.enrol === true);
  const items = MENU_ITEMS?.filter((item) =>
    enrolling ? item?.key === '/security' : roleAllows(role, pageRoles(String(item?.key))),
  );
  const pageAllowed = enrolling ? location.pathname === '/security' : roleAllows(role, pageRoles(location.pathname));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" width={220}>
        <div style={{ color: '#fff', padding: '16px 20px', fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden' }}>
          {collapsed ? 'OC' : "Operators' console"}
        </div>
        <Menu
          theme="dark"
          mode="inline"
          items={items}
          selectedKeys={[selectedKey(location.pathname)]}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', padding: '0 24px', display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}
        >
          <Space size="middle">
            <Typography.Text type="secondary" data-testid="current-admin">
              {admin ? `${admin.email} (${admin.role})` : 'Signed in'}
            </Typography.Text>
            <Button onClick={() => logout.mutate()} loading={logout.isPending}>
              Sign out
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ margin: 24 }}>
          {pageAllowed ? (
            <Outlet />
          ) : (
            <Result
              status="403"
              title={enrolling ? 'Set up two-factor sign-in first' : 'Not for your role'}
              subTitle={
                enrolling
                  ? 'Your role signs in with an authenticator code. Set it up on the My security page.'
                  : `A ${role || 'signed-in'} operator cannot use this page.`
              }
              extra={
                <Button type="primary" onClick={() => navigate(enrolling ? '/security' : '/')}>
                  {enrolling ? 'Set up now' : 'Home'}
                </Button>
              }
              data-testid="forbidden-page"
            />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
