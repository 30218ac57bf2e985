import { Button, Divider, Drawer, Form, Input, Space } from 'antd';
import type { ReactNode } from 'react';
import { type ConfirmOptions, useConfirm } from './confirm';

type RejectDialog = Pick<ConfirmOptions, 'title' | 'content' | 'okText'>;

/** A review's reject call: the record's id and the reason the user will see. */
type RejectMutation = { isPending: boolean; mutateAsync: (input: { id: number; reason: string }) => Promise<unknown> };

type ReviewDrawerProps<R extends { id: number; status: string }> = {
  /** The record reviewed; null closes the drawer. */
  record: R | null;
  onClose: () => void;
  title: string;
  size: number;
  /** Its content carries the test id `<noun>-drawer`. */
  noun: string;
  /** Where the drawer's own confirmation dialogs render (its `useConfirm` holder), if it has any. */
  dialogs?: ReactNode;
  /** What the operator looks at: the record's details, photos, proof. */
  children: (record: R) => ReactNode;
  /** The approve controls, shown only while the record is pending, above the reject form. */
  approve: (record: R) => ReactNode;
  /** Approving or rejecting is under way: the forms are disabled. */
  busy: boolean;
  reject: {
    mutation: RejectMutation;
    /** The divider's title above the reject form; none when the approve controls already head the decision. */
    heading?: string;
    /** A line under the reason saying what rejecting does. */
    extra?: string;
    /** The confirmation's wording for the record and the trimmed reason. */
    dialog: (record: R, reason: string) => RejectDialog;
  };
};

/**
 * The drawer a review queue opens on a row (deposits, withdrawals, identity checks): the record, then,
 * while it is pending, the decision.
 */
export function ReviewDrawer<R extends { id: number; status: string }>(props: ReviewDrawerProps<R>) {
  const { record, reject } = props;
  return (
    <Drawer open={record !== null} onClose={props.onClose} size={props.size} destroyOnHidden title={props.title}>
      {props.dialogs}
      {record ? (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={`${props.noun}-drawer`}>
          {props.children(record)}
          {record.status === 'pending' ? (
            <>
              {props.approve(record)}
              {reject.heading ? <Divider titlePlacement="start">{reject.heading}</Divider> : null}
              <RejectReasonForm
                noun={props.noun}
                extra={reject.extra}
                busy={props.busy}
                id={record.id}
                reject={reject.mutation}
                dialog={(reason) => reject.dialog(record, reason)}
                onRejected={props.onClose}
              />
            </>
          ) : null}
        </Space>
      ) : null}
    </Drawer>
  );
}

/**
 * The reject form every review drawer ends with: a required reason the user will see, and a danger
 * button that asks to confirm what rejecting does before it rejects record `id`.
 */
function RejectReasonForm(props: {
  noun: string;
  /** A line under the field saying what rejecting does. */
  extra?: string;
  busy: boolean;
  id: number;
  reject: RejectMutation;
  /** The confirmation's wording for the trimmed reason. */
  dialog: (reason: string) => RejectDialog;
  onRejected: () => void;
}) {
  const { confirm, contextHolder } = useConfirm();
  const onReject = (reason: string) =>
    confirm({
      ...props.dialog(reason),
      danger: true,
      onOk: () => props.reject.mutateAsync({ id: props.id, reason }).then(props.onRejected),
    });
  return (
    <Form<{ reason: string }>
      layout="vertical"
      requiredMark={false}
      disabled={props.busy}
      onFinish={(values) => onReject(values.reason.trim())}
    >
      {contextHolder}
      <Form.Item
        label="Reason (shown to the user)"
        name="reason"
        extra={props.extra}
        rules={[{ required: true, whitespace: true, message: 'Enter the reason the user will see.' }]}
      >
        <Input.TextArea rows={2} maxLength={500} showCount data-testid={`${props.noun}-reject-reason`} />
      </Form.Item>
      <Button danger htmlType="submit" loading={props.reject.isPending} data-testid={`${props.noun}-reject`}>
        Reject…
      </Button>
    </Form>
  );
}
