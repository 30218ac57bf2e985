import { REVIEW_STATUS } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import { type ReactNode, useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ChoiceSheet, ChoiceTrigger } from '../../../components/choice-sheet';
import { CoinIcon } from '../../../components/coin-icon';
import { FormField } from '../../../components/form-field';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { Segmented } from '../../../components/segmented';
import { Callout, EmptyState, ErrorState } from '../../../components/state-view';
import { userCenterQuery } from '../../../lib/account-api';
import { addressBookQuery } from '../../../lib/address-book-api';
import { bankCardQuery } from '../../../lib/bank-card-api';
import { sanitizeAmountInput } from '../../../lib/decimal';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { maskCardNumber, shortAddress } from '../../../lib/format';
import { showMessage } from '../../../lib/loading-indicator';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { coinAccount, currencyParam, walletKeys, walletListQuery } from '../../../lib/wallet-api';
import { withdrawInfoQuery } from '../../../lib/withdraw-info-api';
import { schemaResolver } from '../../../lib/zod-form';
import { requestWithdrawal } from '../api/withdraw-api';
import { maxWithdrawable, REMARK_MAX, totalDeducted, type WithdrawForm, withdrawSchema } from '../withdraw-schema';
import './withdraw-detail-page.css';
import './withdraw-bank-page.css';
import { FundPasswordField } from '../../../components/fund-password-field';

const FIELDS = ['address_id', 'number', 'remark', 'pay_password'] as const;

/**
 * Withdraw, step two: chain, an address from the address book, the amount (with "all", the fee, the
 * minimum and what arrives), today's remaining withdrawals, an optional remark and the fund password.
 * With `mode="bank"` the destination is the user's bound bank card instead of a chain address (the
 * spec's withdraw/bank page); everything else is the same request, reviewed the same way.
 */
