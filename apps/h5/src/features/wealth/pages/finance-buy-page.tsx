import { compareDecimal, truncateDecimal } from '@app/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { type ReactNode, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { FormField } from '../../../components/form-field';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { Callout, EmptyState, ErrorState, StateAction } from '../../../components/state-view';
import { ApiError } from '../../../lib/api';
import { errorText } from '../../../lib/form-errors';
import { showMessage } from '../../../lib/loading-indicator';
import { formatAmount, formatMoney, formatPercent } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { walletKeys } from '../../../lib/wallet-api';
import { buyProduct, productInfoQuery, wealthKeys } from '../api/wealth-api';
import { daysLabel } from '../days-label';
import { buyAmountError, incomeOver } from '../wealth-math';
import './finance-buy-page.css';
import { AmountInput } from '../../../components/amount-input';
import { AmountSuffix } from '../../../components/amount-suffix';
import { PrimaryButton } from '../../../components/primary-button';
import { TextLink } from '../../../components/text-link';
import { invalidateAll } from '../../../lib/query-client';

/** Spec section 9: the buy page states the maximum expected yield for 30 days. */
const PREVIEW_DAYS = 30;

const DAY_MS = 86_400_000;
const utcDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Buy a product: the amount (with the available coin balance and "all"), the expected income of the
 * cycle and the maximum expected yield for 30 days, when interest starts and the principal returns,
 * and the service agreement, which must be ticked.
 */
export function FinanceBuyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const info = useQuery({ ...productInfoQuery(id), enabled: id > 0 });
  const [amount, setAmount] = useState('');
  const [agree, setAgree] = useState(false);
  const [errors, setErrors] = useState<{ amount?: string; agree?: string }>({});

  const mutation = useMutation({
    mutationFn: buyProduct,
    onSuccess: async () => {
      showMessage(t('finance.bought'), 'success');
      await invalidateAll(queryClient, [wealthKeys.all, walletKeys.all]);
      navigate(PATHS.financeOrders, { replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      void info.refetch();
    },
  });

  const wrap = (body: ReactNode) => (
    <Page
      title={t('finance.buy_title')}
      testId="finance-buy-page"
      navRight={
        <TextLink to={PATHS.financeRules} testId="finance-buy-rules">
          {t('finance.rules')}
        </TextLink>
      }
    >
      {body}
    </Page>
  );
  // Opened without a product (a bare link): nothing failed to load, the user has yet to choose one.
  if (id <= 0)
    return wrap(
      <EmptyState
        text={t('finance.choose_product')}
        testId="finance-buy-no-product"
        action={
          <StateAction onClick={() => navigate(PATHS.finance)} testId="finance-buy-see-products">
            {t('finance.see_products')}
          </StateAction>
        }
      />,
    );
  if (info.isPending) return wrap(<PageLoader />);
  if (!info.data) return wrap(<ErrorState onRetry={() => void info.refetch()} />);
  const p = info.data;
  const cycle = incomeOver(amount, p.interest_rate, p.day, p.decimals);
  const month = incomeOver(amount, p.interest_rate, PREVIEW_DAYS, p.decimals);
  // "All": what the balance allows, within the product's maximum.
  const all = truncateDecimal(compareDecimal(p.available, p.save_max) > 0 ? p.save_max : p.available, p.decimals);
  const today = Math.floor(Date.now() / DAY_MS);

  const submit = () => {
    const amountError = buyAmountError(amount, p);
    const next = { amount: amountError, agree: agree ? undefined : 'agreement_required' };
    setErrors(next);
    if (next.amount || next.agree) return;
    mutation.mutate({ config_id: p.id, amount: amount.trim(), agree });
  };

  return wrap(
    <div className="form-body">
      {p.status !== 'active' ? <Callout tone="danger">{t('errors.wealth_product_paused')}</Callout> : null}
      <section className="finance-buy-head" data-testid="finance-buy-product">
        <CoinIcon icon={p.icon} name={p.currency_name} size={32} />
        <div className="finance-buy-head__main">
          <div className="finance-buy-head__name">
            {p.currency_name} · {daysLabel(t, p.day)}
          </div>
          <div className="fine-print finance-buy-head__sub">
            {t('finance.limits', {
              min: formatAmount(p.save_min, p.decimals),
              max: formatAmount(p.save_max, p.decimals),
              coin: p.currency_name,
            })}
          </div>
        </div>
        <div className="fine-print finance-buy-head__rate">
          <strong>{formatPercent(p.interest_rate)}</strong>
          <span>{t('finance.daily_yield')}</span>
        </div>
      </section>

      <FormField
        label={t('finance.amount')}
        error={errors.amount}
        testId="finance-amount"
        hint={
          <span data-testid="finance-available">
            {t('finance.available', { amount: formatAmount(p.available, p.decimals), coin: p.currency_name })}
          </span>
        }
        suffix={
          <AmountSuffix
            unit={p.currency_name}
            onAll={() => {
              setAmount(all);
              setErrors((e) => ({ ...e, amount: undefined }));
            }}
            testId="finance-all"
          />
        }
      >
        <AmountInput
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
          decimals={p.decimals}
          placeholder={t('finance.amount_placeholder', { min: formatAmount(p.save_min, p.decimals) })}
        />
      </FormField>

      <dl className="finance-buy-summary" data-testid="finance-buy-summary">
        <dt>{t('finance.cycle')}</dt>
        <dd>{daysLabel(t, p.day)}</dd>
        <dt>{t('finance.expected_income')}</dt>
        <dd data-testid="finance-expected">{cycle === null ? '—' : `${formatMoney(cycle, p.currency_name)}`}</dd>
        <dt>{t('finance.max_yield_30', { rate: p.max_rate_30 })}</dt>
        <dd data-testid="finance-max-30">{month === null ? '—' : `${formatMoney(month, p.currency_name)}`}</dd>
        <dt>{t('finance.interest_starts')}</dt>
        <dd data-testid="finance-start">{utcDate((today + 1) * DAY_MS)}</dd>
        <dt>{t('finance.matures')}</dt>
        <dd data-testid="finance-end">{utcDate((today + p.day) * DAY_MS)}</dd>
        <dt>{t('finance.early_redemption')}</dt>
        <dd>{t('finance.damages_rule_short', { rate: p.penalty_rate })}</dd>
      </dl>

      <div className="finance-agree" data-testid="finance-agree">
        <Checkbox
          checked={agree}
          onChange={(v) => {
            setAgree(v);
            if (v) setErrors((e) => ({ ...e, agree: undefined }));
          }}
          data-testid="finance-agree-box"
        >
          <Trans
            i18nKey="finance.agree"
            components={{
              rules: (
                <button
                  type="button"
                  className="text-link"
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(PATHS.financeRules);
                  }}
                />
              ),
            }}
          />
        </Checkbox>
        {errors.agree ? (
          <div className="form-field__error" role="alert" data-testid="finance-agree-error">
            {errorText(t, errors.agree)}
          </div>
        ) : null}
      </div>

      <div className="form-actions">
        <PrimaryButton disabled={p.status !== 'active'} loading={mutation.isPending} onClick={submit} testId="finance-submit">
          {t('finance.buy_now')}
        </PrimaryButton>
      </div>
    </div>,
  );
}
