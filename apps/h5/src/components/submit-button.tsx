import type { ReactNode } from 'react';
import { PrimaryButton } from './primary-button';

/** A form's one primary action, full width under its fields; spins while the form is sent. */
export function SubmitButton(props: {
  loading: boolean;
  disabled?: boolean;
  testId: string;
  /** Extra classes of the row (`form-actions` is always there). */
  className?: string;
  /** What the user should know before sending (review times, what happens next), above the button. */
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      {props.note ? <p className="form-note">{props.note}</p> : null}
      <div className={props.className ? `form-actions ${props.className}` : 'form-actions'}>
        <PrimaryButton type="submit" disabled={props.disabled} loading={props.loading} testId={props.testId}>
          {props.children}
        </PrimaryButton>
      </div>
    </>
  );
}
