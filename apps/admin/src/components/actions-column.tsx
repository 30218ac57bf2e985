import { Space, type TableColumnType } from 'antd';
import type { ReactNode } from 'react';

/** A table's last column, under no heading: the row's buttons side by side. */
export function actionsColumn<T>(width: number, buttons: (row: T) => ReactNode): TableColumnType<T> {
  return { title: '', key: 'actions', width, render: (_, row) => <Space>{buttons(row)}</Space> };
}
