import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { CoinIcon } from '../../../components/coin-icon';
import { formatAmount, formatMoney, formatPercent } from '../../../lib/number-format';
import type { WealthProduct } from '../api/wealth-api';
import { daysLabel } from '../days-label';
import './product-card.css';

/** One product on sale: coin and cycle, the daily yield up front, the minimum, and the way to buy. */
export function ProductCard({ product: p, onBuy }: { product: WealthProduct; onBuy: () => void }) {
  const { t } = useTranslation();
  return (
    <article className="finance-product" data-testid={`finance-product-${p.id}`}>
      <header className="finance-product__head">
        <CoinIcon icon={p.icon} name={p.currency_name} size={28} />
        <span className="finance-product__name">{p.currency_name}</span>
        <span className="finance-product__days tone-accent">{daysLabel(t, p.day)}</span>
      </header>
      <div className="finance-product__body">
        <div>
          <div className="finance-product__figure finance-product__figure--rate" data-testid="finance-product-rate">
            {formatPercent(p.interest_rate)}
          </div>
          <div className="fine-print finance-product__label">{t('finance.daily_yield')}</div>
        </div>
        <div>
          <div className="finance-product__figure">{formatPercent(p.total_rate)}</div>
          <div className="fine-print finance-product__label">{t('finance.total_return')}</div>
        </div>
        <div>
          <div className="finance-product__figure">{formatMoney(p.save_min, p.currency_name)}</div>
          <div className="fine-print finance-product__label">{t('finance.min_amount')}</div>
        </div>
      </div>
      <footer className="finance-product__foot">
        <span className="fine-print finance-product__label">
          {p.left !== null ? t('finance.quota_left', { amount: formatAmount(p.left, p.decimals), coin: p.currency_name }) : ''}
        </span>
        <Button color="primary" size="small" shape="rounded" onClick={onBuy} data-testid={`finance-buy-${p.id}`}>
          {t('finance.buy')}
        </Button>
      </footer>
    </article>
  );
}
