import { Button, Form, Input, message, Select, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm';
import { FormModal } from '../../../components/form-modal';
import { isApprovalTicket, ticketText } from '../../../lib/approval-ticket';
import { CHAIN_NAMES, type ConfigCoin, useAddChain, useRemoveChain, useSetCoinEnabled } from '../api/config';

/**
 * A coin's deposits-and-withdrawals switch. Switching off is confirmed (users lose the coin from their
 * deposit and withdrawal pages at once); switching on is not.
 */
export function CoinEnabledSwitch({ coin }: { coin: ConfigCoin }) {
  const save = useSetCoinEnabled();
  const { confirm, contextHolder } = useConfirm();
  const set = (enabled: boolean) =>
    save.mutateAsync({ id: coin.id, enabled }).then(() => {
      void message.success(`${coin.name} ${enabled ? 'enabled' : 'disabled'}.`);
    });
  return (
    <>
      {contextHolder}
      <Switch
        size="small"
        checked={coin.enabled}
        loading={save.isPending}
        checkedChildren="on"
        unCheckedChildren="off"
        data-testid={`coin-enabled-${coin.name}`}
        onChange={(next) => {
          if (next) {
            void set(true).catch(() => undefined);
            return;
          }
          confirm({
            title: `Disable ${coin.name}?`,
            content: (
              <Typography.Paragraph style={{ margin: 0 }}>
                Users no longer see {coin.name} on the deposit and withdrawal pages, and new deposit and withdrawal requests for
                it are refused. Balances, transfers and trading are unaffected; requests already made can still be reviewed.
              </Typography.Paragraph>
            ),
            okText: 'Disable',
            danger: true,
            onOk: () => set(false),
          });
        }}
      />
    </>
  );
}

/** A coin's chains as tags (removable, confirmed) with the deposit address on hover, and "Add chain". */
export function CoinChains({ coin }: { coin: ConfigCoin }) {
  const remove = useRemoveChain();
  const add = useAddChain();
  const { confirm, contextHolder } = useConfirm();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ name: string; address: string }>();
  const free = CHAIN_NAMES.filter((n) => !coin.chains.includes(n));
  const last = coin.enabled && coin.chain_addresses.length === 1;
  return (
    <Space size={2} wrap>
      {contextHolder}
      {coin.chain_addresses.length === 0 && <Typography.Text type="secondary">no chain</Typography.Text>}
      {coin.chain_addresses.map((c) => (
        <Tooltip key={c.id} title={c.address ?? 'no deposit address'}>
          <Tag
            closable={!last}
            data-testid={`chain-${coin.name}-${c.name}`}
            closeIcon={<span data-testid={`chain-remove-${coin.name}-${c.name}`}>×</span>}
            onClose={(e) => {
              e.preventDefault();
              confirm({
                title: `Remove ${c.name} from ${coin.name}?`,
                content: (
                  <Typography.Paragraph style={{ margin: 0 }}>
                    Deposits on {c.name} stop at once and its deposit address ({c.address ?? 'none'}) is removed. Users'
                    withdrawal addresses on it take no new withdrawals. Refused while deposits on it await review.
                  </Typography.Paragraph>
                ),
                okText: 'Remove',
                danger: true,
                onOk: () =>
                  remove.mutateAsync({ id: coin.id, name: c.name }).then(() => void message.success(`${c.name} removed.`)),
              });
            }}
          >
            {c.name}
          </Tag>
        </Tooltip>
      ))}
      {free.length > 0 && (
        <Button
          size="small"
          type="dashed"
          data-testid={`chain-add-${coin.name}`}
          onClick={() => {
            form.setFieldsValue({ name: free[0], address: '' });
            setAdding(true);
          }}
        >
          + chain
        </Button>
      )}
      <FormModal
        open={adding}
        title={`Add a chain to ${coin.name}`}
        okText="Ask to add"
        okButtonProps={{ 'data-testid': 'chain-add-ok' } as Record<string, string>}
        busy={add.isPending}
        form={form}
        onClose={() => setAdding(false)}
        onValues={(v) =>
          add.mutate(
            { id: coin.id, name: v.name, address: v.address.trim() },
            {
              // A new chain brings a deposit address: it waits for a second super under Pending approvals.
              onSuccess: (reply) => {
                void (isApprovalTicket(reply)
                  ? message.info(ticketText(reply, `Adding ${v.name} to ${coin.name}`))
                  : message.success(`${v.name} added to ${coin.name}.`));
                setAdding(false);
              },
            },
          )
        }
      >
        <Form.Item name="name" label="Chain" rules={[{ required: true }]}>
          <Select data-testid="chain-name" options={free.map((n) => ({ value: n, label: n }))} />
        </Form.Item>
        <Form.Item
          name="address"
          label="The platform's deposit address on this chain (checked by the server: checksum and format)"
          rules={[{ required: true, whitespace: true, max: 128 }]}
        >
          <Input data-testid="chain-address" autoComplete="off" />
        </Form.Item>
      </FormModal>
    </Space>
  );
}
