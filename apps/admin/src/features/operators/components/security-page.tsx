import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, message, Space, Spin, Tag, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useAuthStore } from '../../../lib/auth-store';
import { meQuery, useConfirmEnrolment, useStartEnrolment } from '../api/operators';
import { ChangePasswordCard } from './change-password-card';
import { SessionsTable } from './sessions-table';

/**
 * The signed-in operator's own security: two-factor enrolment (QR code of the otpauth URI, then a
 * code to confirm), their password and their console sessions. An enrolment-only session lands here after sign-in.
 */
export function SecurityPage() {
  const me = useQuery(meQuery());
  const start = useStartEnrolment();
  const confirmCode = useConfirmEnrolment();
  const auth = useAuthStore((s) => s.auth);
  const signIn = useAuthStore((s) => s.signIn);

  const enable = ({ code }: { code: string }) =>
    confirmCode.mutate(code.replace(/\s/g, ''), {
      onSuccess: () => {
        message.success('Two-factor sign-in is on');
        start.reset();
        // This session is now a full one: the rest of the console opens.
        if (auth) signIn({ ...auth, enrol: false, admin: auth.admin ? { ...auth.admin, totp_enabled: true } : null });
      },
    });

  if (me.isPending) return <Spin data-testid="security-loading" />;
  const enabled = me.data?.totp_enabled === true;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title="Two-factor sign-in" data-testid="totp-card">
        {auth?.enrol ? (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title="Your role must sign in with an authenticator code. Set it up to open the console."
          />
        ) : null}
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Operator">{me.data?.email}</Descriptions.Item>
          <Descriptions.Item label="Role">{me.data?.role}</Descriptions.Item>
          <Descriptions.Item label="Status">
            {enabled ? (
              <Tag color="green" data-testid="totp-status">
                On
              </Tag>
            ) : (
              <Tag data-testid="totp-status">Off</Tag>
            )}
          </Descriptions.Item>
        </Descriptions>
        {enabled ? (
          <Typography.Paragraph type="secondary">
            Sign-in asks for the six-digit code of your authenticator app. Lost the phone? A super admin can reset it.
          </Typography.Paragraph>
        ) : start.data ? (
          <Space orientation="vertical" size="middle">
            <Typography.Paragraph>
              Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter the six digits it
              shows. The secret is shown only now.
            </Typography.Paragraph>
            <div style={{ background: '#fff', padding: 12, display: 'inline-block' }} data-testid="totp-qr">
              <QRCodeSVG value={start.data.otpauth_uri} size={180} />
            </div>
            <Typography.Text copyable={{ text: start.data.secret }} code data-testid="totp-secret">
              {start.data.secret.replace(/(.{4})/g, '$1 ').trim()}
            </Typography.Text>
            <Form layout="inline" onFinish={enable}>
              <Form.Item name="code" rules={[{ required: true, pattern: /^\s*\d{3}\s?\d{3}\s*$/, message: 'Six digits.' }]}>
                <Input placeholder="123456" inputMode="numeric" maxLength={7} data-testid="totp-code" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={confirmCode.isPending} data-testid="totp-enable">
                Turn on
              </Button>
            </Form>
          </Space>
        ) : (
          <Button type="primary" onClick={() => start.mutate()} loading={start.isPending} data-testid="totp-start">
            Set up an authenticator app
          </Button>
        )}
      </Card>
      {auth?.enrol ? null : <ChangePasswordCard />}
      {auth?.enrol ? null : (
        <Card title="My sessions">
          <SessionsTable all={false} />
        </Card>
      )}
    </Space>
  );
}
