import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledField } from './controlled-field';
import { PasswordInput } from './password-input';

/**
 * A six-digit fund (transaction) password field: anything but digits is dropped as it is typed, so the
 * field can never hold what the server would refuse for its format.
 */
export function FundPasswordField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  testId: string;
  label?: string;
  hint?: string;
}) {
  const { t } = useTranslation();
  return (
    <ControlledField
      control={props.control}
      name={props.name}
      label={props.label ?? t('security.fund_password')}
      testId={props.testId}
      hint={props.hint}
    >
      {(field) => (
        <PasswordInput
          value={field.value}
          onChange={(v) => field.onChange(v.replace(/\D/g, '').slice(0, 6))}
          onBlur={field.onBlur}
          inputMode="numeric"
          maxLength={6}
          autoComplete="off"
          placeholder={t('security.fund_password_placeholder')}
        />
      )}
    </ControlledField>
  );
}
