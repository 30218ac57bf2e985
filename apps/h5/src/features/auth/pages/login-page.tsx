import type { AccountType, AreaCode } from '@app/shared';
import { LANG_NAMES } from '@app/shared';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ContactField } from '../../../components/contact-fields';
import { IconButton } from '../../../components/icon-button';
import { LanguageSheet } from '../../../components/language-sheet';
import { Page } from '../../../components/page';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextLink } from '../../../components/text-link';
import { Dialog } from '../../../lib/antd-imperative';
import { useAuthStore } from '../../../lib/auth-store';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { useLocaleStore } from '../../../lib/locale';
import { safeBackpage } from '../../../lib/login-redirect';
import { PATHS } from '../../../lib/paths';
import { useAreaCodes } from '../../../lib/use-area-codes';
import { schemaResolver } from '../../../lib/zod-form';
import { login } from '../api/auth-api';
import { AccountTypeTabs } from '../components/account-type-tabs';
import { AuthFooter, AuthHeading } from '../components/auth-heading';
import { accountTypeFrom, loginSchema } from '../schemas';

type LoginForm = { user_string: string; password: string; area_code: string };
const FIELDS = ['user_string', 'password', 'area_code'] as const;

/** Log in by phone or e-mail; afterwards back to the page that asked for it (spec: backpage). */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const setSession = useAuthStore((s) => s.setSession);
  const lang = useLocaleStore((s) => s.lang);
  const [type, setType] = useState<AccountType>(() => accountTypeFrom(search.get('type')));
  const [langOpen, setLangOpen] = useState(false);

  const form = useForm<LoginForm>({
    resolver: schemaResolver<LoginForm>(loginSchema(type)),
    defaultValues: { user_string: '', password: '', area_code: '' },
  });
  const { control, handleSubmit, setError, setValue, watch, reset, formState } = form;
  const areaCode = watch('area_code');
  const pickArea = useCallback((c: AreaCode) => setValue('area_code', c.area_code), [setValue]);
  const area = useAreaCodes(areaCode, pickArea);

  const switchType = (next: AccountType) => {
    setType(next);
    reset({ user_string: '', password: '', area_code: areaCode });
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const reply = await login({
        user_string: values.user_string,
        password: values.password,
        area_code: type === 'mobile' ? values.area_code : undefined,
      });
      setSession(reply);
      // A frozen account signs in to a restricted state: its reason, and what still works, stay on
      // screen until the user has read them.
      if (reply.user.frozen_reason) {
        await Dialog.alert({
          content: <div data-testid="login-frozen">{t('auth.frozen_notice', { reason: reply.user.frozen_reason })}</div>,
          confirmText: t('common.got_it'),
        });
      } else showMessage(t('auth.login_success'), 'success');
      // Replace, so "back" from the page the user returns to does not reopen the login form.
      navigate(safeBackpage(search.get('backpage')), { replace: true });
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <Page
      title=""
      testId="login-page"
      transparentNav
      navRight={
        <IconButton
          onClick={() => setLangOpen(true)}
          testId="login-language"
          label={`${t('settings.language')}: ${LANG_NAMES[lang]}`}
        >
          <GlobalOutline fontSize={20} />
          <span style={{ marginLeft: 4, fontSize: 12 }}>{LANG_NAMES[lang]}</span>
        </IconButton>
      }
    >
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <AuthHeading title={t('auth.login_heading')} subtitle={t('auth.login_subtitle')} />
        <AccountTypeTabs value={type} onChange={switchType} testIdPrefix="login" />
        <ContactField
          control={control}
          name="user_string"
          type={type}
          area={area}
          testId="login-account"
          areaTestId="login-area-code"
          autoComplete="username"
        />
        <PasswordField
          control={control}
          name="password"
          label={t('auth.password')}
          placeholder={t('auth.password_placeholder')}
          testId="login-password"
        />
        <div className="auth-row-end">
          <TextLink to={PATHS.forgetPassword} testId="login-to-forget">
            {t('auth.forget_link')}
          </TextLink>
        </div>
        <SubmitButton loading={formState.isSubmitting} testId="login-submit">
          {t('auth.login_button')}
        </SubmitButton>
        <AuthFooter
          question={t('auth.no_account')}
          link={t('auth.register_link')}
          to={`${PATHS.register}?type=${type}`}
          testId="login-to-register"
        />
      </form>
      <LanguageSheet open={langOpen} onClose={() => setLangOpen(false)} />
    </Page>
  );
}
