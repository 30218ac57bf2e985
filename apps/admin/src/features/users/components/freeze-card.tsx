import { roleAllows } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, message, Space, Typography } from 'antd';
import { useConfirm } from '../../../components/confirm';
import { apiPost } from '../../../lib/api';
import { useAuthStore } from '../../../lib/auth-store';

type Props = { userId: number; userLabel: string; frozenReason: string | null };

/**
 * Freezes an account with a reason the user is shown at sign-in, or lifts the
 * freeze. A freeze signs the user out once and then blocks new risk and withdrawals, never closing what
 * they hold (docs/decisions.md). Compliance and super only; both are audited.
 */
export function FreezeCard({ userId, userLabel, frozenReason }: Props) {
  const role = useAuthStore((s) => s.auth?.admin?.role ?? '');
  const client = useQueryClient();
  const { confirm, contextHolder } = useConfirm();
  const [form] = Form.useForm<{ reason: string }>();
  const change = useMutation({
    mutationFn: (reason: string | null) =>
      apiPost(reason ? `/admin/users/${userId}/freeze` : `/admin/users/${userId}/unfreeze`, reason ? { reason } : {}),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'user', userId] });
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
    },
  });
  if (!roleAllows(role, ['compliance'])) return null;

  return (
    <Card title="Account freeze" size="small" data-testid="freeze-card">
      {contextHolder}
      {frozenReason ? (
        <Space>
          <Typography.Text>
            Frozen: <Typography.Text strong>{frozenReason}</Typography.Text>
          </Typography.Text>
          <Button
            data-testid="unfreeze-submit"
            onClick={() =>
              confirm({
                title: `Lift the freeze on ${userLabel}?`,
                content: 'They can trade, buy and withdraw again at once.',
                okText: 'Unfreeze',
                onOk: () => change.mutateAsync(null).then(() => message.success('Account unfrozen')),
              })
            }
          >
            Unfreeze
          </Button>
        </Space>
      ) : (
        <Form
          form={form}
          layout="inline"
          onFinish={({ reason }) =>
            confirm({
              title: `Freeze ${userLabel}?`,
              content: `They are signed out everywhere once and see this reason when they sign in again: “${reason.trim()}”. Until you lift it they cannot open positions, place orders, buy or withdraw; they can still close, cancel and set stops on what they hold.`,
              okText: 'Freeze',
              danger: true,
              onOk: () => change.mutateAsync(reason.trim()).then(() => message.success('Account frozen')),
            })
          }
        >
          <Form.Item
            name="reason"
            rules={[{ required: true, whitespace: true, max: 300, message: 'Give the reason the user will see.' }]}
          >
            <Input placeholder="Reason shown to the user" style={{ width: 360 }} data-testid="freeze-reason" />
          </Form.Item>
          <Button danger htmlType="submit" data-testid="freeze-submit">
            Freeze
          </Button>
        </Form>
      )}
    </Card>
  );
}