export function WithdrawDetailPage({ mode = 'chain' }: { mode?: 'chain' | 'bank' }) {
  const bank = mode === 'bank';
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const currency = currencyParam(params.get('currency')) ?? 3;
  const info = useQuery(withdrawInfoQuery(currency));
  const book = useQuery({ ...addressBookQuery(currency), enabled: !bank });
  const card = useQuery({ ...bankCardQuery(), enabled: bank });
  const user = useQuery({ ...userCenterQuery(), staleTime: 0 });
  const wallet = useQuery(walletListQuery());
  const [chosenChain, setChosenChain] = useState<string>();
  const [sheetOpen, setSheetOpen] = useState(false);

  const { control, handleSubmit, setValue, watch, setError } = useForm<WithdrawForm>({
    resolver: (values, context, options) =>
      schemaResolver<WithdrawForm>(withdrawSchema(info.data, { needsAddress: !bank }))(values, context, options),
    defaultValues: { address_id: 0, number: '', remark: '', pay_password: '' },
  });

  const mutation = useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: async () => {
      showMessage(t('withdraw.submitted'), 'success');
      await queryClient.invalidateQueries({ queryKey: walletKeys.all });
      await queryClient.invalidateQueries({ queryKey: walletKeys.records });
      navigate(`${PATHS.assetsRecord}?tab=withdraw`, { replace: true });
    },
    onError: async (error) => {
      applyServerFieldErrors(error, setError, FIELDS);
      // The fund password or the daily count may have changed elsewhere: show the page's current truth.
      await Promise.all([user.refetch(), info.refetch()]);
    },
  });

  const coin = coinAccount(wallet.data).find((c) => c.currency_id === currency);
  const data = info.data;
  const entries = book.data ?? [];
  // Default chain: the first that has an address in the book, so a returning user has nothing to pick.
  const chain = chosenChain ?? data?.chains.find((c) => entries.some((e) => e.chain === c)) ?? data?.chains[0] ?? '';
  const chainEntries = entries.filter((e) => e.chain === chain);
  const addressId = watch('address_id');
  const number = watch('number');
  const selected = chainEntries.find((e) => e.id === addressId);
  // The only saved address of the chain is the one to use: preselected, nothing to pick.
  const onlyEntry = chainEntries.length === 1 ? chainEntries[0] : undefined;
  useEffect(() => {
    if (onlyEntry && addressId !== onlyEntry.id) setValue('address_id', onlyEntry.id, { shouldValidate: false });
  }, [onlyEntry?.id]);

  const onSubmit = handleSubmit((v) =>
    mutation
      .mutateAsync({
        currency,
        number: v.number.trim(),
        ...(bank ? { method: 'bank' as const } : { address_id: v.address_id }),
        pay_password: v.pay_password,
        remark: v.remark.trim() || undefined,
      })
      .catch(() => {}),
  );

  const title = bank
    ? t('withdraw.bank_title')
    : t('withdraw.title_coin', { coin: data?.currency_name ?? coin?.currency_name ?? '' });
  const wrap = (body: ReactNode) => (
    <Page
      title={title}
      testId={bank ? 'withdraw-bank-page' : 'withdraw-detail-page'}
      navRight={
        <button
          type="button"
          className="text-link"
          onClick={() => navigate(`${PATHS.assetsRecord}?tab=withdraw`)}
          data-testid="withdraw-detail-records"
        >
          {t('withdraw.records')}
        </button>
      }
    >
      {body}
    </Page>
  );

  const destination = bank ? card : book;
  if (info.isPending || destination.isPending || user.isPending) return wrap(<PageLoader />);
  if (!data || destination.isError || !user.data) {
    return wrap(
      <ErrorState
        onRetry={() => {
          void info.refetch();
          void destination.refetch();
          void user.refetch();
        }}
      />,
    );
  }
  if (bank && !card.data) {
    return wrap(
      <EmptyState
        text={t('withdraw.bank_none')}
        testId="withdraw-bank-empty"
        action={
          <Button color="primary" shape="rounded" onClick={() => navigate(PATHS.bankAdd)} data-testid="withdraw-bank-bind">
            {t('bank.add')}
          </Button>
        }
      />,
    );
  }

  const verified = user.data.review_status === REVIEW_STATUS.verified;
  const hasPayPassword = user.data.has_pay_password;
  const noneLeft = data.withdrawals_left_today <= 0;
  const total = totalDeducted(number.trim(), data.fee);
  const max = maxWithdrawable(data);
  const addressCreate = `${PATHS.addressCreate}?currency=${currency}&chain=${encodeURIComponent(chain)}`;

  return wrap(
    <>
      {!verified ? (
        <Callout
          tone="danger"
          testId="withdraw-verify-first"
          action={
            <button type="button" className="text-link" onClick={() => navigate(PATHS.verification)}>
              {t('withdraw.verify_now')}
            </button>
          }
        >
          {t('errors.real_name_required')}
        </Callout>
      ) : null}
      {!hasPayPassword ? (
        <Callout
          testId="withdraw-pay-password-first"
          action={
            <button
              type="button"
              className="text-link"
              onClick={() => navigate(PATHS.changePayPassword)}
              data-testid="withdraw-set-pay-password"
            >
              {t('withdraw.set_now')}
            </button>
          }
        >
          {t('errors.pay_password_not_set')}
        </Callout>
      ) : null}
      {noneLeft ? <Callout tone="danger">{t('errors.withdraw_limit_reached')}</Callout> : null}

      <form className="form-body" onSubmit={onSubmit} noValidate>
        <div className="withdraw-coin">
          {coin ? <CoinIcon icon={coin.icon} name={coin.currency_name} size={28} /> : null}
          <span className="withdraw-coin__name">{data.currency_name}</span>
          <button type="button" className="text-link" onClick={() => navigate(PATHS.withdraw)} data-testid="withdraw-change-coin">
            {t('deposit.change_coin')}
          </button>
        </div>

        {bank && card.data ? (
          <section className="withdraw-bank-card" data-testid="withdraw-bank-card">
            <div className="withdraw-bank-card__bank">{card.data.bank_name}</div>
            <div className="withdraw-bank-card__number">{maskCardNumber(card.data.card_number)}</div>
            <div className="withdraw-bank-card__holder">{card.data.holder_name}</div>
          </section>
        ) : (
          <>
            <FormField label={t('deposit.chain')}>
              <div className="withdraw-chains">
                <Segmented
                  options={data.chains.map((c) => ({ value: c, label: c }))}
                  value={chain}
                  onChange={(c) => {
                    setChosenChain(c);
                    setValue('address_id', 0);
                  }}
                  testId="withdraw-chain"
                  size="small"
                />
              </div>
            </FormField>

            <Controller
              control={control}
              name="address_id"
              render={({ fieldState }) => (
                <FormField
                  label={t('withdraw.address')}
                  error={
                    fieldState.error
                      ? chainEntries.length === 0
                        ? t('withdraw.address_none_on_chain', { chain })
                        : t('withdraw.address_choose')
                      : undefined
                  }
                  testId="withdraw-address"
                  hint={
                    <button
                      type="button"
                      className="text-link"
                      onClick={() => navigate(addressCreate)}
                      data-testid="withdraw-add-address"
                    >
                      {t('withdraw.add_address')}
                    </button>
                  }
                >
                  {chainEntries.length === 0 ? (
                    <button
                      type="button"
                      className="withdraw-address-empty"
                      onClick={() => navigate(addressCreate)}
                      data-testid="withdraw-no-address"
                    >
                      {entries.length === 0 ? t('withdraw.address_first') : t('withdraw.address_none_on_chain', { chain })}
                    </button>
                  ) : (
                    <ChoiceTrigger
                      onClick={() => setSheetOpen(true)}
                      testId="withdraw-address-pick"
                      placeholder={t('withdraw.address_pick')}
                    >
                      {selected ? (
                        <span className="withdraw-address-value">
                          {selected.label ? <strong>{selected.label}</strong> : null}
                          <span>{shortAddress(selected.address, 8)}</span>
                        </span>
                      ) : undefined}
                    </ChoiceTrigger>
                  )}
                </FormField>
              )}
            />
          </>
        )}

        <Controller
          control={control}
          name="number"
          render={({ field, fieldState }) => (
            <FormField
              label={t('withdraw.amount')}
              error={fieldState.error?.message}
              testId="withdraw-amount"
              hint={
                <span data-testid="withdraw-available">
                  {t('transfer.available', { amount: formatAmount(data.available, data.decimals), coin: data.currency_name })}
                </span>
              }
              suffix={
                <span className="amount-suffix">
                  <span>{data.currency_name}</span>
                  <button
                    type="button"
                    className="text-link"
                    onClick={() => setValue('number', max, { shouldValidate: true })}
                    data-testid="withdraw-all"
                  >
                    {t('transfer.all')}
                  </button>
                </span>
              }
            >
              <Input
                value={field.value}
                onChange={(v) => field.onChange(sanitizeAmountInput(v, data.decimals))}
                onBlur={field.onBlur}
                inputMode="decimal"
                autoComplete="off"
                placeholder={t('withdraw.amount_placeholder', { min: formatAmount(data.min, data.decimals) })}
              />
            </FormField>
          )}
        />

        <dl className="withdraw-summary" data-testid="withdraw-summary">
          <dt>{t('withdraw.fee')}</dt>
          <dd data-testid="withdraw-fee">
            {formatAmount(data.fee, data.decimals)} {data.currency_name}
          </dd>
          <dt>{t('withdraw.minimum')}</dt>
          <dd data-testid="withdraw-min">
            {formatAmount(data.min, data.decimals)} {data.currency_name}
          </dd>
          <dt>{t('withdraw.receive')}</dt>
          <dd data-testid="withdraw-receive">
            {total ? `${formatAmount(number.trim(), data.decimals)} ${data.currency_name}` : '—'}
          </dd>
          <dt>{t('withdraw.total')}</dt>
          <dd data-testid="withdraw-total">{total ? `${formatAmount(total, data.decimals)} ${data.currency_name}` : '—'}</dd>
          <dt>{t('withdraw.left_today')}</dt>
          <dd data-testid="withdraw-left">
            {t('withdraw.left_value', { left: data.withdrawals_left_today, limit: data.daily_limit })}
          </dd>
        </dl>
        <p className="form-note withdraw-arrival">{t('withdraw.arrival', { count: data.arrival_hours })}</p>

        <Controller
          control={control}
          name="remark"
          render={({ field, fieldState }) => (
            <FormField
              label={`${t('withdraw.remark')} (${t('common.optional')})`}
              error={fieldState.error?.message}
              testId="withdraw-remark"
            >
              <Input
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                maxLength={REMARK_MAX}
                autoComplete="off"
                placeholder={t('withdraw.remark_placeholder')}
              />
            </FormField>
          )}
        />

        <FundPasswordField control={control} name="pay_password" testId="withdraw-pay-password" />

        <div className="form-actions">
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            shape="rounded"
            disabled={noneLeft || !hasPayPassword}
            loading={mutation.isPending}
            data-testid="withdraw-submit"
          >
            {t('withdraw.submit')}
          </Button>
        </div>
      </form>

      <ChoiceSheet
        open={sheetOpen}
        title={t('withdraw.address_pick')}
        choices={chainEntries.map((e) => ({
          value: e.id,
          label: e.label || e.chain,
          extra: e.address,
        }))}
        value={addressId || undefined}
        onChoose={(id) => setValue('address_id', id, { shouldValidate: true })}
        onClose={() => setSheetOpen(false)}
        testId="withdraw-address-option"
      />
    </>,
  );
}
