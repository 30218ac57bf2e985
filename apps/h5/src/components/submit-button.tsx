import type { ReactNode } from 'react';
import { PrimaryButton } from './primary-button';

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
      <PrimaryButton type="submit" disabled={props.disabled} loading={props.loading} testId={props.testId}>
        {props.children}
      </PrimaryButton>
    </div>
  );
}
