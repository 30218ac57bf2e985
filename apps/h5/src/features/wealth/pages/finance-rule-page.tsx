import { subtractDecimal } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { damagesFor } from '../wealth-math';
import './finance-rule-page.css';

/** The spec's example (section 9): 0.4 % a day, 3 days left, 1000 USDT. */
const EXAMPLE = { rate: '0.4', days: 3, amount: '1000' };

/** The rules in words: how interest is earned, when the principal returns, and what leaving early costs. */
export function FinanceRulePage() {
  const { t } = useTranslation();
  const damages = damagesFor(EXAMPLE.amount, EXAMPLE.rate, EXAMPLE.days);
  const refund = subtractDecimal(EXAMPLE.amount, damages);
  return (
    <Page title={t('finance.rules')} testId="finance-rule-page">
      <article className="finance-rules">
        <section>
          <h2>{t('finance.rule.buy_title')}</h2>
          <p>{t('finance.rule.buy')}</p>
        </section>
        <section>
          <h2>{t('finance.rule.interest_title')}</h2>
          <p>{t('finance.rule.interest')}</p>
          <p>{t('finance.rule.yield_30')}</p>
        </section>
        <section>
          <h2>{t('finance.rule.maturity_title')}</h2>
          <p>{t('finance.rule.maturity')}</p>
        </section>
        <section>
          <h2>{t('finance.rule.redeem_title')}</h2>
          <p>{t('finance.rule.redeem')}</p>
          <p className="finance-rules__formula" data-testid="finance-rule-formula">
            {t('finance.rule.formula')}
          </p>
          <p className="finance-rules__example" data-testid="finance-rule-example">
            {t('finance.rule.example', { rate: EXAMPLE.rate, count: EXAMPLE.days, amount: EXAMPLE.amount, damages, refund })}
          </p>
          <p>{t('finance.rule.redeem_interest')}</p>
        </section>
      </article>
    </Page>
  );
}
