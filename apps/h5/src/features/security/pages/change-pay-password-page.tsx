import { payPasswordBody } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { OwnCodeField } from '../../../components/contact-fields';
import { FundPasswordField } from '../../../components/fund-password-field';
import { Page } from '../../../components/page';
import { SubmitButton } from '../../../components/submit-button';
import { accountKeys, userCenterQuery } from '../../../lib/account-api';
import { codeTargetOf } from '../../../lib/contact-target';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { invalidateAll } from '../../../lib/query-client';
import { confirmCheck, schemaResolver } from '../../../lib/zod-form';
import { hasPayPasswordQuery, securityKeys, setPayPassword } from '../api/security-api';

type PayForm = { password: string; re_password: string; code: string };
const FIELDS = ['password', 're_password', 'code'] as const;
const resolver = schemaResolver<PayForm>(payPasswordBody, confirmCheck<PayForm>('password', 're_password'));

export function ChangePayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userQuery = useQuery(userCenterQuery());
  const hasQuery = useQuery(hasPayPasswordQuery());
  const { control, handleSubmit, setError, formState } = useForm<PayForm>({
    resolver,
    defaultValues: { password: '', re_password: '', code: '' },
  });

  const target = userQuery.data ? codeTargetOf(userQuery.data) : null;
  const title = hasQuery.data?.has_password ? t('security.change_fund_password') : t('security.set_fund_password');

  const onSubmit = handleSubmit(async (values) => {
    try {
      await setPayPassword(values);
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      return;
    }
    await invalidateAll(queryClient, [securityKeys.hasPassword, accountKeys.center]);
    showMessage(t('security.fund_password_saved'), 'success');
    navigate(-1);
  });

  return (
    <Page title={title} testId="change-pay-password-page" loading={userQuery.isPending}>
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <FundPasswordField control={control} name="password" testId="pp-password" hint={t('security.fund_password_rule')} />
        <FundPasswordField
          control={control}
          name="re_password"
          testId="pp-re-password"
          label={t('security.confirm_fund_password')}
        />
        <OwnCodeField
          control={control}
          name="code"
          target={target}
          scene="pay_password"
          testId="pp-code"
          sendTestId="pp-send-code"
        />
        <SubmitButton loading={formState.isSubmitting} testId="pp-submit">
          {t('common.confirm')}
        </SubmitButton>
      </form>
    </Page>
  );
}
