import { isPositiveDecimal } from '@app/shared';
import { useTranslation } from 'react-i18next';
import type { PairView } from '../../../lib/market-api';
import { formatAmount, formatMoney, formatPrice } from '../../../lib/number-format';
import type { MarketEstimate } from '../market-estimate';
import { placesOf } from '../steps';

/** The market order's estimate in the confirmation dialog. */
export function EstimateView({
  estimate,
  pair,
  side,
  quoteDecimals,
  band,
}: {
  estimate: MarketEstimate | undefined;
  pair: PairView;
  side: 'buy' | 'sell';
  quoteDecimals: number;
  band: string;
}) {
  const { t } = useTranslation();
  const lotDecimals = placesOf(pair.lot_size);
  if (!estimate) return <p data-testid="order-estimate-unavailable">{t('trade.estimate_unavailable', { band })}</p>;
  const price = (value: string | null) =>
    value === null ? '—' : `${formatPrice(value, pair.price_decimals)} ${pair.legal_name}`;
  return (
    <div className="order-estimate" data-testid="order-estimate">
      <dl className="fact-rows order-estimate__rows">
        <div>
          <dt>{t('trade.estimate_avg_price')}</dt>
          <dd data-testid="order-estimate-avg">{price(estimate.avgPrice)}</dd>
        </div>
        <div>
          <dt>{t('trade.estimate_filled')}</dt>
          <dd data-testid="order-estimate-filled">
            {formatAmount(estimate.filled, lotDecimals)} {pair.currency_name}
          </dd>
        </div>
        <div>
          <dt>{t('trade.estimate_fee')}</dt>
          <dd data-testid="order-estimate-fee">{formatMoney(estimate.fee, pair.legal_name, quoteDecimals)}</dd>
        </div>
        {estimate.limit !== null ? (
          <div>
            <dt>{t(side === 'buy' ? 'trade.estimate_limit_buy' : 'trade.estimate_limit_sell')}</dt>
            <dd data-testid="order-estimate-limit">{price(estimate.limit)}</dd>
          </div>
        ) : null}
      </dl>
      <p className="fine-print order-estimate__note">{t('trade.estimate_band_note', { band })}</p>
      {isPositiveDecimal(estimate.rest) && (estimate.cutByBand || side === 'sell') ? (
        <p className="order-estimate__warning" data-testid="order-estimate-rest">
          {side === 'sell'
            ? t('trade.estimate_rest_amount', { amount: `${formatAmount(estimate.rest, lotDecimals)} ${pair.currency_name}` })
            : t('trade.estimate_rest_total', { amount: formatMoney(estimate.rest, pair.legal_name, quoteDecimals) })}
        </p>
      ) : null}
    </div>
  );
}
