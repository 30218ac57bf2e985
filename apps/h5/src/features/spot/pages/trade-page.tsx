import { SPOT_EVENTS } from '@app/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DemoBadge } from '../../../components/demo-badge';
import { PageLoader } from '../../../components/page-loader';
import { PairSwitcher, pairKey } from '../../../components/pair-switcher';
import { PriceChange } from '../../../components/price-change';
import { Segmented } from '../../../components/segmented';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { TabHeader } from '../../../components/tab-header';
import { changeDirection, dealQuery, depthQuery, type PairView, tradesQuery, withTicker } from '../../../lib/market-api';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { useMarketStream, useUserEvent } from '../../../lib/use-market-stream';
import { usePainted } from '../../../lib/use-painted';
import { walletKeys, walletListQuery } from '../../../lib/wallet-api';
import { spotKeys } from '../api/spot-api';
import { OrderBook } from '../components/order-book';
import { OrderForm } from '../components/order-form';
import { OrderList } from '../components/order-list';
import { RecentTrades } from '../components/recent-trades';
import type { Side } from '../order-checks';
import { mergeTrades } from '../trades';
import { useSelectedPair } from '../use-selected-pair';
import './trade-page.css';
import { IconButton } from '../../../components/icon-button';

const TRADE_TABS = { open: 'trade.open_orders', history: 'trade.order_history', trades: 'trade.latest_trades' } as const;
type Tab = keyof typeof TRADE_TABS;

/** The pair sheet, re-rendered only when its own props change (not with every tick of the page). */
const PairSheet = memo(PairSwitcher<PairView>);

/** Two candles: the way to the chart (drawn here: a shared icon module would split off the first screen's code). */
function CandlesIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M8 3v4M8 15v6M16 5v3M16 17v3" strokeLinecap="round" />
      <rect x="5.5" y="7" width="5" height="8" rx="1" />
      <rect x="13.5" y="8" width="5" height="9" rx="1" />
    </svg>
  );
}

/**
 * The "currency" tab: spot trading on one pair. The form and the live book side by side, then the
 * user's open orders (cancellable), their history and the pair's latest trades.
 */
