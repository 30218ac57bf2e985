import { Form } from 'antd';
import { useMemo } from 'react';

/**
 * The one form of a table edited row by row (each row saved alone): the values of every row under its
 * id, as `rowValues` reads them from the rows the server sent.
 */
export function useRowsForm<R, V>(rows: R[] | undefined, idKey: keyof R, rowValues: (row: R) => V) {
  const [form] = Form.useForm<Record<string, V>>();
  const initialValues = useMemo(
    () => Object.fromEntries((rows ?? []).map((r) => [String(r[idKey]), rowValues(r)])) as Record<string, V>,
    [rows, idKey, rowValues],
  );
  return { form, initialValues };
}
