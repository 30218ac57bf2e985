import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

/** The page's main action: a full-width, large, rounded button in the accent colour. */
export function PrimaryButton(props: {
  /** `submit` sends the form it stands in; otherwise `onClick` acts. */
  type?: 'button' | 'submit';
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      block
      type={props.type}
      color="primary"
      size="large"
      shape="rounded"
      disabled={props.disabled}
      loading={props.loading}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      {props.children}
    </Button>
  );
}
