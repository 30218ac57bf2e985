import { type AccountType, type AreaCode, forgetBody } from '@app/shared';
import Button from 'antd-mobile/es/components/button';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { NewPasswordFields } from '../../../components/password-field';
import { sendVerificationCode } from '../../../lib/account-api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { PATHS } from '../../../lib/paths';
import { useAreaCodes } from '../../../lib/use-area-codes';
import { accountCheck, combineChecks, confirmCheck, schemaResolver } from '../../../lib/zod-form';
import { checkForgetCode, resetPassword } from '../api/auth-api';
import { AccountTypeTabs } from '../components/account-type-tabs';
import { AuthHeading } from '../components/auth-heading';
import './forget-password-page.css';
import { ContactCodeFields } from '../../../components/contact-fields';
import { PrimaryButton } from '../../../components/primary-button';

type ForgetForm = {
  type: AccountType;
  user_string: string;
  area_code: string;
  code: string;
  password: string;
  re_password: string;
};
const FIELDS = ['user_string', 'area_code', 'code', 'password', 're_password'] as const;
const resolver = schemaResolver<ForgetForm>(
  forgetBody,
  combineChecks(accountCheck<ForgetForm>(), confirmCheck<ForgetForm>('password', 're_password')),
);

/**
 * Two steps on one form validated by the server's schema: step one proves the account with a code
 * (checked, not consumed), step two sets the new password and sends the code again with it.
 */
export function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const { control, handleSubmit, setError, setValue, watch, trigger, getValues, reset, formState } = useForm<ForgetForm>({
    resolver,
    defaultValues: { type: 'mobile', user_string: '', area_code: '', code: '', password: '', re_password: '' },
  });
  const type = watch('type');
  const areaCode = watch('area_code');
  const pickArea = useCallback((c: AreaCode) => setValue('area_code', c.area_code), [setValue]);
  const area = useAreaCodes(areaCode, pickArea);
  const [checking, setChecking] = useState(false);

  const account = () => {
    const v = getValues();
    return { type: v.type, user_string: v.user_string.trim(), area_code: v.type === 'mobile' ? v.area_code : undefined };
  };

  const sendCode = async () => {
    if (!(await trigger('user_string'))) return false;
    const a = account();
    return sendVerificationCode(
      a.type === 'mobile'
        ? { channel: 'mobile', phone: a.user_string, areaCode: a.area_code ?? '' }
        : { channel: 'email', email: a.user_string },
      'forget',
    );
  };

  const next = async () => {
    if (!(await trigger(['user_string', 'code']))) return;
    setChecking(true);
    try {
      await checkForgetCode({ ...account(), code: getValues('code').trim() });
      setStep(2);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    } finally {
      setChecking(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword({
        type: values.type,
        user_string: values.user_string,
        area_code: values.type === 'mobile' ? values.area_code : undefined,
        code: values.code,
        password: values.password,
        re_password: values.re_password,
      });
      showMessage(t('auth.reset_success'), 'success');
      navigate(PATHS.login, { replace: true });
    } catch (error) {
      // A code that expired between the steps belongs to step one: go back there to show it.
      if (applyServerFieldErrors(error, setError, FIELDS) && (error as { fields?: Record<string, string> }).fields?.code)
        setStep(1);
    }
  });

  return (
    <Page title={t('auth.forget_title')} testId="forget-page">
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <div className="forget-steps">
          <span
            className={
              step === 1 ? 'forget-steps__step forget-steps__step--active' : 'forget-steps__step forget-steps__step--done'
            }
          >
            1 · {t('auth.forget_step1')}
          </span>
          <span className={step === 2 ? 'forget-steps__step forget-steps__step--active' : 'forget-steps__step'}>
            2 · {t('auth.forget_step2')}
          </span>
        </div>
        {step === 1 ? (
          <>
            <AuthHeading title={t('auth.forget_step1')} subtitle={t('auth.forget_step1_hint')} />
            <AccountTypeTabs
              value={type}
              onChange={(next) => reset({ ...getValues(), type: next, user_string: '', code: '' })}
              testIdPrefix="forget"
            />
            <ContactCodeFields control={control} type={type} area={area} onSend={sendCode} prefix="forget" />
            <div className="form-actions">
              <PrimaryButton loading={checking} onClick={next} testId="forget-next">
                {t('common.next')}
              </PrimaryButton>
            </div>
          </>
        ) : (
          <>
            <AuthHeading title={t('auth.forget_step2')} subtitle={getValues('user_string')} />
            <NewPasswordFields control={control} testIds={['forget-password', 'forget-re-password']} />
            <div className="form-actions forget-actions">
              <Button block fill="outline" size="large" shape="rounded" onClick={() => setStep(1)} data-testid="forget-prev">
                {t('common.previous')}
              </Button>
              <PrimaryButton type="submit" loading={formState.isSubmitting} testId="forget-submit">
                {t('auth.reset_button')}
              </PrimaryButton>
            </div>
          </>
        )}
      </form>
    </Page>
  );
}
