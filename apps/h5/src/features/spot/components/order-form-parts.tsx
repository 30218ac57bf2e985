import { useTranslation } from 'react-i18next';
import { DecimalBox, type DecimalBoxProps } from '../../../components/decimal-box';
import { TradeFormTabs } from '../../../components/trade-form-tabs';
import type { PairView } from '../../../lib/market-api';
import { formatAmount } from '../../../lib/number-format';
import { type OrderField as FieldName, type OrderKind, PERCENTS, SIDES, type Side } from '../order-checks';

type FieldProps = Omit<DecimalBoxProps, 'className' | 'testId'> & { name: FieldName };

/** One amount box of the order form (price, amount or total), with its unit and its message under it. */
export function OrderField({ name, ...box }: FieldProps) {
  return <DecimalBox className="order-form__field" testId={`order-${name}`} {...box} />;
}

/** Buy or sell, then limit or market: the two rows of tabs at the top of the form. */
export function OrderTabs(props: {
  side: Side;
  onSide: (side: Side) => void;
  kind: OrderKind;
  onKind: (kind: OrderKind) => void;
}) {
  return <TradeFormTabs sides={SIDES} kinds={['limit', 'market']} labels="trade" testIdPrefix="order" {...props} />;
}

/** The 25/50/75/100 % shortcuts of the balance. */
export function OrderPercents({ onPercent }: { onPercent: (percent: number) => void }) {
  return (
    <div className="order-form__percents">
      {PERCENTS.map((p) => (
        <button
          type="button"
          key={p}
          className="order-form__percent chip-button"
          onClick={() => onPercent(p)}
          data-testid={`order-pct-${p}`}
        >
          {p}%
        </button>
      ))}
    </div>
  );
}

type FactsProps = {
  pair: PairView;
  side: Side;
  /** A limit order's total (price × amount), undefined while it cannot be worked out. */
  limitTotal: string | undefined;
  /** Only a limit order has a total to show. */
  showTotal: boolean;
  available: string;
  availableDecimals: number;
  quoteDecimals: number;
};

/** What a limit order comes to and what the balance holds for this side. */
export function OrderFacts({ pair, side, limitTotal, showTotal, available, availableDecimals, quoteDecimals }: FactsProps) {
  const { t } = useTranslation();
  return (
    <dl className="fact-rows order-form__facts">
      {showTotal ? (
        <div>
          <dt>{t('trade.total')}</dt>
          <dd data-testid="order-total-value">
            {limitTotal ? `${formatAmount(limitTotal, quoteDecimals)} ${pair.legal_name}` : '—'}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>{side === 'buy' ? t('trade.available') : t('trade.sellable')}</dt>
        <dd data-testid="order-available">
          {formatAmount(available, availableDecimals)} {side === 'buy' ? pair.legal_name : pair.currency_name}
        </dd>
      </div>
    </dl>
  );
}
