import type { LeverMarkEvent, LeverPosition } from '@app/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { formatAmount, formatPercent, formatQuoted } from '../../../lib/number-format';

export type Mark = LeverMarkEvent['positions'][number];

type Props = {
  position: LeverPosition;
  /** The latest pushed mark of a holding position (newer than the listed figures). */
  mark?: Mark;
  decimals: number;
  onClose?: (p: LeverPosition) => void;
  onCancel?: (p: LeverPosition) => void;
  onStops?: (p: LeverPosition) => void;
};

const sign = (v: string | null) => (v === null ? 'flat' : v.startsWith('-') ? 'down' : v === '0' ? 'flat' : 'up');

/** One position: entry, current price, PnL, margin, risk rate, liquidation price, stops and actions. */
export function PositionCard({ position: p, mark, decimals, onClose, onCancel, onStops }: Props) {
  const { t } = useTranslation();
  const current = mark?.current_price ?? p.current_price;
  const profits = mark?.profits ?? p.profits;
  const risk = mark?.risk_rate ?? p.risk_rate;
  const value = mark?.market_value ?? p.market_value;
  const money = (v: string | null) => (v === null ? '—' : formatAmount(v, decimals));
  const rows: [string, ReactNode, string][] = [];
  const add = (label: string, v: ReactNode, id: string) => rows.push([label, v, id]);

  if (p.status_name === 'entrusted') {
    add(t('lever.limit_price'), formatQuoted(p.target_price), 'target');
    add(t('lever.current_price'), formatQuoted(current), 'current');
  } else {
    add(t('lever.open_price'), formatQuoted(p.open_price), 'open');
    add(p.status_name === 'closed' ? t('lever.close_price') : t('lever.current_price'), formatQuoted(current), 'current');
  }
  add(t('lever.lots'), `${p.share} × ${p.lever_share_num}`, 'lots');
  add(t('lever.margin'), money(p.margin), 'margin');
  add(t('lever.fee'), money(p.fee), 'fee');
  if (p.status_name === 'holding') {
    add(t('lever.market_value'), money(value), 'value');
    add(t('lever.risk_rate'), formatPercent(risk), 'risk');
    add(t('lever.liquidation_price'), formatQuoted(p.liquidation_price), 'liquidation');
  }
  if (p.status_name === 'closed') {
    add(t('lever.close_fee'), money(p.close_fee), 'close-fee');
    add(t('lever.close_reason'), t(`lever.reason.${p.close_reason ?? 'user'}`), 'reason');
  }
  if (p.target_profit_price || p.stop_loss_price || p.status_name === 'holding') {
    add(t('lever.stop_profit_price'), formatQuoted(p.target_profit_price), 'stop-profit');
    add(t('lever.stop_loss_price'), formatQuoted(p.stop_loss_price), 'stop-loss');
  }
  const time = p.closed_at ?? p.opened_at ?? p.created_at;

  return (
    <div className="record-card lever-card" data-testid={`lever-position-${p.id}`} data-status={p.status_name}>
      <div className="record-card__head">
        <div className="record-card__title">
          <span className={`lever-card__side lever-card__side--${p.side}`}>{t(`lever.${p.side}`)}</span>
          <span>{p.symbol}</span>
          <span className="lever-card__multiple">{p.multiple}×</span>
        </div>
        {p.status_name === 'holding' || p.status_name === 'closed' ? (
          <div className={`lever-card__pnl trend-${sign(profits)}`} data-testid={`lever-pnl-${p.id}`}>
            {profits === null ? '—' : `${profits.startsWith('-') ? '' : '+'}${formatAmount(profits, decimals)}`}
          </div>
        ) : (
          <span className="lever-card__status">{t(`lever.status.${p.status_name}`)}</span>
        )}
      </div>
      <div className="record-card__rows">
        {rows.map(([label, v, id]) => (
          <div key={id} className="lever-card__row">
            <span className="record-card__label">{label}</span>
            <span className="record-card__value" data-testid={`lever-${id}-${p.id}`}>
              {v}
            </span>
          </div>
        ))}
      </div>
      <div className="lever-card__foot">
        <span className="lever-card__time">{formatDateTime(time)}</span>
        <div className="lever-card__actions">
          {onStops ? (
            <button type="button" className="chip-button" onClick={() => onStops(p)} data-testid={`lever-stops-${p.id}`}>
              {t('lever.stops')}
            </button>
          ) : null}
          {onCancel ? (
            <button type="button" className="chip-button" onClick={() => onCancel(p)} data-testid={`lever-cancel-${p.id}`}>
              {t('lever.cancel')}
            </button>
          ) : null}
          {onClose ? (
            <button
              type="button"
              className="chip-button chip-button--accent"
              onClick={() => onClose(p)}
              data-testid={`lever-close-${p.id}`}
            >
              {t('lever.close')}
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
