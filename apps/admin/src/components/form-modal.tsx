import { type ButtonProps, Form, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { validValues } from '../lib/form-values';

/**
 * A modal around a vertical form. Its OK button checks the fields and hands their values to `onValues`;
 * a failed rule keeps the modal open, the field showing its message.
 */
export function FormModal<V>(props: {
  open: boolean;
  title: string;
  okText: string;
  okButtonProps?: ButtonProps;
  busy: boolean;
  form: FormInstance<V>;
  onClose: () => void;
  onValues: (values: V) => void;
  /** Shown above the form: what the change does. */
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={props.okButtonProps}
      confirmLoading={props.busy}
      onCancel={props.onClose}
      onOk={async () => {
        const values = await validValues(props.form);
        if (values) props.onValues(values);
      }}
    >
      {props.intro}
      <Form form={props.form} layout="vertical">
        {props.children}
      </Form>
    </Modal>
  );
}
