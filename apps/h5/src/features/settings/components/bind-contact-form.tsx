import { type AccountType, type AreaCode, bindContactBody } from '@app/shared';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ContactCodeFields } from '../../../components/contact-fields';
import { SubmitButton } from '../../../components/submit-button';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { useAreaCodes } from '../../../lib/use-area-codes';
import { accountCheck, schemaResolver } from '../../../lib/zod-form';
import { bindContact, sendBindCode } from '../api/settings-api';

type BindForm = { type: AccountType; user_string: string; area_code: string; code: string };
const FIELDS = ['user_string', 'area_code', 'code'] as const;
const resolver = schemaResolver<BindForm>(bindContactBody, accountCheck<BindForm>());

/** Binds the contact the account lacks: a phone to an e-mail account, an e-mail to a phone account. */
export function BindContactForm({ type, onBound }: { type: AccountType; onBound: () => void }) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, setValue, watch, trigger, getValues, formState } = useForm<BindForm>({
    resolver,
    defaultValues: { type, user_string: '', area_code: '', code: '' },
  });
  const areaCode = watch('area_code');
  const pickArea = useCallback((c: AreaCode) => setValue('area_code', c.area_code), [setValue]);
  const area = useAreaCodes(type === 'mobile' ? areaCode : 'n/a', pickArea);

  const sendCode = async () => {
    if (!(await trigger('user_string'))) return false;
    const v = getValues();
    const message = await sendBindCode({
      user_string: v.user_string.trim(),
      area_code: type === 'mobile' ? v.area_code : undefined,
    });
    if (message) showMessage(message, 'success');
    return true;
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await bindContact({
        type,
        user_string: values.user_string,
        area_code: type === 'mobile' ? values.area_code : undefined,
        code: values.code,
      });
      showMessage(t('account.bind_success'), 'success');
      onBound();
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });

  return (
    <form className="form-body" onSubmit={onSubmit} noValidate data-testid="bind-form">
      <ContactCodeFields control={control} type={type} area={area} onSend={sendCode} prefix="bind" />
      <SubmitButton loading={formState.isSubmitting} testId="bind-submit">
        {t('account.bind_button')}
      </SubmitButton>
    </form>
  );
}
