import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/form-errors';
import './form-field.css';

type Props = {
  label?: ReactNode;
  /** The field's message: an error code from the shared schemas or the server's text. */
  error?: string;
  prefix?: ReactNode;
  suffix?: ReactNode;
  hint?: ReactNode;
  testId?: string;
  children: ReactNode;
};

/** A labelled input box with its error and its hint underneath, as every form of the app lays them out. */
export function FormField({ label, error, prefix, suffix, hint, testId, children }: Props) {
  const { t } = useTranslation();
  const message = errorText(t, error);
  return (
    <div className="form-field">
      {label ? <div className="form-field__label">{label}</div> : null}
      <div className={message ? 'form-field__control form-field__control--error' : 'form-field__control'} data-testid={testId}>
        {prefix ? <div className="form-field__prefix">{prefix}</div> : null}
        <div className="form-field__input">{children}</div>
        {suffix ? <div className="form-field__suffix">{suffix}</div> : null}
      </div>
      {message ? (
        <div className="form-field__error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {message}
        </div>
      ) : null}
      {/* The hint stays under an error: a rule such as the minimum is what the user needs to fix it. */}
      {hint ? (
        <div className="fine-print form-field__hint" data-testid={testId ? `${testId}-hint` : undefined}>
          {hint}
        </div>
      ) : null}
    </div>
  );
}
