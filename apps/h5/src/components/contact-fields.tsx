import type { AccountType, CodeScene } from '@app/shared';
import Input from 'antd-mobile/es/components/input';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CodeTarget, sendVerificationCode } from '../lib/account-api';
import { maskTarget } from '../lib/contact-target';
import type { AreaChoice } from '../lib/use-area-codes';
import { AreaCodePicker } from './area-code-picker';
import { CodeButton } from './code-button';
import { ControlledField } from './controlled-field';

/**
 * The phone-or-e-mail field of the sign-in forms (login, register, forgotten password, binding a
 * contact): a phone number carries the area-code picker in front of it, an e-mail address does not.
 */
export function ContactField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  type: AccountType;
  area: AreaChoice;
  /** `<testId>` on the field, `<areaTestId>` on the picker. */
  testId: string;
  areaTestId: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const mobile = props.type === 'mobile';
  return (
    <ControlledField
      control={props.control}
      name={props.name}
      label={mobile ? t('auth.phone') : t('auth.email')}
      testId={props.testId}
      prefix={
        mobile ? (
          <AreaCodePicker
            options={props.area.options}
            loading={props.area.loading}
            value={props.area.value}
            onChange={props.area.onPick}
            testId={props.areaTestId}
          />
        ) : undefined
      }
    >
      {(field) => (
        <Input
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          type={mobile ? 'tel' : 'email'}
          inputMode={mobile ? 'numeric' : 'email'}
          autoComplete={props.autoComplete}
          placeholder={mobile ? t('auth.phone_placeholder') : t('auth.email_placeholder')}
          clearable
        />
      )}
    </ControlledField>
  );
}

/**
 * A six-digit verification code field with its "send code" button. `onSend` resolves to whether a code
 * went out (the button then counts down, remembered under `countdownKey` across page changes).
 */
export function CodeField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  onSend: () => Promise<boolean>;
  countdownKey: string;
  /** `<testId>` on the field, `<sendTestId>` on the button. */
  testId: string;
  sendTestId: string;
  /** Where the code goes, when the form does not ask for it (codes to the account's own contact). */
  hint?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <ControlledField
      control={props.control}
      name={props.name}
      label={t('auth.code')}
      testId={props.testId}
      hint={props.hint}
      suffix={
        <CodeButton onSend={props.onSend} countdownKey={props.countdownKey} testId={props.sendTestId} disabled={props.disabled} />
      }
    >
      {(field) => (
        <Input
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('auth.code_placeholder')}
        />
      )}
    </ControlledField>
  );
}

/**
 * A code sent to the account's own contact (`target`, from the user centre) for `scene`: the hint says
 * where it goes, masked; without a contact the button stays off.
 */
export function OwnCodeField<T extends FieldValues>(props: {
  control: Control<T>;
  name: Path<T>;
  target: CodeTarget | null;
  scene: CodeScene;
  testId: string;
  sendTestId: string;
}) {
  const { t } = useTranslation();
  const { target, scene } = props;
  return (
    <CodeField
      control={props.control}
      name={props.name}
      onSend={() => (target ? sendVerificationCode(target, scene) : Promise.resolve(false))}
      countdownKey={scene}
      testId={props.testId}
      sendTestId={props.sendTestId}
      hint={target ? t('security.code_sent_to', { target: maskTarget(target) }) : undefined}
      disabled={!target}
    />
  );
}

/**
 * A contact to prove with a code: the phone (with its area code) or e-mail in `user_string`, and the
 * code sent to it in `code`. `prefix` names the test ids (`<prefix>-account`, `-area-code`, `-code`,
 * `-send-code`) and the send button's countdown (one per form and account type).
 */
export function ContactCodeFields<T extends { user_string: string; code: string }>(props: {
  control: Control<T>;
  type: AccountType;
  area: AreaChoice;
  onSend: () => Promise<boolean>;
  prefix: string;
  autoComplete?: string;
}) {
  const { prefix } = props;
  return (
    <>
      <ContactField
        control={props.control}
        name={'user_string' as Path<T>}
        type={props.type}
        area={props.area}
        testId={`${prefix}-account`}
        areaTestId={`${prefix}-area-code`}
        autoComplete={props.autoComplete}
      />
      <CodeField
        control={props.control}
        name={'code' as Path<T>}
        onSend={props.onSend}
        countdownKey={`${prefix}:${props.type}`}
        testId={`${prefix}-code`}
        sendTestId={`${prefix}-send-code`}
      />
    </>
  );
}
