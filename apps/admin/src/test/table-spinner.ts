/**
 * The loading spinner of an antd table, or null once it has loaded. antd wraps the table in its
 * loading spinner, so the spinner is an ancestor's child, not the table's.
 */
export const tableSpinner = (table: HTMLElement) =>
  table.closest('.ant-table-wrapper')?.querySelector('.ant-spin-spinning') ?? null;
