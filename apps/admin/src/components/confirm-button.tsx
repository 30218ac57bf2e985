import { Button, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { type ConfirmOptions, useConfirm } from './confirm';

type ConfirmButtonProps = Pick<ButtonProps, 'type' | 'size' | 'danger' | 'disabled' | 'loading'> & {
  label: ReactNode;
  testId: string;
  /** The dialog the button opens: what will happen, and the action run once the operator confirms. */
  dialog: ConfirmOptions;
};

/** A button whose action runs only after the operator confirms its consequence in a dialog. */
export function ConfirmButton({ label, testId, dialog, ...button }: ConfirmButtonProps) {
  const { confirm, contextHolder } = useConfirm();
  return (
    <>
      {contextHolder}
      <Button {...button} data-testid={testId} onClick={() => confirm(dialog)}>
        {label}
      </Button>
    </>
  );
}
