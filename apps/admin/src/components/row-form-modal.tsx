import { Form, type FormInstance, message } from 'antd';
import { type ReactNode, useState } from 'react';
import { FormModal } from './form-modal';

/** A table row edited in a modal form: the row open (null: closed) and the form filled from it. */
export type RowForm<Row, V> = {
  row: Row | null;
  form: FormInstance<V>;
  /** Opens the modal on `row` with the form's fields set to `values`. */
  edit: (row: Row, values: Parameters<FormInstance<V>['setFieldsValue']>[0]) => void;
  close: () => void;
};

export function useRowForm<Row, V>(): RowForm<Row, V> {
  const [row, setRow] = useState<Row | null>(null);
  const [form] = Form.useForm<V>();
  return {
    row,
    form,
    edit: (next, values) => {
      setRow(next);
      form.setFieldsValue(values);
    },
    close: () => setRow(null),
  };
}

/** The save a row's form calls: a react-query mutation, or anything with its `mutate` and `isPending`. */
type RowSave<I> = { isPending: boolean; mutate: (input: I, options: { onSuccess: () => void }) => void };

type RowFormModalProps<Row, V, I> = {
  editor: RowForm<Row, V>;
  title: string;
  save: RowSave<I>;
  /** What the save sends for the open row and the form's checked values. */
  input: (row: Row, values: V) => I;
  /** The toast once saved; the modal then closes. */
  saved: (row: Row) => string;
  children: ReactNode;
};

/** The modal of a `useRowForm`: OK checks the fields, saves the row, says so and closes. */
export function RowFormModal<Row, V, I>({ editor, title, save, input, saved, children }: RowFormModalProps<Row, V, I>) {
  const { row, form, close } = editor;
  return (
    <FormModal
      open={row !== null}
      title={title}
      okText="Save"
      busy={save.isPending}
      form={form}
      onClose={close}
      onValues={(values) => {
        if (!row) return;
        save.mutate(input(row, values), {
          onSuccess: () => {
            void message.success(saved(row));
            close();
          },
        });
      }}
    >
      {children}
    </FormModal>
  );
}
