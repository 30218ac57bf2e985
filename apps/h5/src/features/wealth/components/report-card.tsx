import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/number-format';
import type { WealthReport } from '../api/wealth-api';
import './report-card.css';

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
        <div>
          <div className="finance-report__label">{t('finance.today_income')}</div>
          <div className="finance-report__figure" data-testid="finance-report-today">
            {value(report?.today_income)}
          </div>
        </div>
        <div>
          <div className="finance-report__label">{t('finance.total_income')}</div>
          <div className="finance-report__figure" data-testid="finance-report-total">
            {value(report?.total_income)}
          </div>
        </div>
      </div>
      {report?.demo_prices && report.coins.some((c) => c.currency_name !== 'USDT') ? (
        <div className="finance-report__note">{t('finance.valued_demo')}</div>
      ) : null}
    </section>
  );
}
