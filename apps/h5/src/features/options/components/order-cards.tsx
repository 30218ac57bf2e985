import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSampleTime } from '../../../lib/format-time';
import { formatMoney, formatQuoted } from '../../../lib/number-format';
import type { OptionOrder } from '../api/options-api';
import { elapsedShare, formatCountdown, remainingMs } from '../countdown';
import './order-cards.css';

const resultKey = { 1: 'win', 0: 'flat', [-1]: 'loss' } as const;
const resultTone = { win: 'up', flat: 'muted', loss: 'down' } as const;

function Direction({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation();
  return (
    <span className={`option-card__dir tone-${type === 1 ? 'up' : 'down'}`}>
      {type === 1 ? t('option.up') : t('option.down')}
    </span>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="option-card__row">
      <span>{label}</span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
}

/**
 * An order waiting for delivery: its open sample, the live index, and a countdown to the end of its
 * delivery second (on the server's clock). At zero it says "delivering" until the settlement arrives.
 */
export function PendingCard({
  order,
  now,
  offset,
  livePrice,
}: {
  order: OptionOrder;
  now: number;
  offset: number;
  livePrice: string | undefined;
}) {
  const { t } = useTranslation();
  const left = remainingMs(order.delivery_at, now, offset);
  const share = elapsedShare(order, now + offset);
  return (
    <article className="option-card" data-testid={`option-pending-${order.id}`}>
      <header className="option-card__head">
        <span className="option-card__symbol">{order.symbol_name}</span>
        <Direction type={order.type} />
        <span className="option-card__countdown" data-testid={`option-countdown-${order.id}`} data-remaining={left}>
          {left > 0 ? formatCountdown(left) : t('option.delivering')}
        </span>
      </header>
      <div className="option-card__bar">
        <div className="option-card__bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <Row label={t('option.stake')} value={`${formatMoney(order.number, order.currency_name)}`} />
      <Row
        label={t('option.open_price')}
        value={order.open_price === null ? t('option.open_pending') : formatQuoted(order.open_price)}
        testId={`option-open-price-${order.id}`}
      />
      {order.open_price_time !== null ? (
        <Row label={t('option.open_time')} value={formatSampleTime(order.open_price_time)} />
      ) : null}
      <Row label={t('option.current_price')} value={formatQuoted(livePrice)} testId={`option-live-price-${order.id}`} />
      <Row label={t('option.delivery_at')} value={formatSampleTime(order.delivery_at)} />
      <Row label={t('option.ratios')} value={t('option.terms', { profit: order.profit_ratio, loss: order.loss_ratio })} />
    </article>
  );
}

/**
 * A delivered order: both samples with their times, the outcome and what came back. A void order (a
 * second it needed has no recorded sample) says why, and that its stake came back in full. `verify` is
 * the check of its samples, shown last.
 */
export function DeliveredCard({ order, verify }: { order: OptionOrder; verify?: ReactNode }) {
  const { t } = useTranslation();
  if (order.status === 'void') return <VoidCard order={order} />;
  const key = order.profit_result === null ? 'flat' : resultKey[order.profit_result];
  const profit = order.fact_profits ?? '0';
  return (
    <article className="option-card" data-testid={`option-delivered-${order.id}`}>
      <header className="option-card__head">
        <span className="option-card__symbol">{order.symbol_name}</span>
        <Direction type={order.type} />
        <span className={`option-card__result tone-${resultTone[key]}`} data-testid={`option-result-${order.id}`}>
          {t(`option.result.${key}`)}
        </span>
      </header>
      <Row label={t('option.stake')} value={`${formatMoney(order.number, order.currency_name)}`} />
      <Row label={t('option.open_price')} value={formatQuoted(order.open_price)} testId={`option-open-price-${order.id}`} />
      <Row label={t('option.open_time')} value={formatSampleTime(order.open_price_time)} />
      <Row label={t('option.delivery_price')} value={formatQuoted(order.end_price)} testId={`option-end-price-${order.id}`} />
      <Row
        label={t('option.delivery_time_sample')}
        value={formatSampleTime(order.end_price_time)}
        testId={`option-end-time-${order.id}`}
      />
      <Row
        label={t('option.profit')}
        value={`${profit.startsWith('-') || profit === '0' ? '' : '+'}${formatMoney(profit, order.currency_name)}`}
        testId={`option-profit-${order.id}`}
      />
      <Row label={t('option.payout')} value={`${formatMoney(order.payout ?? '0', order.currency_name)}`} />
      {verify}
    </article>
  );
}

function VoidCard({ order }: { order: OptionOrder }) {
  const { t } = useTranslation();
  return (
    <article className="option-card" data-testid={`option-delivered-${order.id}`}>
      <header className="option-card__head">
        <span className="option-card__symbol">{order.symbol_name}</span>
        <Direction type={order.type} />
        <span className="option-card__result option-card__result--void" data-testid={`option-result-${order.id}`}>
          {t('option.result.void')}
        </span>
      </header>
      <Row label={t('option.stake')} value={`${formatMoney(order.number, order.currency_name)}`} />
      <Row label={t('option.open_price')} value={formatQuoted(order.open_price)} testId={`option-open-price-${order.id}`} />
      {order.open_price_time !== null ? (
        <Row label={t('option.open_time')} value={formatSampleTime(order.open_price_time)} />
      ) : null}
      <Row label={t('option.delivery_at')} value={formatSampleTime(order.delivery_at)} />
      <Row
        label={t('option.payout')}
        value={`${formatMoney(order.payout ?? order.number, order.currency_name)}`}
        testId={`option-payout-${order.id}`}
      />
      <p className="option-card__note" data-testid={`option-void-reason-${order.id}`} data-reason={order.void_reason ?? ''}>
        {t(`option.void_reason.${order.void_reason ?? 'no_sample_delivery'}`)}
      </p>
    </article>
  );
}
