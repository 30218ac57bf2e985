import type { MatchTradeEvent } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState } from '../../../components/state-view';
import type { PairView } from '../../../lib/market-api';
import { formatAmount } from '../../../lib/number-format';
import './recent-trades.css';

const time = (ms: number) => {
  const d = new Date(ms);
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
};

/** The latest trades on the exchange's own book, newest first; buys green, sells red (the taker's side). */
export function RecentTrades({ pair, trades, loading }: { pair: PairView; trades: MatchTradeEvent[]; loading: boolean }) {
  const { t } = useTranslation();
  if (loading && trades.length === 0) return <PageLoader inline />;
  if (trades.length === 0) return <EmptyState text={t('trade.no_trades')} testId="trades-empty" />;
  return (
    <div className="recent-trades" data-testid="recent-trades">
      <div className="recent-trades__row recent-trades__row--head">
        <span>{t('trade.time')}</span>
        <span>{t('trade.price_unit', { coin: pair.legal_name })}</span>
        <span>{t('trade.amount_unit', { coin: pair.currency_name })}</span>
      </div>
      {trades.map((trade) => (
        <div key={trade.id} className="recent-trades__row" data-testid="recent-trade">
          <span className="recent-trades__time">{time(trade.time)}</span>
          <span className={trade.side === 'buy' ? 'trend-up' : 'trend-down'}>
            {formatAmount(trade.price, pair.price_decimals, pair.price_decimals)}
          </span>
          <span>{formatAmount(trade.amount, 8)}</span>
        </div>
      ))}
    </div>
  );
}
