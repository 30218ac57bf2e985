import { type AccountType, type AreaCode, registerBody } from '@app/shared';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { NewPasswordFields } from '../../../components/password-field';
import { sendVerificationCode } from '../../../lib/account-api';
import { useAuthStore } from '../../../lib/auth-store';
import { applyServerFieldErrors, errorText } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { PATHS } from '../../../lib/paths';
import { useAreaCodes } from '../../../lib/use-area-codes';
import { accountCheck, combineChecks, confirmCheck, schemaResolver } from '../../../lib/zod-form';
import { register } from '../api/auth-api';
import { AccountTypeTabs } from '../components/account-type-tabs';
import { AuthFooter, AuthHeading } from '../components/auth-heading';
import { TermsPopup } from '../components/terms-popup';
import { accountTypeFrom, inviteCodeFrom } from '../schemas';
import './register-page.css';
import { ContactCodeFields } from '../../../components/contact-fields';
import { TextField } from '../../../components/controlled-field';
import { SubmitButton } from '../../../components/submit-button';

type RegisterForm = {
  type: AccountType;
  user_string: string;
  area_code: string;
  area_code_id: number | undefined;
  code: string;
  password: string;
  re_password: string;
  extension_code: string;
  agree: boolean;
};
const FIELDS = ['user_string', 'area_code', 'code', 'password', 're_password', 'extension_code', 'agree'] as const;
const resolver = schemaResolver<RegisterForm>(
  registerBody,
  combineChecks(accountCheck<RegisterForm>(), confirmCheck<RegisterForm>('password', 're_password')),
);

/** Registration by phone or e-mail (spec section 5 rules, checked with the server's own schema). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const setSession = useAuthStore((s) => s.setSession);
  const [termsOpen, setTermsOpen] = useState(false);

  const { control, handleSubmit, setError, setValue, watch, trigger, getValues, reset, formState } = useForm<RegisterForm>({
    resolver,
    defaultValues: {
      type: accountTypeFrom(search.get('type')),
      user_string: '',
      area_code: '',
      area_code_id: undefined,
      code: '',
      password: '',
      re_password: '',
      extension_code: inviteCodeFrom(search),
      agree: false,
    },
  });
  const type = watch('type');
  const areaCode = watch('area_code');
  const pickArea = useCallback(
    (c: AreaCode) => {
      setValue('area_code', c.area_code);
      setValue('area_code_id', c.id);
    },
    [setValue],
  );
  const area = useAreaCodes(areaCode, pickArea);

  const switchType = (next: AccountType) => {
    const keep = getValues();
    reset({ ...keep, type: next, user_string: '', code: '' });
  };

  const sendCode = async () => {
    if (!(await trigger('user_string'))) return false;
    const { user_string, area_code } = getValues();
    return sendVerificationCode(
      type === 'mobile'
        ? { channel: 'mobile', phone: user_string.trim(), areaCode: area_code }
        : { channel: 'email', email: user_string.trim() },
      'register',
    );
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await register({
        ...values,
        area_code: values.type === 'mobile' ? values.area_code : undefined,
        area_code_id: values.type === 'mobile' ? values.area_code_id : undefined,
        extension_code: values.extension_code || undefined,
      });
      // The server logs the new user in: keep the session and go home.
      setSession(reply);
      showMessage(t('auth.register_success'), 'success');
      navigate(PATHS.home, { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <Page title="" testId="register-page" transparentNav>
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <AuthHeading title={t('auth.register_heading')} subtitle={t('auth.register_subtitle')} />
        <AccountTypeTabs value={type} onChange={switchType} testIdPrefix="register" />
        <ContactCodeFields
          control={control}
          type={type}
          area={area}
          onSend={sendCode}
          prefix="register"
          autoComplete={type === 'mobile' ? 'tel-national' : 'email'}
        />
        <NewPasswordFields control={control} testIds={['register-password', 'register-re-password']} label={t('auth.password')} />
        <TextField
          control={control}
          name="extension_code"
          label={`${t('auth.invite_code')} (${t('common.optional')})`}
          testId="register-invite"
          placeholder={t('auth.invite_placeholder')}
          clearable
        />
        <Controller
          control={control}
          name="agree"
          render={({ field, fieldState }) => (
            <div className="register-agree">
              <div className="register-agree__row">
                <Checkbox
                  checked={field.value}
                  onChange={field.onChange}
                  data-testid="register-agree"
                  style={{ '--icon-size': '18px' }}
                />
                {/* The sentence toggles the box too; only the agreement's name opens the agreement. It is
                    read out (not aria-hidden): it holds the agreement's button, which takes focus. */}
                {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pointer shortcut; the checkbox itself takes the keyboard */}
                {/* biome-ignore lint/a11y/noStaticElementInteractions: same shortcut as above */}
                <span className="register-agree__text" onClick={() => field.onChange(!field.value)}>
                  <Trans
                    i18nKey="auth.agree"
                    components={{
                      terms: (
                        <button
                          type="button"
                          className="text-link register-agree__link"
                          onClick={(e) => {
                            e.stopPropagation();
                            setTermsOpen(true);
                          }}
                          data-testid="register-terms"
                        />
                      ),
                    }}
                  />
                </span>
              </div>
              {fieldState.error?.message ? (
                <div className="form-field__error" role="alert" data-testid="register-agree-error">
                  {errorText(t, fieldState.error.message)}
                </div>
              ) : null}
            </div>
          )}
        />
        <SubmitButton loading={formState.isSubmitting} testId="register-submit">
          {t('auth.register_button')}
        </SubmitButton>
        <AuthFooter
          question={t('auth.have_account')}
          link={t('auth.login_link')}
          to={PATHS.login}
          replace
          testId="register-to-login"
        />
      </form>
      <TermsPopup open={termsOpen} onClose={() => setTermsOpen(false)} />
    </Page>
  );
}
