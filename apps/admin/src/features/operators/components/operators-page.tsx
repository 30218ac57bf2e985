import { CONSOLE_ROLES, type ConsoleRole, OPERATOR_PASSWORD_MIN } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, message, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { actionsColumn } from '../../../components/actions-column';
import { useConfirm } from '../../../components/confirm';
import { ConfirmButton } from '../../../components/confirm-button';
import { RefreshButton } from '../../../components/refresh-button';
import { useAuthStore } from '../../../lib/auth-store';
import { formatTime } from '../../../lib/format';
import { listTableProps } from '../../../lib/paging';
import { type Operator, operatorsQuery, useCreateOperator, useResetTotp, useUpdateOperator } from '../api/operators';
import { ResetPasswordButton } from './reset-password-button';
import { SessionsTable } from './sessions-table';

/** What each role may do, as the super admin chooses one. */
const ROLE_HELP: Record<ConsoleRole, string> = {
  super: 'everything, including operators and configuration',
  finance: 'deposits, withdrawals, adjustments, ledger check',
  compliance: 'identity checks, account freezes',
  support: 'chat, feedback, finding users',
  content: 'announcements, FAQ',
};
const roleOptions = CONSOLE_ROLES.map((role) => ({ value: role, label: `${role} — ${ROLE_HELP[role]}` }));

type CreateForm = { email: string; password: string; role: ConsoleRole };

function CreateOperatorCard() {
  const [form] = Form.useForm<CreateForm>();
  const create = useCreateOperator();
  return (
    <Card title="New operator" size="small">
      <Form<CreateForm>
        form={form}
        layout="inline"
        initialValues={{ role: 'support' }}
        onFinish={(values) =>
          create.mutate(values, {
            onSuccess: (op) => {
              message.success(`Operator ${op.email} created`);
              form.resetFields();
            },
          })
        }
        style={{ rowGap: 12 }}
      >
        <Form.Item name="email" rules={[{ required: true, type: 'email', message: 'Enter an e-mail address.' }]}>
          <Input placeholder="E-mail" style={{ width: 240 }} data-testid="operator-email" />
        </Form.Item>
        <Form.Item
          name="password"
          rules={[{ required: true, min: OPERATOR_PASSWORD_MIN, message: `At least ${OPERATOR_PASSWORD_MIN} characters.` }]}
        >
          <Input.Password
            placeholder={`Initial password (${OPERATOR_PASSWORD_MIN}+)`}
            style={{ width: 220 }}
            data-testid="operator-password"
          />
        </Form.Item>
        <Form.Item name="role">
          <Select options={roleOptions} style={{ width: 360 }} data-testid="operator-role" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="operator-create">
          Create
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        Every operator sets up an authenticator app at their first sign-in; until then the console does nothing else.
      </Typography.Paragraph>
    </Card>
  );
}

/** Operator accounts and every console session: the super admin's page. */
export function OperatorsPage() {
  const query = useQuery(operatorsQuery());
  const update = useUpdateOperator();
  const reset = useResetTotp();
  const { confirm, contextHolder } = useConfirm();
  // A super changes their own password on the Security page (with the current one), not here.
  const me = useAuthStore((s) => s.auth?.admin?.id);

  const columns: TableColumnsType<Operator> = [
    { title: 'E-mail', dataIndex: 'email' },
    {
      title: 'Role',
      dataIndex: 'role',
      width: 170,
      render: (role: ConsoleRole, r) => (
        <Select
          value={role}
          size="small"
          style={{ width: 140 }}
          options={CONSOLE_ROLES.map((value) => ({ value, label: value }))}
          data-testid="operator-role-select"
          onChange={(next) =>
            confirm({
              title: `Make ${r.email} ${next}?`,
              content: `They will be able to: ${ROLE_HELP[next]}. Their current sessions end.`,
              okText: 'Change role',
              onOk: () => update.mutateAsync({ id: r.id, role: next }).then(() => message.success('Role changed')),
            })
          }
        />
      ),
    },
    {
      title: 'Two-factor',
      dataIndex: 'totp_enabled',
      width: 120,
      render: (on: boolean) => (on ? <Tag color="green">On</Tag> : <Tag>Off</Tag>),
    },
    {
      title: 'State',
      dataIndex: 'disabled',
      width: 110,
      render: (off: boolean) => (off ? <Tag color="red">Disabled</Tag> : <Tag color="green">Active</Tag>),
    },
    { title: 'Created', dataIndex: 'created_at', width: 190, render: (v: string) => formatTime(v) },
    actionsColumn(360, (r) => (
      <>
        {r.id === me ? null : <ResetPasswordButton operator={r} />}
        <ConfirmButton
          size="small"
          danger={!r.disabled}
          label={r.disabled ? 'Enable' : 'Disable'}
          testId="operator-toggle"
          dialog={{
            title: r.disabled ? `Enable ${r.email}?` : `Disable ${r.email}?`,
            content: r.disabled ? 'They can sign in again.' : 'They are signed out everywhere and cannot sign in.',
            okText: r.disabled ? 'Enable' : 'Disable',
            danger: !r.disabled,
            onOk: () =>
              update
                .mutateAsync({ id: r.id, disabled: !r.disabled })
                .then(() => message.success(r.disabled ? 'Operator enabled' : 'Operator disabled')),
          }}
        />
        <ConfirmButton
          size="small"
          disabled={!r.totp_enabled}
          label="Reset 2FA"
          testId="operator-reset-2fa"
          dialog={{
            title: `Reset two-factor sign-in of ${r.email}?`,
            content: 'Their authenticator stops working, their sessions end, and they set it up again at the next sign-in.',
            okText: 'Reset',
            danger: true,
            onOk: () => reset.mutateAsync(r.id).then(() => message.success('Two-factor sign-in reset')),
          }}
        />
      </>
    )),
  ];

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {contextHolder}
      <CreateOperatorCard />
      <Card title="Operators" extra={<RefreshButton query={query} testId="list-refresh" />}>
        <Table<Operator> {...listTableProps(query)} columns={columns} scroll={{ x: 1120 }} data-testid="operators-table" />
      </Card>
      <Card title="Live console sessions">
        <SessionsTable all />
      </Card>
    </Space>
  );
}
