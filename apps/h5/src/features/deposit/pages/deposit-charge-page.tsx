import { sanitizeAmountInput } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Input from 'antd-mobile/es/components/input';
import { QRCodeSVG } from 'qrcode.react';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { CopyButton } from '../../../components/copy-button';
import { ImageUpload } from '../../../components/image-upload';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { Segmented } from '../../../components/segmented';
import { Callout, EmptyState, ErrorState } from '../../../components/state-view';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { PATHS } from '../../../lib/paths';
import { refetchAll } from '../../../lib/query-client';
import { coinAccount, currencyParam, walletKeys, walletListQuery } from '../../../lib/wallet-api';
import { withdrawInfoQuery } from '../../../lib/withdraw-info-api';
import { schemaResolver } from '../../../lib/zod-form';
import { bankInfoQuery, depositAddressesQuery, requestDeposit } from '../api/deposit-api';
import { type DepositForm, type DepositMode, depositSchema } from '../deposit-schema';
import './deposit-charge-page.css';
import { AmountInput } from '../../../components/amount-input';
import { ControlledField } from '../../../components/controlled-field';
import { SubmitButton } from '../../../components/submit-button';
import { TextLink } from '../../../components/text-link';

const FIELDS = ['amount', 'imgs', 'bank_name', 'card_number', 'transfer_amount'] as const;
const DEPOSIT_MODES = { chain: 'deposit.mode_chain', bank: 'deposit.mode_bank' } as const;
const EMPTY: DepositForm = { amount: '', imgs: '', bank_name: '', card_number: '', transfer_amount: '' };

/**
 * Deposit, step two: the platform's address on the chosen chain (QR code and copy), then the report
 * of what was sent with a proof picture. A bank-card mode appears when the operator has enabled it.
 */
