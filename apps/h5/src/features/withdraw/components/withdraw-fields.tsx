import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BalanceAmountField } from '../../../components/balance-amount-field';
import { TextField } from '../../../components/controlled-field';
import { formatAmount } from '../../../lib/number-format';
import type { WithdrawInfo } from '../../../lib/withdraw-info-api';
import { REMARK_MAX, type WithdrawForm } from '../withdraw-schema';

/** The amount to withdraw, with the balance under it and "all" beside it. */
export function WithdrawAmountField({
  control,
  data,
  onAll,
}: {
  control: Control<WithdrawForm>;
  data: WithdrawInfo;
  onAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <BalanceAmountField
      control={control}
      name="number"
      label={t('withdraw.amount')}
      placeholder={t('withdraw.amount_placeholder', { min: formatAmount(data.min, data.decimals) })}
      coin={data}
      onAll={onAll}
      testIdPrefix="withdraw"
    />
  );
}

/** The fee, the minimum, what arrives and what leaves the balance, and today's remaining withdrawals. */
export function WithdrawSummary({ data, number, total }: { data: WithdrawInfo; number: string; total: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="withdraw-summary fact-list fact-list--figures fact-list--boxed" data-testid="withdraw-summary">
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
    </>
  );
}

/** An optional note the user keeps with the withdrawal. */
export function WithdrawRemarkField({ control }: { control: Control<WithdrawForm> }) {
  const { t } = useTranslation();
  return (
    <TextField
      control={control}
      name="remark"
      label={`${t('withdraw.remark')} (${t('common.optional')})`}
      testId="withdraw-remark"
      maxLength={REMARK_MAX}
      autoComplete="off"
      placeholder={t('withdraw.remark_placeholder')}
    />
  );
}
