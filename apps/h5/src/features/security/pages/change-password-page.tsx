import { updatePasswordBody } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field';
import { Page } from '../../../components/page';
import { PasswordInput } from '../../../components/password-input';
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

  const field = (name: (typeof FIELDS)[number], label: string, placeholder: string, autoComplete: string, testId: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field: f, fieldState }) => (
        <FormField label={label} error={fieldState.error?.message} testId={testId}>
          <PasswordInput
            value={f.value}
            onChange={f.onChange}
            onBlur={f.onBlur}
            placeholder={placeholder}
            autoComplete={autoComplete}
          />
        </FormField>
      )}
    />
  );

  return (
    <Page title={t('security.change_login_password')} testId="change-password-page">
      <form className="form-body" onSubmit={onSubmit} noValidate>
        {field('old_password', t('security.old_password'), t('security.old_password_placeholder'), 'current-password', 'cp-old')}
        {field('password', t('auth.new_password'), t('auth.new_password_placeholder'), 'new-password', 'cp-new')}
        {field('re_password', t('auth.confirm_password'), t('auth.confirm_password_placeholder'), 'new-password', 'cp-confirm')}
        <p className="form-note">{t('security.change_password_note')}</p>
        <div className="form-actions">
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            shape="rounded"
            loading={formState.isSubmitting}
            data-testid="cp-submit"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </form>
    </Page>
  );
}
