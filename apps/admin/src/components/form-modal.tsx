import { Form, type FormInstance, Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { validValues } from '../lib/form-values';

type FormModalProps<V> = Pick<ModalProps, 'open' | 'title' | 'okText' | 'okButtonProps'> & {
  form: FormInstance<V>;
  busy: boolean;
  onClose: () => void;
  onValues: (values: V) => void;
  /** Shown above the form: what the change does. */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * A modal around a vertical form. Its OK button checks the fields and hands their values to `onValues`;
 * a failed rule keeps the modal open, the field showing its message.
 */
export function FormModal<V>({ form, busy, onClose, onValues, intro, children, ...modal }: FormModalProps<V>) {
  return (
    <Modal
      {...modal}
      confirmLoading={busy}
      onCancel={onClose}
      onOk={async () => {
        const values = await validValues(form);
        if (values) onValues(values);
      }}
    >
      {intro}
      <Form form={form} layout="vertical">
        {children}
      </Form>
    </Modal>
  );
}