export function DepositChargePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const currency = currencyParam(params.get('currency')) ?? 3;
  const wallet = useQuery(walletListQuery());
  const chains = useQuery(depositAddressesQuery(currency));
  const bank = useQuery(bankInfoQuery());
  // The coin's rules carry its deposit minimum, shown before the user types an amount.
  const rules = useQuery(withdrawInfoQuery(currency));
  const min = rules.data?.deposit_min;
  // The bank deposit entry (home's VIP card) opens the form on the bank tab.
  const [chosenMode, setMode] = useState<DepositMode>(params.get('mode') === 'bank' ? 'bank' : 'chain');
  const [chainName, setChainName] = useState<string>();

  const coin = coinAccount(wallet.data).find((c) => c.currency_id === currency);
  const bankInfo = bank.data ?? null;
  const mode: DepositMode = bankInfo ? chosenMode : 'chain';
  const chain = chains.data?.find((c) => c.name === chainName) ?? chains.data?.[0];
  const decimals = coin?.decimals ?? 8;

  const { control, handleSubmit, setError, clearErrors } = useForm<DepositForm>({
    resolver: (values, context, options) =>
      schemaResolver<DepositForm>(depositSchema(mode, decimals, min))(values, context, options),
    defaultValues: EMPTY,
  });

  const mutation = useMutation({
    mutationFn: requestDeposit,
    onSuccess: async () => {
      showMessage(t('deposit.submitted'), 'success');
      await queryClient.invalidateQueries({ queryKey: walletKeys.records });
      navigate(`${PATHS.assetsRecord}?tab=deposit`, { replace: true });
    },
    onError: (error) => applyServerFieldErrors(error, setError, FIELDS),
  });

  const onSubmit = handleSubmit((v) => {
    const common = { currency, amount: v.amount.trim(), imgs: v.imgs };
    const input =
      mode === 'bank'
        ? {
            ...common,
            method: 'bank' as const,
            bank_name: v.bank_name.trim(),
            card_number: v.card_number.trim(),
            transfer_amount: v.transfer_amount.trim(),
          }
        : { ...common, method: 'chain' as const, type: chain?.name ?? '' };
    return mutation.mutateAsync(input).catch(() => {});
  });

  const title = coin ? t('deposit.title_coin', { coin: coin.currency_name }) : t('sections.deposit');
  const wrap = (body: ReactNode) => (
    <Page title={title} testId="deposit-charge-page">
      {body}
    </Page>
  );

  if (wallet.isPending || chains.isPending || bank.isPending) return wrap(<PageLoader />);
  if (!wallet.data || !chains.data || bank.isError) {
    return wrap(<ErrorState onRetry={() => void refetchAll(wallet, chains, bank)} />);
  }
  if (!coin) return wrap(<EmptyState text={t('errors.currency_unknown')} />);

  const amountField = (
    <ControlledField
      control={control}
      name="amount"
      label={t('deposit.amount', { coin: coin.currency_name })}
      testId="deposit-amount"
      hint={min ? t('deposit.amount_min', { min, coin: coin.currency_name }) : t('deposit.amount_hint')}
      suffix={<span className="amount-unit">{coin.currency_name}</span>}
    >
      {(field) => (
        <AmountInput
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          decimals={decimals}
          placeholder={t('deposit.amount_placeholder')}
        />
      )}
    </ControlledField>
  );

  const text = (name: 'bank_name' | 'card_number' | 'transfer_amount', label: string, placeholder: string, numeric = false) => (
    <ControlledField control={control} name={name} label={label} testId={`deposit-${name.replace('_', '-')}`}>
      {(field) => (
        <Input
          value={field.value}
          onChange={(v) => field.onChange(name === 'transfer_amount' ? sanitizeAmountInput(v, 2) : v)}
          onBlur={field.onBlur}
          inputMode={numeric ? (name === 'transfer_amount' ? 'decimal' : 'numeric') : undefined}
          autoComplete="off"
          placeholder={placeholder}
        />
      )}
    </ControlledField>
  );

  return wrap(
    <>
      <div className="deposit-coin">
        <CoinIcon icon={coin.icon} name={coin.currency_name} size={28} />
        <span className="deposit-coin__name">{coin.currency_name}</span>
        <TextLink to={PATHS.deposit} testId="deposit-change-coin">
          {t('deposit.change_coin')}
        </TextLink>
      </div>

      {bankInfo ? (
        <div className="deposit-modes">
          <Segmented
            labels={DEPOSIT_MODES}
            value={mode}
            onChange={(next) => {
              setMode(next);
              clearErrors();
            }}
            testId="deposit-mode"
          />
        </div>
      ) : null}

      {mode === 'chain' ? (
        chains.data.length === 0 ? (
          <EmptyState text={t('deposit.no_chains', { coin: coin.currency_name })} testId="deposit-no-chains" />
        ) : chain ? (
          <>
            <section className="section-card deposit-address">
              <div className="deposit-address__label">{t('deposit.chain')}</div>
              <Segmented
                values={chains.data.map((c) => c.name)}
                value={chain.name}
                onChange={setChainName}
                testId="deposit-chain"
                size="small"
              />
              <div className="deposit-address__qr" data-testid="deposit-qr">
                <QRCodeSVG value={chain.in_address} size={176} marginSize={2} title={chain.in_address} />
              </div>
              <div className="deposit-address__label">{t('deposit.address')}</div>
              <div className="deposit-address__row">
                <span className="deposit-address__text" data-testid="deposit-address">
                  {chain.in_address}
                </span>
                <CopyButton text={chain.in_address} testId="deposit-copy" />
              </div>
            </section>
            <Callout testId="deposit-chain-warning">
              {t('deposit.chain_warning', { coin: coin.currency_name, chain: chain.name })}
            </Callout>
          </>
        ) : null
      ) : bankInfo ? (
        <section className="section-card deposit-bank" data-testid="deposit-bank-info">
          <h2 className="deposit-bank__title">{t('deposit.bank_to')}</h2>
          <dl className="deposit-bank__rows fact-list">
            <dt>{t('deposit.bank_name')}</dt>
            <dd>{bankInfo.bank_name}</dd>
            <dt>{t('deposit.account_name')}</dt>
            <dd>{bankInfo.account_name}</dd>
            <dt>{t('deposit.account_number')}</dt>
            <dd className="deposit-bank__number">
              <span data-testid="deposit-bank-account">{bankInfo.account_number}</span>
              <CopyButton text={bankInfo.account_number} testId="deposit-bank-copy" />
            </dd>
            {bankInfo.branch ? (
              <>
                <dt>{t('deposit.branch')}</dt>
                <dd>{bankInfo.branch}</dd>
              </>
            ) : null}
            {bankInfo.swift ? (
              <>
                <dt>SWIFT</dt>
                <dd>{bankInfo.swift}</dd>
              </>
            ) : null}
          </dl>
          {bankInfo.remark ? <p className="deposit-bank__remark">{bankInfo.remark}</p> : null}
        </section>
      ) : null}

      {mode === 'bank' || chain ? (
        <form className="form-body" onSubmit={onSubmit} noValidate>
          <h2 className="form-title">{t('deposit.report_title')}</h2>
          {amountField}
          {mode === 'bank' ? (
            <>
              {text('bank_name', t('deposit.your_bank'), t('deposit.your_bank_placeholder'))}
              {text('card_number', t('deposit.your_card'), t('deposit.your_card_placeholder'), true)}
              {text('transfer_amount', t('deposit.transfer_amount'), t('deposit.transfer_amount_placeholder'), true)}
            </>
          ) : null}
          <Controller
            control={control}
            name="imgs"
            render={({ field, fieldState }) => (
              <ImageUpload
                purpose="deposit_proof"
                label={t('deposit.proof')}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                testId="deposit-proof"
              />
            )}
          />
          <SubmitButton note={t('deposit.review_note')} loading={mutation.isPending} testId="deposit-submit">
            {t('deposit.submit')}
          </SubmitButton>
        </form>
      ) : null}
    </>,
  );
}
