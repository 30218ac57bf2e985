import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/number-format';
import type { WealthReport } from '../api/wealth-api';
import './report-card.css';

/** The two incomes under the principal, each under its label (`finance.<field>`). */
const INCOMES = [
  { field: 'today_income', testId: 'finance-report-today' },
  { field: 'total_income', testId: 'finance-report-total' },
] as const;

/** The hosting summary: principal in hosting, today's income and cumulative income (USDT value). */
export function ReportCard({ report }: { report: WealthReport | undefined }) {
  const { t } = useTranslation();
  const value = (v: string | undefined) => (v === undefined ? '—' : formatAmount(v, 2, 2));
  return (
    <section className="finance-report hero-card" data-testid="finance-report">
      <div className="finance-report__label">{t('finance.hosting_amount')}</div>
      <div className="finance-report__value hero-card__value">
        <span data-testid="finance-report-amount">{value(report?.amount)}</span>
        <span className="finance-report__unit hero-card__unit">USDT</span>
      </div>
      <div className="finance-report__grid">
        {INCOMES.map(({ field, testId }) => (
          <div key={field}>
            <div className="finance-report__label">{t(`finance.${field}`)}</div>
            <div className="finance-report__figure" data-testid={testId}>
              {value(report?.[field])}
            </div>
          </div>
        ))}
      </div>
      {report?.demo_prices && report.coins.some((c) => c.currency_name !== 'USDT') ? (
        <div className="finance-report__note">{t('finance.valued_demo')}</div>
      ) : null}
    </section>
  );
}
