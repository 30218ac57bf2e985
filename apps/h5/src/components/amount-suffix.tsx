import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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
