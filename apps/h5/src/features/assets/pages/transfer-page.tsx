import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AwaitingPage } from '../../../components/awaiting-page';
import { ChoiceSheet, ChoiceTrigger } from '../../../components/choice-sheet';
import { CoinPicker } from '../../../components/coin-picker';
import { Page } from '../../../components/page';
import { applyServerFieldErrors, errorText } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import {
  ACCOUNT_KINDS,
  type AccountKind,
  balanceOf,
  coinAccount,
  currencyParam,
  isAccountKind,
  walletKeys,
  walletListQuery,
} from '../../../lib/wallet-api';
import { schemaResolver } from '../../../lib/zod-form';
import { transfer } from '../api/assets-api';
import { type TransferForm, transferSchema } from '../transfer-schema';
import './transfer-page.css';
import { BalanceAmountField } from '../../../components/balance-amount-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextLink } from '../../../components/text-link';

/** The transfer's two ends, each an account chosen from a sheet. */
const ENDS = ['from', 'to'] as const;
type Sheet = (typeof ENDS)[number] | null;

/** Up and down arrows: the swap of "from" and "to" (antd-mobile-icons has no such icon). */
function SwapIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M7 4v15M3 8l4-4 4 4M17 20V5M13 16l4 4 4-4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Moves available balance between the user's own accounts (coin, option, contract, trust). */
export function TransferPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const wallet = useQuery(walletListQuery());
  const [sheet, setSheet] = useState<Sheet>(null);

  const from = params.get('from');
  const initialFrom: AccountKind = isAccountKind(from) ? from : 'coin';
  const { control, handleSubmit, setValue, watch, setError, reset, getValues, trigger, formState } = useForm<TransferForm>({
    resolver: (values, context, options) => schemaResolver<TransferForm>(transferSchema(wallet.data))(values, context, options),
    defaultValues: {
      from: initialFrom,
      to: initialFrom === 'contract' ? 'coin' : 'contract',
      currency_id: currencyParam(params.get('currency')) ?? 3,
      number: '',
    },
  });
  const values = watch();
  const coin = balanceOf(wallet.data, values.from, values.currency_id);
  const coins = coinAccount(wallet.data);

  const mutation = useMutation({
    mutationFn: transfer,
    onSuccess: async () => {
      showMessage(t('transfer.done'), 'success');
      reset({ ...getValues(), number: '' });
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
    },
    onError: (error) => applyServerFieldErrors(error, setError, ['number', 'to', 'from']),
  });

  const onSubmit = handleSubmit((v) =>
    mutation
      .mutateAsync({ currency_id: v.currency_id, number: v.number.trim(), from_field: v.from, to_field: v.to })
      .catch(() => {}),
  );

  // A shown "choose two different accounts" is re-checked as soon as either side changes.
  const recheckAccounts = () => {
    if (formState.errors.to) void trigger('to');
  };

  const swap = () => {
    setValue('from', values.to);
    setValue('to', values.from);
    recheckAccounts();
  };

  const title = t('sections.transfer');
  const navRight = (
    <TextLink to={PATHS.transferRecord} testId="transfer-records">
      {t('transfer.records')}
    </TextLink>
  );

  if (!wallet.data) return <AwaitingPage title={title} testId="transfer-page" navRight={navRight} query={wallet} />;

  const accountChoices = ACCOUNT_KINDS.map((kind) => ({ value: kind, label: t(`money.account_name.${kind}`) }));

  return (
    <Page title={title} testId="transfer-page" navRight={navRight}>
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <div className="transfer-accounts">
          <div className="transfer-accounts__rows">
            {ENDS.map((end) => (
              <div className="transfer-accounts__row" key={end}>
                <span className="transfer-accounts__label">{t(`transfer.${end}`)}</span>
                <ChoiceTrigger onClick={() => setSheet(end)} testId={`transfer-${end}`}>
                  {t(`money.account_name.${values[end]}`)}
                </ChoiceTrigger>
              </div>
            ))}
          </div>
          <button
            type="button"
            className="transfer-accounts__swap"
            onClick={swap}
            aria-label={t('transfer.swap')}
            data-testid="transfer-swap"
          >
            <SwapIcon />
          </button>
        </div>
        {formState.errors.to ? (
          <div className="form-field__error transfer-accounts__error" role="alert" data-testid="transfer-to-error">
            {errorText(t, formState.errors.to.message)}
          </div>
        ) : null}
        <CoinPicker
          label={t('transfer.coin')}
          coins={coins}
          value={values.currency_id}
          onChoose={(id) => {
            setValue('currency_id', id);
            setValue('number', '');
          }}
          extra={(c) =>
            t('transfer.available', {
              amount: formatAmount(balanceOf(wallet.data, values.from, c.currency_id)?.available ?? '0', c.decimals),
              coin: c.currency_name,
            })
          }
          testId="transfer-coin"
        />

        <BalanceAmountField
          control={control}
          name="number"
          label={t('transfer.amount')}
          placeholder={t('transfer.amount_placeholder')}
          coin={coin}
          onAll={() => setValue('number', coin?.available ?? '0', { shouldValidate: true })}
          testIdPrefix="transfer"
        />
        <SubmitButton note={t('transfer.note')} loading={mutation.isPending} testId="transfer-submit">
          {t('transfer.submit')}
        </SubmitButton>
      </form>

      <ChoiceSheet
        open={sheet === 'from' || sheet === 'to'}
        title={sheet === 'to' ? t('transfer.to') : t('transfer.from')}
        // "To" never offers the account the money leaves; picking "From" may swap the two.
        choices={sheet === 'to' ? accountChoices.filter((c) => c.value !== values.from) : accountChoices}
        value={sheet === 'to' ? values.to : values.from}
        onChoose={(kind) => {
          const field = sheet === 'to' ? 'to' : 'from';
          const other = field === 'to' ? 'from' : 'to';
          // Picking the other side's account swaps the two rather than making a same-account transfer.
          if (values[other] === kind) setValue(other, values[field]);
          setValue(field, kind);
          recheckAccounts();
        }}
        onClose={() => setSheet(null)}
        testId={`transfer-${sheet ?? 'from'}-option`}
      />
    </Page>
  );
}
