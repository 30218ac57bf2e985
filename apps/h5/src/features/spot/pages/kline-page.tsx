import { SPOT_EVENTS } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { Component, lazy, memo, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AwaitingPage } from '../../../components/awaiting-page';
import { DemoBadge } from '../../../components/demo-badge';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PairSwitcher, pairKey } from '../../../components/pair-switcher';
import { PriceChange } from '../../../components/price-change';
import { Segmented } from '../../../components/segmented';
import { EmptyState } from '../../../components/state-view';
import { TabRow } from '../../../components/tab-button';
import { changeDirection, dealQuery, depthQuery, type PairView, withTicker } from '../../../lib/market-api';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { useMarketStream, useUserEvent } from '../../../lib/use-market-stream';
import { usePainted } from '../../../lib/use-painted';
import { spotKeys } from '../api/spot-api';
import { DepthChart } from '../components/depth-chart';
import type { KlineChartHandle } from '../components/kline-chart';
import { OrderList } from '../components/order-list';
import {
  apiPeriod,
  INTERVALS,
  type Interval,
  MAIN_INDICATORS,
  type MainIndicator,
  SUB_INDICATORS,
  type SubIndicator,
} from '../intervals';
import { SIDES, type Side } from '../order-checks';
import { useSelectedPair } from '../use-selected-pair';
import '../../../components/trade-form.css';
import './kline-page.css';

const KLINE_TABS = { depth: 'trade.depth', history: 'trade.order_history' } as const;
type Tab = keyof typeof KLINE_TABS;

/** The pair sheet, re-rendered only when its own props change (not with every tick of the page). */
const PairSheet = memo(PairSwitcher<PairView>);

/** klinecharts, the heaviest library of the app, loads when this page opens, not with the trade tab. */
// Memoised: its props change with the pair, interval and indicators, not with each tick of the page.
const loadChart = () => import('../components/kline-chart').then((m) => ({ default: memo(m.KlineChart) }));
let KlineChart = lazy(loadChart);

/** A chart whose code did not arrive: say so in its place and offer a retry (a fresh lazy loader). */
class ChartBoundary extends Component<{ children: ReactNode; failed: ReactNode }, { error: boolean }> {
  override state = { error: false };
  static getDerivedStateFromError() {
    return { error: true };
  }
  override render() {
    return this.state.error ? this.props.failed : this.props.children;
  }
}

