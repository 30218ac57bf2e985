import type { MarketDepthEvent } from '@app/shared';
import { compareDecimal } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/state-view';
import type { PairView } from '../../../lib/market-api';
import { formatAmount } from '../../../lib/number-format';
import { type DepthPoint, depthCurves, maxDecimal, withCumulative } from '../depth';
import './depth-chart.css';

const W = 360;
const H = 180;
const PAD_TOP = 14;

/** A staircase path from the best price outwards, closed along the bottom edge. */
function stairs(points: DepthPoint[], x: (p: number) => number, y: (t: number) => number, edge: number): string {
  const first = points[0];
  if (!first) return '';
  let d = `M${x(first.price).toFixed(1)},${H} V${y(first.total).toFixed(1)}`;
  for (const point of points.slice(1)) d += ` H${x(point.price).toFixed(1)} V${y(point.total).toFixed(1)}`;
  return `${d} H${edge} V${H} Z`;
}

/**
 * The book's depth drawn from `market/depth`: cumulative bids (left, green) and asks (right, red)
 * around the spread, an SVG that follows the theme's colours.
 */
export function DepthChart({ pair, depth }: { pair: PairView; depth: MarketDepthEvent | undefined }) {
  const { t } = useTranslation();
  const { bids, asks } = depthCurves(depth?.bids ?? [], depth?.asks ?? []);
  if (bids.length === 0 && asks.length === 0) {
    return <EmptyState text={t('trade.book_empty')} testId="depth-empty" />;
  }
  const prices = [...bids, ...asks].map((p) => p.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || Math.max(high * 0.001, 1e-9);
  const maxTotal = Math.max(bids.at(-1)?.total ?? 0, asks.at(-1)?.total ?? 0) || 1;
  const x = (price: number) => ((price - low) / span) * W;
  const y = (total: number) => H - (total / maxTotal) * (H - PAD_TOP);
  const bestBid = depth?.bids[0]?.[0];
  const bestAsk = depth?.asks[0]?.[0];
  const price = (value: string) => formatAmount(value, pair.price_decimals, pair.price_decimals);
  // Labels come from the exact strings; the numbers above only place the drawing.
  const priceTexts = [...(depth?.bids ?? []), ...(depth?.asks ?? [])].map(([p]) => p);
  const lowText = priceTexts.reduce((a, b) => (compareDecimal(b, a) < 0 ? b : a));
  const highText = maxDecimal(priceTexts);
  const totalText = maxDecimal([
    withCumulative(depth?.bids ?? [], Number.MAX_SAFE_INTEGER).at(-1)?.cumulative ?? '0',
    withCumulative(depth?.asks ?? [], Number.MAX_SAFE_INTEGER).at(-1)?.cumulative ?? '0',
  ]);

  return (
    <div className="depth-chart" data-testid="depth-chart">
      <div className="depth-chart__legend">
        <span className="depth-chart__key depth-chart__key--bid">
          {t('trade.bids')} {bestBid ? price(bestBid) : '—'}
        </span>
        <span className="depth-chart__key depth-chart__key--ask">
          {t('trade.asks')} {bestAsk ? price(bestAsk) : '—'}
        </span>
      </div>
      <svg viewBox={`0 0 ${W} ${H}`} className="depth-chart__svg" role="img" aria-label={t('trade.depth')}>
        <line x1="0" y1={H - 0.5} x2={W} y2={H - 0.5} className="depth-chart__axis" />
        {bids.length > 0 ? (
          <path d={stairs(bids, x, y, 0)} className="depth-chart__area depth-chart__area--bid" data-testid="depth-bids" />
        ) : null}
        {asks.length > 0 ? (
          <path d={stairs(asks, x, y, W)} className="depth-chart__area depth-chart__area--ask" data-testid="depth-asks" />
        ) : null}
        <text x="4" y="11" className="depth-chart__label">
          {formatAmount(totalText, 4)} {pair.currency_name}
        </text>
      </svg>
      <div className="depth-chart__scale">
        <span>{price(lowText)}</span>
        <span>{price(highText)}</span>
      </div>
    </div>
  );
}
