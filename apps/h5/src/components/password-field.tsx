import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ControlledField } from './controlled-field';
import { PasswordInput } from './password-input';

/** A sign-in password field of a react-hook-form form, its error under it. */
export function PasswordField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  testId: string;
  /** `new-password` where the user chooses one, so password managers offer to generate it. */
  autoComplete?: string;
}) {
  return (
    <ControlledField control={props.control} name={props.name} label={props.label} testId={props.testId}>
      {(field) => (
        <PasswordInput
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          autoComplete={props.autoComplete}
          placeholder={props.placeholder}
        />
      )}
    </ControlledField>
  );
}

/**
 * Choosing a password: the new one and its confirmation (`password`, `re_password`), both offered to
 * password managers as new. `testIds`: the two fields'.
 */
export function NewPasswordFields<T extends { password: string; re_password: string }>(props: {
  control: Control<T>;
  testIds: [string, string];
  /** The first field's label (default "New password"). */
  label?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        control={props.control}
        name={'password' as Path<T>}
        label={props.label ?? t('auth.new_password')}
        placeholder={t('auth.new_password_placeholder')}
        autoComplete="new-password"
        testId={props.testIds[0]}
      />
      <PasswordField
        control={props.control}
        name={'re_password' as Path<T>}
        label={t('auth.confirm_password')}
        placeholder={t('auth.confirm_password_placeholder')}
        autoComplete="new-password"
        testId={props.testIds[1]}
      />
    </>
  );
}
