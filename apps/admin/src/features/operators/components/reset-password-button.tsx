import { Button, Form, Modal, message, Typography } from 'antd';
import { useState } from 'react';
import { type Operator, useResetPassword } from '../api/operators';
import { NewPasswordField } from './new-password-field';

/**
 * A super sets another operator's password (forgotten, or possibly known to someone else): their
 * second factor is removed, so they enrol again at the next sign-in, and their sessions end.
 */
export function ResetPasswordButton({ operator }: { operator: Operator }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();
  const reset = useResetPassword();
  const close = () => {
    setOpen(false);
    form.resetFields();
  };
  return (
    <>
      <Button size="small" danger onClick={() => setOpen(true)} data-testid="operator-reset-password">
        Reset password
      </Button>
      <Modal
        open={open}
        title={`Set a new password for ${operator.email}`}
        okText="Set password"
        okButtonProps={{
          danger: true,
          loading: reset.isPending,
          ...({ 'data-testid': 'reset-password-ok' } as Record<string, string>),
        }}
        onOk={() => form.submit()}
        onCancel={close}
        destroyOnHidden
      >
        <Typography.Paragraph>
          Their authenticator stops working and their sessions end: at the next sign-in they use this password and set up
          two-factor sign-in again. Give them the password by a channel other than e-mail.
        </Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          onFinish={({ password }) =>
            reset.mutate(
              { id: operator.id, password },
              {
                onSuccess: () => {
                  message.success(`New password set for ${operator.email}`);
                  close();
                },
              },
            )
          }
        >
          <NewPasswordField testId="reset-password-input" />
        </Form>
      </Modal>
    </>
  );
}
