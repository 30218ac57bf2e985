import { updatePasswordBody } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { NewPasswordFields, PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { useAuthStore } from '../../../lib/auth-store';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { redirectLock } from '../../../lib/login-redirect';
import { PATHS } from '../../../lib/paths';
import { confirmCheck, schemaResolver } from '../../../lib/zod-form';
import { updatePassword } from '../api/security-api';

type PasswordForm = { old_password: string; password: string; re_password: string };
const FIELDS = ['old_password', 'password', 're_password'] as const;
const resolver = schemaResolver<PasswordForm>(updatePasswordBody, confirmCheck<PasswordForm>('password', 're_password'));

export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearSession = useAuthStore((s) => s.clear);
  const { control, handleSubmit, setError, formState } = useForm<PasswordForm>({
    resolver,
    defaultValues: { old_password: '', password: '', re_password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updatePassword(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      return;
    }
    // Every session is revoked on the server. Hold the guard's lock so it does not also redirect with
    // this page as backpage: after the new login the user belongs on home, not on this form.
    redirectLock.hold();
    navigate(PATHS.login, { replace: true });
    clearSession();
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'area_code' });
    showMessage(t('security.password_changed'), 'success');
  });

  return (
    <Page title={t('security.change_login_password')} testId="change-password-page">
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <PasswordField
          control={control}
          name="old_password"
          label={t('security.old_password')}
          placeholder={t('security.old_password_placeholder')}
          autoComplete="current-password"
          testId="cp-old"
        />
        <NewPasswordFields control={control} testIds={['cp-new', 'cp-confirm']} />
        <SubmitButton note={t('security.change_password_note')} loading={formState.isSubmitting} testId="cp-submit">
          {t('common.confirm')}
        </SubmitButton>
      </form>
    </Page>
  );
}
