import { OPERATOR_PASSWORD_MIN } from '@app/shared';
import { Form, Input } from 'antd';

/** The `password` field of a form that sets an operator's new password, under the server's length rules. */
export function NewPasswordField({ testId }: { testId: string }) {
  return (
    <Form.Item
      label="New password"
      name="password"
      rules={[
        { required: true, message: 'Enter a new password.' },
        { min: OPERATOR_PASSWORD_MIN, message: `At least ${OPERATOR_PASSWORD_MIN} characters.` },
        { max: 64, message: 'At most 64 characters.' },
      ]}
    >
      <Input.Password autoComplete="new-password" maxLength={64} data-testid={testId} />
    </Form.Item>
  );
}
