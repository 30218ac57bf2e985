import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/controlled-field';
import { Page } from '../../../components/page';
import { SubmitButton } from '../../../components/submit-button';
import { bankCardKeys, bankCardQuery } from '../../../lib/bank-card-api';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { PATHS } from '../../../lib/paths';
import { useGoBack } from '../../../lib/use-go-back';
import { schemaResolver } from '../../../lib/zod-form';
import { saveBankCard } from '../api/bank-card-api';
import { BANK_FIELDS, BANK_MAX, type BankCardForm, bankCardSchema, toBankCardInput } from '../bank-card-schema';

const resolver = schemaResolver<BankCardForm>(bankCardSchema);
const EMPTY = Object.fromEntries(BANK_FIELDS.map((f) => [f, ''])) as BankCardForm;
const REQUIRED: ReadonlySet<keyof BankCardForm> = new Set(['holder_name', 'card_number', 'bank_name']);
const NUMERIC: ReadonlySet<keyof BankCardForm> = new Set(['card_number']);

/** Binds (or replaces) the bank card: the spec's nine fields, checked like the server checks them. */
export function BankAddPage() {
  const { t } = useTranslation();
  // Saved: back where the user came from, or to the list when the form was opened from a link.
  const backToList = useGoBack(PATHS.bankBind);
  const queryClient = useQueryClient();
  const card = useQuery(bankCardQuery());
  const { control, handleSubmit, setError, reset, formState } = useForm<BankCardForm>({ resolver, defaultValues: EMPTY });

  // Editing an existing card starts from what is saved.
  useEffect(() => {
    if (card.data) {
      reset(Object.fromEntries(BANK_FIELDS.map((f) => [f, card.data?.[f] ?? ''])) as BankCardForm);
    }
  }, [card.data, reset]);

  const mutation = useMutation({
    mutationFn: saveBankCard,
    onSuccess: async () => {
      showMessage(t('bank.saved'), 'success');
      await queryClient.invalidateQueries({ queryKey: bankCardKeys.card });
      backToList();
    },
    onError: (error) => applyServerFieldErrors(error, setError, BANK_FIELDS),
  });

  const onSubmit = handleSubmit((v) => mutation.mutateAsync(toBankCardInput(v)).catch(() => {}));
  const title = card.data ? t('bank.change') : t('bank.add');

  return (
    <Page title={title} testId="bank-add-page" loading={card.isPending}>
      <form className="form-body" onSubmit={onSubmit} noValidate>
        {BANK_FIELDS.map((name) => (
          <TextField
            key={name}
            control={control}
            name={name}
            label={REQUIRED.has(name) ? t(`bank.${name}`) : `${t(`bank.${name}`)} (${t('common.optional')})`}
            testId={`bank-${name.replace(/_/g, '-')}`}
            maxLength={BANK_MAX[name] + 10}
            inputMode={NUMERIC.has(name) ? 'numeric' : undefined}
            autoComplete="off"
            placeholder={t(`bank.${name}_placeholder`)}
          />
        ))}
        <SubmitButton note={t('bank.note')} loading={formState.isSubmitting} testId="bank-submit">
          {t('bank.save')}
        </SubmitButton>
      </form>
    </Page>
  );
}
