import { compareDecimal } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { DemoBadge } from '../../../components/demo-badge';
import { formatDateTime } from '../../../lib/format';
import { formatAmount, formatPercent } from '../../../lib/number-format';
import type { SubscriptionOrder } from '../api/subscription-api';
import { PhaseChip } from './phase-chip';

function Row({ label, value, testId, tone }: { label: string; value: string; testId?: string; tone?: 'up' | 'down' }) {
  return (
    <>
      <span className="record-card__label">{label}</span>
      <span className={`record-card__value${tone ? ` publication-${tone}` : ''}`} data-testid={testId}>
        {value}
      </span>
    </>
  );
}

/**
 * One of the user's subscriptions: what was paid, the state, the coins (expected until the
 * allocation, then allocated), the refund, and the returns at the current price.
 */
export function OrderCard({ row: order }: { row: SubscriptionOrder }) {
  const { t } = useTranslation();
  const pay = order.subscribe_currency_name;
  const coin = order.new_currency_name;
  const signed = (v: string) => `${compareDecimal(v, '0') > 0 ? '+' : ''}${formatAmount(v)}`;
  const tone = (v: string) => (compareDecimal(v, '0') > 0 ? 'up' : compareDecimal(v, '0') < 0 ? 'down' : undefined);
  return (
    <div className="record-card" data-testid="publication-order" data-id={order.id} data-phase={order.exam_status}>
      <div className="record-card__head">
        <span className="record-card__title">
          {coin}
          <span className="publication-card__name">{order.name}</span>
        </span>
        <PhaseChip phase={order.exam_status} testId="publication-order-phase" />
      </div>
      <div className="record-card__rows">
        <Row
          label={t('publication.subscribed_amount')}
          value={`${formatAmount(order.amount)} ${pay}`}
          testId="publication-order-amount"
        />
        <Row
          label={order.allocated ? t('publication.allocated') : t('publication.expected_coins')}
          value={`${formatAmount(order.quantity)} ${coin}`}
          testId="publication-order-quantity"
        />
        <Row label={t('publication.paid')} value={`${formatAmount(order.cost)} ${pay}`} />
        {order.refund !== null ? (
          <Row label={t('publication.refund')} value={`${formatAmount(order.refund)} ${pay}`} testId="publication-order-refund" />
        ) : null}
        <Row
          label={order.price_source === 'market' ? t('publication.market_price') : t('publication.issue_price')}
          value={`${formatAmount(order.price, 10)} ${pay}`}
        />
        <Row
          label={t('publication.current_value')}
          value={`${formatAmount(order.expected_gross_return)} ${pay}`}
          testId="publication-order-value"
        />
        {/* The return is what the coins are worth beyond what was paid, not the value itself. */}
        <Row
          label={t('publication.gross_return')}
          value={`${signed(order.accumulated_return)} ${pay}`}
          tone={tone(order.accumulated_return)}
          testId="publication-order-gross"
        />
        {order.locked || order.unlocked_at ? (
          <Row
            label={t('publication.accumulated_return')}
            value={`${signed(order.accumulated_return)} ${pay}`}
            tone={tone(order.accumulated_return)}
            testId="publication-order-return"
          />
        ) : null}
        <Row
          label={t('publication.return_rate')}
          value={formatPercent(order.total_return_rate)}
          tone={tone(order.total_return_rate)}
          testId="publication-order-rate"
        />
        <Row label={t('publication.completion_time')} value={formatDateTime(order.completion_time)} />
      </div>
      {order.locked ? (
        <div className="record-card__note tone-danger" data-testid="publication-order-locked">
          {t('publication.locked_until', { time: formatDateTime(order.completion_time) })}
        </div>
      ) : null}
      {order.demo_prices ? <DemoBadge testId="publication-order-demo" /> : null}
      <div className="record-card__time">{formatDateTime(order.created_at)}</div>
    </div>
  );
}
