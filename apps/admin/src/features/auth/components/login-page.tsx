import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useAuthStore } from '../../../lib/auth-store';
import { type AdminLoginInput, useAdminLogin } from '../api/admin-auth';

/** Where the guard sent the operator from, so signing in returns them to the page they asked for. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  // Only in-app paths: a crafted state must not turn sign-in into an open redirect.
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && from !== '/login' ? from : '/';
}

export function LoginPage() {
  const signedIn = useAuthStore((s) => s.auth !== null);
  const location = useLocation();
  const navigate = useNavigate();
  const login = useAdminLogin();
  const target = returnPath(location.state);

  if (signedIn && !login.isSuccess) return <Navigate to={target} replace />;

  const onFinish = (values: AdminLoginInput) => {
    login.mutate(
      { email: values.email.trim(), password: values.password, totp: values.totp?.replace(/\s/g, '') || undefined },
      // An operator who must set up two-factor sign-in first goes straight to the enrolment page.
      { onSuccess: (reply) => navigate(reply.totp_enrolment_required ? '/security' : target, { replace: true }) },
    );
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16, background: '#f5f5f5' }}>
      <Card style={{ width: '100%', maxWidth: 380 }}>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Operators' console
        </Typography.Title>
        <Typography.Paragraph type="secondary">Sign in with your operator account.</Typography.Paragraph>
        {login.error ? (
          <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} data-testid="login-error" />
        ) : null}
        <Form<AdminLoginInput> layout="vertical" onFinish={onFinish} requiredMark={false} disabled={login.isPending}>
          <Form.Item
            label="E-mail"
            name="email"
            rules={[
              { required: true, whitespace: true, message: 'Enter your e-mail address.' },
              { type: 'email', message: 'Enter a valid e-mail address.' },
            ]}
          >
            <Input type="email" autoComplete="username" autoFocus maxLength={254} data-testid="login-email" />
          </Form.Item>
          <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password.' }]}>
            <Input.Password autoComplete="current-password" maxLength={64} data-testid="login-password" />
          </Form.Item>
          <Form.Item
            label="Authenticator code"
            name="totp"
            extra="Six digits from your authenticator app. Leave it empty only at your first sign-in, before you have set one up."
            rules={[{ pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: 'Enter the 6-digit code.' }]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} data-testid="login-totp" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            Sign in
          </Button>
        </Form>
      </Card>
    </div>
  );
}