/** One row of chart indicators: at most one is on, and tapping the one that is on turns it off. */
function IndicatorRow<N extends string>(props: {
  label: string;
  names: readonly N[];
  value: N | null;
  onChange: (value: N | null) => void;
  /** The row is `<testId>-indicators`, each chip `<testId>-<name>`. */
  testId: string;
}) {
  const { value, onChange } = props;
  return (
    <div className="kline-page__indicator-row" data-testid={`${props.testId}-indicators`}>
      <span className="kline-page__indicator-label">{props.label}</span>
      {props.names.map((name) => (
        <button
          type="button"
          key={name}
          aria-pressed={value === name}
          className={value === name ? 'kline-page__chip kline-page__chip--active' : 'kline-page__chip'}
          onClick={() => onChange(value === name ? null : name)}
          data-testid={`${props.testId}-${name}`}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

/**
 * The chart page of one pair: the ticker, candles for every interval with main and sub indicators,
 * the book's depth, the user's order history on the pair, and buy/sell shortcuts to the trade tab.
 */
export function KlinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { quotation, pairs, pair: listed, choose } = useSelectedPair();
  const [sheet, setSheet] = useState(false);
  const [interval, setChartInterval] = useState<Interval>('1min');
  const [main, setMain] = useState<MainIndicator | null>('MA');
  const [sub, setSub] = useState<SubIndicator | null>('VOL');
  const [tab, setTab] = useState<Tab>('depth');
  const chart = useRef<KlineChartHandle>(null);
  const queryClient = useQueryClient();
  useUserEvent(SPOT_EVENTS.order, () => void queryClient.invalidateQueries({ queryKey: spotKeys.all }));
  const [chartAttempt, setChartAttempt] = useState(0);

  const symbol = listed?.symbol;
  // The chart's code (the app's heaviest library), the pair's details and its book are fetched once the
  // price (from the market list) has painted: started with that first render, they competed with it for
  // the network and main thread and held back the page's largest paint. Their places show loading states.
  const chartDue = usePainted(!!listed);
  const stream = useMarketStream(symbol, {
    period: apiPeriod(interval),
    onKline: (event) => chart.current?.push(event),
  });
  const deal = useQuery({ ...dealQuery(listed ?? { symbol: '', legal_id: 0, currency_id: 0 }), enabled: !!listed && chartDue });
  const depth = useQuery({ ...depthQuery(symbol ?? ''), enabled: !!symbol && chartDue });
  // The listing changes with an API response, `pair` (with the live ticker) with every tick: the
  // sections without a live figure get the listing.
  const listing = deal.data ?? listed;
  const pair = listing ? withTicker(listing, stream.ticker) : undefined;
  const closeSheet = useCallback(() => setSheet(false), []);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const choosePair = useCallback((next: PairView) => chooseRef.current(next), []);
  const book = stream.depth?.symbol === symbol ? stream.depth : depth.data;

  // Candles pushed while the connection was down are lost: load the chart again.
  useEffect(() => {
    if (stream.reconnects === 0) return;
    chart.current?.reload();
    void depth.refetch();
    void deal.refetch();
  }, [stream.reconnects]);

  const title = (
    <button type="button" className="pair-switcher-toggle" onClick={() => setSheet(true)} data-testid="kline-pair">
      <span data-testid="kline-symbol">{pair?.symbol ?? t('sections.kline')}</span>
      <DownFill fontSize={10} />
    </button>
  );

  if (!quotation.data) return <AwaitingPage title={title} testId="kline-page" query={quotation} />;
  if (!pair) {
    return (
      <Page title={title} testId="kline-page">
        <EmptyState text={t('market.no_pairs')} />
      </Page>
    );
  }

  const price = (value: string | null) => (value === null ? '—' : formatAmount(value, pair.price_decimals, pair.price_decimals));
  const trade = (side: Side) => navigate(`${PATHS.trade}?symbol=${encodeURIComponent(pair.symbol)}&side=${side}`);

  return (
    <Page title={title} testId="kline-page">
      <div className="kline-page" data-symbol={pairKey(pair.symbol)}>
        <section className="kline-page__ticker">
          <div className="kline-page__headline">
            <div className={`kline-page__price trend-${changeDirection(pair.change)}`} data-testid="kline-price">
              {price(pair.now_price)}
            </div>
            <div className="kline-page__sub">
              <PriceChange change={pair.change} testId="kline-change" />
              <DemoBadge show={pair.demo} testId="kline-demo" />
            </div>
          </div>
          <dl className="kline-page__stats">
            <div>
              <dt>{t('market.high_24h')}</dt>
              <dd>{price(pair.high)}</dd>
            </div>
            <div>
              <dt>{t('market.low_24h')}</dt>
              <dd>{price(pair.low)}</dd>
            </div>
            <div>
              <dt>{t('market.volume_24h', { coin: pair.currency_name })}</dt>
              <dd>{formatAmount(pair.volume, 2)}</dd>
            </div>
            <div>
              <dt>{t('market.turnover_24h', { coin: pair.legal_name })}</dt>
              <dd>{formatAmount(pair.amount, 0)}</dd>
            </div>
          </dl>
        </section>

        <TabRow
          className="kline-page__intervals"
          rowTestId="kline-intervals"
          block="kline-page__chip"
          values={INTERVALS}
          selected={interval}
          onSelect={setChartInterval}
          label={(value) => t(`chart.interval.${value}`)}
          testId={(value) => `kline-interval-${value}`}
        />

        <div className="kline-page__chart">
          <ChartBoundary
            key={chartAttempt}
            failed={
              <div className="kline-page__chart-state" data-testid="kline-chunk-error">
                <span>{t('chart.state_error')}</span>
                <button
                  type="button"
                  className="text-link"
                  onClick={() => {
                    KlineChart = lazy(loadChart);
                    setChartAttempt((n) => n + 1);
                  }}
                >
                  {t('common.retry')}
                </button>
              </div>
            }
          >
            <Suspense fallback={<PageLoader inline label={t('chart.state_loading')} />}>
              {chartDue ? (
                <KlineChart
                  ref={chart}
                  symbol={pair.symbol}
                  interval={interval}
                  pricePrecision={pair.price_decimals}
                  main={main}
                  sub={sub}
                />
              ) : (
                <PageLoader inline label={t('chart.state_loading')} />
              )}
            </Suspense>
          </ChartBoundary>
        </div>

        <div className="kline-page__indicators">
          <IndicatorRow label={t('chart.main')} names={MAIN_INDICATORS} value={main} onChange={setMain} testId="kline-main" />
          <IndicatorRow label={t('chart.sub')} names={SUB_INDICATORS} value={sub} onChange={setSub} testId="kline-sub" />
        </div>

        <section className="kline-page__tabs">
          <Segmented variant="tabs" labels={KLINE_TABS} value={tab} onChange={setTab} testId="kline-tab" />
          {tab === 'depth' ? (
            depth.isPending && !book ? (
              <PageLoader inline />
            ) : (
              <DepthChart pair={pair} depth={book} />
            )
          ) : (
            <OrderList key={pair.symbol} pair={listing ?? pair} view="history" />
          )}
        </section>
      </div>

      <div className="kline-page__actions">
        {SIDES.map((side) => (
          <Button
            key={side}
            block
            shape="rounded"
            className={`kline-page__action trade-form__submit trade-form__submit--${side === 'buy' ? 'up' : 'down'}`}
            onClick={() => trade(side)}
            data-testid={`kline-${side}`}
          >
            {t(`trade.${side}`)}
          </Button>
        ))}
      </div>

      <PairSheet open={sheet} onClose={closeSheet} pairs={pairs} current={pair.symbol} onChoose={choosePair} />
    </Page>
  );
}
