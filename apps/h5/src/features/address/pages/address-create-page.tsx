import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CoinPicker } from '../../../components/coin-picker';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PayPasswordFirst } from '../../../components/pay-password-first';
import { Segmented } from '../../../components/segmented';
import { ErrorState } from '../../../components/state-view';
import { userCenterQuery } from '../../../lib/account-api';
import { addressBookKeys } from '../../../lib/address-book-api';
import { codeTargetOf } from '../../../lib/contact-target';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { PATHS } from '../../../lib/paths';
import { refetchAll } from '../../../lib/query-client';
import { useGoBack } from '../../../lib/use-go-back';
import { coinAccount, currencyParam, walletListQuery } from '../../../lib/wallet-api';
import { withdrawInfoQuery } from '../../../lib/withdraw-info-api';
import { schemaResolver } from '../../../lib/zod-form';
import { type AddressForm, addressSchema, LABEL_MAX } from '../address-schema';
import { addAddress } from '../api/address-api';
import './address-create-page.css';
import { OwnCodeField } from '../../../components/contact-fields';
import { ControlledField, TextField } from '../../../components/controlled-field';
import { FundPasswordField } from '../../../components/fund-password-field';
import { SubmitButton } from '../../../components/submit-button';

const FIELDS = ['address', 'label', 'pay_password', 'code', 'chain'] as const;
const resolver = schemaResolver<AddressForm>(addressSchema);

/**
 * A new withdrawal address: coin, chain, address and label, confirmed by the fund password and a code
 * sent (scene `address`) to the contact the account was registered with.
 */
export function AddressCreatePage() {
  const { t } = useTranslation();
  // Saved: back where the user came from, or to the list when the form was opened from a link.
  const backToList = useGoBack(PATHS.addressList);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const wallet = useQuery(walletListQuery());
  const user = useQuery({ ...userCenterQuery(), staleTime: 0 });
  const { control, handleSubmit, setValue, watch, setError, formState } = useForm<AddressForm>({
    resolver,
    defaultValues: {
      currency: currencyParam(params.get('currency')) ?? 3,
      chain: params.get('chain') ?? '',
      address: '',
      label: '',
      pay_password: '',
      code: '',
    },
  });
  const currency = watch('currency');
  const chain = watch('chain');
  const info = useQuery(withdrawInfoQuery(currency));
  const chains = info.data?.chains ?? [];

  // A chain the coin does not have (after switching coins, or from a link) gives way to its first chain.
  useEffect(() => {
    if (chains.length > 0 && !chains.includes(chain)) setValue('chain', chains[0] ?? '');
  }, [chains, chain, setValue]);

  const mutation = useMutation({
    mutationFn: addAddress,
    onSuccess: async () => {
      showMessage(t('address.added'), 'success');
      await queryClient.invalidateQueries({ queryKey: addressBookKeys.all });
      backToList();
    },
    onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
  });

  const onSubmit = handleSubmit((v) =>
    mutation
      .mutateAsync({
        currency: v.currency,
        type: v.chain,
        address: v.address.trim(),
        label: v.label.trim() || undefined,
        pay_password: v.pay_password,
        code: v.code.trim(),
      })
      .catch(() => {}),
  );

  const title = t('address.create_title');
  if (wallet.isPending || user.isPending) {
    return (
      <Page title={title} testId="address-create-page">
        <PageLoader />
      </Page>
    );
  }
  if (!wallet.data || !user.data) {
    return (
      <Page title={title} testId="address-create-page">
        <ErrorState onRetry={() => void refetchAll(wallet, user)} />
      </Page>
    );
  }

  const coins = coinAccount(wallet.data);
  const _coin = coins.find((c) => c.currency_id === currency);
  const target = codeTargetOf(user.data);
  const hasPayPassword = user.data.has_pay_password;

  return (
    <Page title={title} testId="address-create-page">
      {!hasPayPassword ? <PayPasswordFirst testId="address-pay-password-first" /> : null}
      <form className="form-body" onSubmit={onSubmit} noValidate>
        <CoinPicker
          label={t('address.coin')}
          coins={coins}
          value={currency}
          onChoose={(id) => setValue('currency', id)}
          testId="address-coin"
        />

        <ControlledField control={control} name="chain" label={t('deposit.chain')}>
          {(field) => (
            <div className="address-chains">
              {info.isPending ? (
                <span className="form-note">{t('common.loading')}</span>
              ) : (
                <Segmented values={chains} value={field.value} onChange={field.onChange} testId="address-chain" size="small" />
              )}
            </div>
          )}
        </ControlledField>

        <TextField
          control={control}
          name="address"
          label={t('address.address')}
          testId="address-address"
          hint={t('address.address_hint', { chain: chain || '—' })}
          autoComplete="off"
          autoCapitalize="off"
          placeholder={t('address.address_placeholder')}
        />

        <TextField
          control={control}
          name="label"
          label={`${t('address.label')} (${t('common.optional')})`}
          testId="address-label"
          maxLength={LABEL_MAX}
          autoComplete="off"
          placeholder={t('address.label_placeholder')}
        />

        <FundPasswordField control={control} name="pay_password" testId="address-pay-password" />

        <OwnCodeField
          control={control}
          name="code"
          target={target}
          scene="address"
          testId="address-code"
          sendTestId="address-send-code"
        />

        <SubmitButton loading={formState.isSubmitting} disabled={!hasPayPassword} testId="address-submit">
          {t('address.save')}
        </SubmitButton>
      </form>
    </Page>
  );
}
