import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { Segmented } from '../../../components/segmented';
import { StateChip } from '../../../components/status-chip';
import { Dialog } from '../../../lib/antd-imperative';
import { formatDateTime } from '../../../lib/format';
import { showMessage } from '../../../lib/loading-indicator';
import { marketKeys, type PairView } from '../../../lib/market-api';
import { formatAmount, formatMoney, formatPrice, formatRate } from '../../../lib/number-format';
import { walletKeys } from '../../../lib/wallet-api';
import { cancelOrder, ordersQuery, type SpotOrder, type SpotStatus, sideOf, spotKeys } from '../api/spot-api';
import './order-list.css';
import { invalidateAll } from '../../../lib/query-client';

const STATUS_TONE: Record<SpotStatus, string> = {
  waiting: 'warning',
  completed: 'success',
  partially_filled: 'accent',
  cancelled: 'muted',
};

/** The history's filter: the finished states, each with its name. */
const HISTORY_STATUSES = {
  completed: 'trade.status.completed',
  partially_filled: 'trade.status.partially_filled',
  cancelled: 'trade.status.cancelled',
} as const;

function OrderCard({ order, pair, onCancel }: { order: SpotOrder; pair: PairView; onCancel?: (order: SpotOrder) => void }) {
  const { t } = useTranslation();
  const side = sideOf(order);
  const price = (value: string | null) => formatPrice(value, pair.price_decimals);
  // Amounts at their coin's display places (USDT in cents): the ledger keeps every digit, a card need not.
  const base = (value: string | null) => formatMoney(value, pair.currency_name);
  const quote = (value: string | null) => formatMoney(value, pair.legal_name);
  return (
    <div className="record-card order-card" data-testid={`order-${order.id}`} data-status={order.status}>
      <div className="record-card__head">
        <div className="record-card__title">
          <span className={`order-card__side tone-${side === 'buy' ? 'up' : 'down'}`}>{t(`trade.${side}`)}</span>
          <span>{order.symbol ?? pair.symbol}</span>
          <span className="order-card__kind">{t(`trade.${order.order_type}`)}</span>
        </div>
        {onCancel ? (
          <button
            type="button"
            className="order-card__cancel"
            onClick={() => onCancel(order)}
            data-testid={`order-cancel-${order.id}`}
          >
            {t('trade.cancel')}
          </button>
        ) : (
          <StateChip state={order.status} tones={STATUS_TONE} words="trade.status" testId={`order-status-${order.id}`} />
        )}
      </div>
      <div className="record-card__rows">
        <span className="record-card__label">{t('trade.order_price')}</span>
        <span className="record-card__value">{order.order_type === 'market' ? t('trade.market_price') : price(order.price)}</span>
        {order.amount !== null ? (
          <>
            <span className="record-card__label">{t('trade.order_amount')}</span>
            <span className="record-card__value">{base(order.amount)}</span>
          </>
        ) : (
          <>
            <span className="record-card__label">{t('trade.order_total')}</span>
            <span className="record-card__value">{quote(order.total)}</span>
          </>
        )}
        <span className="record-card__label">{t('trade.filled')}</span>
        <span className="record-card__value" data-testid={`order-filled-${order.id}`}>
          {base(order.filled)}
        </span>
        <span className="record-card__label">{t('trade.filled_total')}</span>
        <span className="record-card__value" data-testid={`order-filled-total-${order.id}`}>
          {quote(order.filled_total)}
        </span>
        <span className="record-card__label">{t('trade.avg_price')}</span>
        <span className="record-card__value">{price(order.avg_price)}</span>
        <span className="record-card__label">{t('trade.fee')}</span>
        <span className="record-card__value" data-testid={`order-fee-${order.id}`}>
          {formatAmount(order.fee, 8)} {order.fee_currency}
        </span>
      </div>
      {(order.status === 'cancelled' || order.status === 'partially_filled') && order.cancel_reason ? (
        <div className="order-card__reason" data-testid={`order-reason-${order.id}`}>
          {t(`trade.cancel_reason.${order.cancel_reason}`, {
            band: formatRate(order.price_band ?? '0'),
            defaultValue: t('trade.status.cancelled'),
          })}
        </div>
      ) : null}
      <div className="order-card__time">{formatDateTime(order.created_at)}</div>
    </div>
  );
}

/** The user's orders on this pair: open ones (cancellable) or the history (filled, cancelled). */
/** Memoised: the pages hand it the pair's listing, so live ticks do not re-render the list. */
export const OrderList = memo(function OrderList({ pair, view }: { pair: PairView; view: 'open' | 'history' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [historyStatus, setHistoryStatus] = useState<keyof typeof HISTORY_STATUSES>('completed');
  const status: SpotStatus = view === 'open' ? 'waiting' : historyStatus;
  const query = useInfiniteQuery(ordersQuery(pair, status));
  const cancel = useMutation({
    mutationFn: cancelOrder,
    onSuccess: async () => {
      showMessage(t('trade.cancelled'), 'success');
      await invalidateAll(queryClient, [spotKeys.all, walletKeys.all, marketKeys.depth(pair.symbol)]);
    },
  });

  const confirmCancel = async (order: SpotOrder) => {
    const ok = await Dialog.confirm({
      content: t('trade.cancel_confirm'),
      confirmText: t('trade.cancel'),
      cancelText: t('common.close'),
    });
    if (ok) await cancel.mutateAsync(order.id).catch(() => {});
  };

  return (
    <div className="order-list" data-testid={`orders-${view}`}>
      {view === 'history' ? (
        <div className="order-list__filter">
          <Segmented
            size="small"
            labels={HISTORY_STATUSES}
            value={historyStatus}
            onChange={setHistoryStatus}
            testId="orders-history-status"
          />
        </div>
      ) : null}
      <PagedList
        query={query}
        renderItem={(order) => <OrderCard order={order} pair={pair} onCancel={view === 'open' ? confirmCancel : undefined} />}
        emptyText={view === 'open' ? t('trade.no_open_orders') : t('trade.no_history')}
        testId={`orders-${view}-list`}
      />
    </div>
  );
});
