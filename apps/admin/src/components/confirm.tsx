import { Modal } from 'antd';
import type { ReactNode } from 'react';

export type ConfirmOptions = {
  title: string;
  /** What will happen, in full: the operator confirms the consequence, not just the button. */
  content: ReactNode;
  okText: string;
  danger?: boolean;
  /** The action; its failure is already shown by the API client, so the dialog just closes. */
  onOk: () => Promise<unknown>;
};

/** Stable hooks for browser tests: the dialog and its confirm button carry test ids. */
const OK_BUTTON_PROPS = { 'data-testid': 'confirm-ok' } as Record<string, string>;

/**
 * A confirmation dialog rendered inside the app's React tree (antd's hook form), so it follows the
 * ConfigProvider (locale, theme) rather than the static API's detached root.
 */
export function useConfirm() {
  const [modal, contextHolder] = Modal.useModal();
  const confirm = ({ title, content, okText, danger, onOk }: ConfirmOptions) =>
    modal.confirm({
      title,
      content: <div data-testid="confirm-content">{content}</div>,
      okText,
      cancelText: 'Cancel',
      okButtonProps: { danger: danger ?? false, ...OK_BUTTON_PROPS },
      onOk: () => onOk().catch(() => undefined),
    });
  return { confirm, contextHolder };
}
