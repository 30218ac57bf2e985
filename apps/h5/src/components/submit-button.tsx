import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

/** A form's one primary action, full width under its fields; spins while the form is sent. */
export function SubmitButton(props: {
  loading: boolean;
  disabled?: boolean;
  testId: string;
  /** Extra classes of the row (`form-actions` is always there). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className ? `form-actions ${props.className}` : 'form-actions'}>
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        disabled={props.disabled}
        loading={props.loading}
        data-testid={props.testId}
      >
        {props.children}
      </Button>
    </div>
  );
}