export function TradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { quotation, pairs, pair: listed, choose } = useSelectedPair();
  const [sheet, setSheet] = useState(false);
  const [side, setSide] = useState<Side>(params.get('side') === 'sell' ? 'sell' : 'buy');
  const [picked, setPicked] = useState<{ price: string; at: number } | null>(null);
  const [tab, setTab] = useState<Tab>('open');

  const symbol = listed?.symbol;
  const stream = useMarketStream(symbol);
  // What the first view does not need is asked for once the price (from the market list) has painted:
  // requested with that first render, it competed with the price and held back the largest paint.
  // Meanwhile the book, the trades, the orders and the balance show their loading states.
  const painted = usePainted(!!listed);
  const deal = useQuery({
    ...dealQuery(listed ?? { symbol: '', legal_id: 0, currency_id: 0 }),
    enabled: !!listed && painted,
  });
  const depth = useQuery({ ...depthQuery(symbol ?? ''), enabled: !!symbol && painted });
  const fetchedTrades = useQuery({ ...tradesQuery(symbol ?? ''), enabled: !!symbol && painted });
  const wallet = useQuery({ ...walletListQuery(), enabled: painted });

  // The listing changes only with an API response; `pair` (with the live ticker) with every tick. The
  // sections that show no live figure get the listing, so a tick re-renders only the price and book.
  const listing = deal.data ?? listed;
  const pair = listing ? withTicker(listing, stream.ticker) : undefined;
  // The order form starts with the pair's first known price; later ticks must not reach it.
  const seed = useRef<{ symbol?: string; price: string | null }>({ price: null });
  if (pair && (seed.current.symbol !== pair.symbol || (seed.current.price === null && pair.now_price !== null))) {
    seed.current = { symbol: pair.symbol, price: pair.now_price };
  }
  const closeSheet = useCallback(() => setSheet(false), []);
  const chooseRef = useRef(choose);
  chooseRef.current = choose;
  const choosePair = useCallback((next: PairView) => chooseRef.current(next), []);
  const pick = useCallback((price: string) => setPicked({ price, at: Date.now() }), []);
  const book = stream.depth?.symbol === symbol ? stream.depth : depth.data;
  const trades = useMemo(
    () => mergeTrades(stream.trades, fetchedTrades.data?.symbol === symbol ? fetchedTrades.data?.list : []),
    [stream.trades, fetchedTrades.data, symbol],
  );

  // After a lost connection, what was pushed meanwhile is gone: ask again.
  useEffect(() => {
    if (stream.reconnects === 0) return;
    void depth.refetch();
    void fetchedTrades.refetch();
    void deal.refetch();
  }, [stream.reconnects]);

  // The user's own orders change in the private room (placed, filled, cancelled): refresh orders and balances.
  useUserEvent(SPOT_EVENTS.order, () => {
    void queryClient.invalidateQueries({ queryKey: spotKeys.all });
    void queryClient.invalidateQueries({ queryKey: walletKeys.list });
  });

  const header = (
    <TabHeader
      title={
        <button type="button" className="pair-switcher-toggle" onClick={() => setSheet(true)} data-testid="trade-pair">
          <span data-testid="trade-symbol">{pair?.symbol ?? t('tabs.currency')}</span>
          <DownFill fontSize={10} />
        </button>
      }
      right={
        pair ? (
          <IconButton
            onClick={() => navigate(`${PATHS.kline}?symbol=${encodeURIComponent(pair.symbol)}`)}
            label={t('sections.kline')}
            testId="trade-open-kline"
          >
            <CandlesIcon />
          </IconButton>
        ) : null
      }
    />
  );

  if (quotation.isPending) {
    return (
      <div className="tab-page trade-page" data-testid="trade-page">
        {header}
        {/* The first load draws the ticker, the form and the book as placeholders. */}
        <Skeleton rows={1} columns={[44]} tall testId="trade-skeleton" />
        <section className="trade-page__main trade-page__main--skeleton">
          <Skeleton rows={9} columns={[100]} />
          <Skeleton rows={21} columns={[46, 34]} testId="order-book-skeleton" />
        </section>
      </div>
    );
  }
  if (!quotation.data) {
    return (
      <div className="tab-page trade-page" data-testid="trade-page">
        {header}
        <ErrorState onRetry={() => void quotation.refetch()} />
      </div>
    );
  }
  if (!pair) {
    return (
      <div className="tab-page trade-page" data-testid="trade-page">
        {header}
        <EmptyState text={t('market.no_pairs')} />
      </div>
    );
  }

  const direction = changeDirection(pair.change);

  return (
    <div className="tab-page trade-page" data-testid="trade-page" data-symbol={pairKey(pair.symbol)}>
      {header}
      <section className="trade-page__ticker">
        <div className={`trade-page__price trend-${direction}`} data-testid="trade-price">
          {pair.now_price === null ? '—' : formatAmount(pair.now_price, pair.price_decimals, pair.price_decimals)}
        </div>
        <PriceChange change={pair.change} testId="trade-change" />
        <DemoBadge show={pair.demo} testId="trade-demo" />
      </section>
      {pair.open_coin_trade !== 1 ? <div className="trade-page__closed tone-warning">{t('trade.closed')}</div> : null}

      <section className="trade-page__main">
        <OrderForm
          pair={listing ?? pair}
          seedPrice={seed.current.price}
          side={side}
          onSide={setSide}
          wallet={wallet.data}
          picked={picked}
        />
        <OrderBook pair={pair} depth={book} loading={depth.isPending && !stream.depth} onPick={pick} />
      </section>

      <section className="trade-page__tabs">
        <Segmented variant="tabs" labels={TRADE_TABS} value={tab} onChange={setTab} testId="trade-tab" />
        {tab === 'trades' ? (
          <RecentTrades pair={pair} trades={trades} loading={fetchedTrades.isPending} />
        ) : painted ? (
          <OrderList key={`${pair.symbol}-${tab}`} pair={listing ?? pair} view={tab} />
        ) : (
          <PageLoader inline />
        )}
      </section>

      <PairSheet open={sheet} onClose={closeSheet} pairs={pairs} current={pair.symbol} onChoose={choosePair} />
    </div>
  );
}
