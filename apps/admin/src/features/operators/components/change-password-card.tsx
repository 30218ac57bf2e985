import { Button, Card, Form, Input, message, Typography } from 'antd';
import { useChangeOwnPassword } from '../api/operators';
import { NewPasswordField } from './new-password-field';

type ChangeForm = { old_password: string; password: string; confirm: string };

/** The signed-in operator changes their own password; their other console sessions end. */
export function ChangePasswordCard() {
  const [form] = Form.useForm<ChangeForm>();
  const change = useChangeOwnPassword();
  return (
    <Card title="Password" data-testid="password-card">
      <Form<ChangeForm>
        form={form}
        layout="vertical"
        style={{ maxWidth: 360 }}
        requiredMark={false}
        onFinish={({ old_password, password }) =>
          change.mutate(
            { old_password, password },
            {
              onSuccess: (reply) => {
                message.success(
                  reply.other_sessions_ended > 0
                    ? `Password changed; ${reply.other_sessions_ended} other session(s) ended`
                    : 'Password changed',
                );
                form.resetFields();
              },
            },
          )
        }
      >
        <Form.Item
          label="Current password"
          name="old_password"
          rules={[{ required: true, message: 'Enter your current password.' }]}
        >
          <Input.Password autoComplete="current-password" maxLength={64} data-testid="password-old" />
        </Form.Item>
        <NewPasswordField testId="password-new" />
        <Form.Item
          label="New password again"
          name="confirm"
          dependencies={['password']}
          rules={[
            { required: true, message: 'Enter the new password again.' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The two passwords differ.')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={64} data-testid="password-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending} data-testid="password-submit">
          Change password
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Your other console sessions end; this one goes on.
      </Typography.Paragraph>
    </Card>
  );
}
