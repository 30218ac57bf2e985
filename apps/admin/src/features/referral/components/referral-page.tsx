import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  message,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { formatTime } from '../../../lib/format';
import { listTableProps } from '../../../lib/paging';
import {
  type Partner,
  type ReferralStatus,
  referralSettingsQuery,
  referralUserQuery,
  useSaveDefaultRatio,
  useSaveReferralUser,
} from '../api/referral';

/** A ratio is a fraction of the fee, 0 to 1, at most 6 decimals ("0.2" is 20 %). */
const RATIO = /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/;
const ratioRule = { pattern: RATIO, message: 'A fraction from 0 to 1 (0.2 = 20 %), at most 6 decimals' };
const pct = (ratio: string) => `${Number((Number(ratio) * 100).toFixed(4))} %`;

function DefaultRatioCard({ value }: { value: string | undefined }) {
  const save = useSaveDefaultRatio();
  return (
    <Card title="Default rebate ratio" size="small">
      <Typography.Paragraph type="secondary">
        The share of every trading fee an invited user pays that goes to the inviter's coin account, unless the inviter has a
        ratio of their own. Current: <Typography.Text strong>{value ? pct(value) : '…'}</Typography.Text>
      </Typography.Paragraph>
      {/* Remounted (a new form store) when the stored value arrives or changes. */}
      <Form<{ default_ratio: string }>
        layout="inline"
        key={value}
        initialValues={{ default_ratio: value }}
        onFinish={(v) => save.mutate(v.default_ratio.trim(), { onSuccess: () => void message.success('Default ratio saved.') })}
      >
        <Form.Item name="default_ratio" rules={[{ required: true, message: 'Required' }, ratioRule]}>
          <Input placeholder="0.2" data-testid="referral-default-ratio" style={{ width: 140 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="referral-default-save">
          Save
        </Button>
      </Form>
    </Card>
  );
}

function UserCard() {
  const [id, setId] = useState<number | null>(null);
  const user = useQuery({ ...referralUserQuery(id ?? 0), enabled: id !== null });
  const save = useSaveReferralUser();
  return (
    <Card title="A user's referral status" size="small">
      <Space style={{ marginBottom: 12 }}>
        <InputNumber
          min={1}
          placeholder="User id"
          onPressEnter={(e) => setId(Number((e.target as HTMLInputElement).value) || null)}
          onChange={(v) => setId(typeof v === 'number' ? v : null)}
          data-testid="referral-user-id"
        />
      </Space>
      {user.data ? (
        <>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="User">
              #{user.data.user_id} {user.data.email ?? user.data.phone}
            </Descriptions.Item>
            <Descriptions.Item label="Invite code">{user.data.extension_code}</Descriptions.Item>
            <Descriptions.Item label="Invited">{user.data.invited}</Descriptions.Item>
            <Descriptions.Item label="Ratio in force">{pct(user.data.effective_ratio)}</Descriptions.Item>
            <Descriptions.Item label="Rebates credited" span={2}>
              {user.data.returns.map((r) => `${r.total} ${r.currency_name}`).join(', ') || '—'}
            </Descriptions.Item>
          </Descriptions>
          <Form<{ status: ReferralStatus; ratio: string }>
            layout="inline"
            style={{ marginTop: 12 }}
            key={`${user.data.user_id}:${user.data.status}:${user.data.ratio}`}
            initialValues={{ status: user.data.status, ratio: user.data.ratio ?? '' }}
            onFinish={(v) =>
              save.mutate(
                { id: user.data!.user_id, status: v.status, ratio: (v.ratio ?? '').trim() },
                { onSuccess: () => void message.success('Referral status saved.') },
              )
            }
          >
            <Form.Item name="status" label="Status">
              <Select
                style={{ width: 140 }}
                data-testid="referral-user-status"
                options={[
                  { value: 'normal', label: 'Normal' },
                  { value: 'partner', label: 'Partner' },
                  { value: 'exclusive', label: 'Exclusive' },
                ]}
              />
            </Form.Item>
            <Form.Item name="ratio" label="Own ratio" rules={[ratioRule]} tooltip="Empty: the default ratio">
              <Input
                placeholder={`default ${user.data.default_ratio}`}
                style={{ width: 140 }}
                data-testid="referral-user-ratio"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="referral-user-save">
              Save
            </Button>
          </Form>
        </>
      ) : user.isError ? (
        <Typography.Text type="danger">No such user.</Typography.Text>
      ) : null}
    </Card>
  );
}

/** Referral settings: the default ratio, each user's partner / exclusive status and ratio (audited). */
export function ReferralPage() {
  const settings = useQuery(referralSettingsQuery());
  const columns: TableColumnsType<Partner> = [
    { title: 'User', key: 'user', render: (_, r) => `#${r.user_id} ${r.email ?? r.phone ?? ''}` },
    { title: 'Code', dataIndex: 'extension_code' },
    { title: 'Status', dataIndex: 'status' },
    { title: 'Own ratio', key: 'ratio', render: (_, r) => (r.ratio === null ? 'default' : pct(r.ratio)) },
    { title: 'Updated', key: 'updated', render: (_, r) => formatTime(r.updated_at) },
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <DefaultRatioCard value={settings.data?.default_ratio} />
      <UserCard />
      <Card title="Partners and exclusive agents" size="small">
        <Table<Partner>
          {...listTableProps({ data: settings.data?.partners, isPending: settings.isPending }, 'user_id')}
          columns={columns}
          data-testid="referral-partners"
        />
      </Card>
    </Space>
  );
}
