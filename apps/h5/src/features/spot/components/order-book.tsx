import type { MarketDepthEvent } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { changeDirection, type PairView } from '../../../lib/market-api';
import { formatAmount } from '../../../lib/number-format';
import { type BookRow, maxDecimal, ratio, withCumulative } from '../depth';
import '../../../components/skeleton.css';
import './order-book.css';

const LEVELS = 10;

type Props = {
  pair: PairView;
  depth: MarketDepthEvent | undefined;
  loading: boolean;
  /** A tap on a level puts its price into the form. */
  onPick: (price: string) => void;
};

function Level({
  row,
  side,
  max,
  pair,
  onPick,
  index,
  loading,
}: {
  row: BookRow | undefined;
  side: 'bid' | 'ask';
  max: string;
  pair: PairView;
  onPick: (price: string) => void;
  index: number;
  loading: boolean;
}) {
  // The first load draws the levels as placeholders (a skeleton), not as an empty book.
  if (!row && loading) {
    return (
      <div className={`order-book__row order-book__row--${side} order-book__row--skeleton`} aria-hidden="true">
        <span className="skeleton__bar" style={{ width: `${42 + ((index * 7) % 16)}%` }} />
        <span className="skeleton__bar" style={{ width: `${28 + ((index * 5) % 12)}%` }} />
      </div>
    );
  }
  if (!row) {
    return (
      <div className={`order-book__row order-book__row--${side} order-book__row--blank`} aria-hidden="true">
        <span>—</span>
        <span>—</span>
      </div>
    );
  }
  return (
    <button
      type="button"
      className={`order-book__row order-book__row--${side}`}
      onClick={() => onPick(row.price)}
      data-testid={`book-${side}-${index}`}
    >
      <span className="order-book__bar" style={{ width: `${ratio(row.cumulative, max) * 100}%` }} aria-hidden="true" />
      <span className="order-book__price">{formatAmount(row.price, pair.price_decimals, pair.price_decimals)}</span>
      <span className="order-book__amount">{formatAmount(row.amount, 8)}</span>
    </button>
  );
}

const SLOTS = Array.from({ length: LEVELS }, (_, i) => i);

/** One side's ten levels. Asks run from the farthest down to the best, so the best ask sits next to the last price. */
function BookSide({
  side,
  rows,
  ...level
}: { side: 'bid' | 'ask'; rows: BookRow[] } & Omit<Parameters<typeof Level>[0], 'row' | 'side' | 'index'>) {
  const order = side === 'ask' ? SLOTS.map((i) => LEVELS - 1 - i) : SLOTS;
  return (
    <div className="order-book__side" data-testid={`order-book-${side}s`}>
      {order.map((i) => (
        <Level key={i} row={rows[i]} side={side} index={i} {...level} />
      ))}
    </div>
  );
}

/** Ten levels a side from the exchange's own book (live), the last price between them. */
export function OrderBook({ pair, depth, loading, onPick }: Props) {
  const { t } = useTranslation();
  const bids = withCumulative(depth?.bids ?? [], LEVELS);
  const asks = withCumulative(depth?.asks ?? [], LEVELS);
  const max = maxDecimal([bids.at(-1)?.cumulative ?? '0', asks.at(-1)?.cumulative ?? '0']);
  const empty = bids.length === 0 && asks.length === 0;
  const direction = changeDirection(pair.change);

  return (
    <div
      className="order-book"
      data-testid="order-book"
      data-state={empty && loading ? 'loading' : 'ready'}
      aria-busy={empty && loading}
    >
      <div className="order-book__head">
        <span>{t('trade.price_unit', { coin: pair.legal_name })}</span>
        <span>{t('trade.amount_unit', { coin: pair.currency_name })}</span>
      </div>
      <BookSide side="ask" rows={asks} max={max} pair={pair} onPick={onPick} loading={loading && empty} />
      <div className={`order-book__last trend-${direction}`} data-testid="order-book-last">
        {pair.now_price === null ? '—' : formatAmount(pair.now_price, pair.price_decimals, pair.price_decimals)}
      </div>
      <BookSide side="bid" rows={bids} max={max} pair={pair} onPick={onPick} loading={loading && empty} />
      {empty && !loading ? (
        <div className="order-book__empty" data-testid="order-book-empty">
          {t('trade.book_empty')}
        </div>
      ) : null}
    </div>
  );
}
