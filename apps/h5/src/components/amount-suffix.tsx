import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../lib/number-format';

/** What follows an amount input: its unit and an "All" link that fills in the most it may be. */
export function AmountSuffix({ unit, onAll, testId }: { unit: ReactNode; onAll: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <span className="amount-suffix">
      <span>{unit}</span>
      <button type="button" className="text-link" onClick={onAll} data-testid={testId}>
        {t('transfer.all')}
      </button>
    </span>
  );
}

/** What goes under an amount input: how much of the coin the user has available. */
export function AvailableHint({
  amount,
  decimals,
  coin,
  testId,
}: {
  amount: string;
  decimals: number | undefined;
  coin: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return <span data-testid={testId}>{t('transfer.available', { amount: formatAmount(amount, decimals), coin })}</span>;
}
