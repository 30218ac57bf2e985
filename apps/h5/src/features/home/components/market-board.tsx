import { useQuery } from '@tanstack/react-query';
import { memo, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CoinIcon } from '../../../components/coin-icon';
import { DemoBadge } from '../../../components/demo-badge';
import { MarketFilterBar } from '../../../components/market-filter-bar';
import { PriceChange } from '../../../components/price-change';
import { Skeleton } from '../../../components/skeleton';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { selectLoggedIn, useAuthStore } from '../../../lib/auth-store';
import {
  allPairs,
  byGain,
  changeDirection,
  favouritesQuery,
  type PairView,
  quotationQuery,
  withTicker,
} from '../../../lib/market-api';
import { filterPairs, type MarketCategory } from '../../../lib/market-filter';
import { formatAmount } from '../../../lib/number-format';
import { PATHS } from '../../../lib/paths';
import { useTickerStream } from '../../../lib/use-market-stream';
import './market-board.css';

/** How many pairs the gainers leaderboard shows. */
const LEADERBOARD_SIZE = 3;

export const pairTestId = (symbol: string) => symbol.replace('/', '_');

const tradeLink = (pair: PairView) => `${PATHS.trade}?symbol=${encodeURIComponent(pair.symbol)}`;

function Price({ pair, testId }: { pair: PairView; testId?: string }) {
  const direction = changeDirection(pair.change);
  return (
    <span className={`market-board__price market-board__price--${direction}`} data-testid={testId}>
      {pair.now_price === null ? '—' : formatAmount(pair.now_price, pair.price_decimals, pair.price_decimals)}
    </span>
  );
}

/** A pair's row: drawn again only when what it shows changed (a tick moves one pair, not all). */
const PairRow = memo(
  function PairRow({ pair, onOpen }: { pair: PairView; onOpen: (pair: PairView) => void }) {
    const { t } = useTranslation();
    return (
      <li>
        <button
          type="button"
          className="market-board__row"
          onClick={() => onOpen(pair)}
          data-testid={`home-pair-${pairTestId(pair.symbol)}`}
        >
          <span className="market-board__pair">
            <CoinIcon icon={pair.logo} name={pair.currency_name} size={28} />
            <span>
              <span className="market-board__base">{pair.currency_name}</span>
              <span className="market-board__quote">/{pair.legal_name}</span>
              <span className="market-board__volume">{t('market.volume_short', { amount: formatAmount(pair.volume, 2) })}</span>
            </span>
          </span>
          <Price pair={pair} testId={`home-price-${pairTestId(pair.symbol)}`} />
          <PriceChange change={pair.change} chip testId={`home-change-${pairTestId(pair.symbol)}`} />
        </button>
      </li>
    );
  },
  (a, b) => a.onOpen === b.onOpen && sameFigures(a.pair, b.pair),
);

function sameFigures(a: PairView, b: PairView): boolean {
  return (
    a.id === b.id &&
    a.now_price === b.now_price &&
    a.change === b.change &&
    a.volume === b.volume &&
    a.logo === b.logo &&
    a.price_decimals === b.price_decimals
  );
}

/**
 * The home page's markets: the 24h gainers leaderboard and every pair with its latest price and 24h
 * change, both live: the socket's tickers laid over the quotation query's pairs. It follows them
 * itself, so a tick re-renders the board (and only the rows whose figures moved), not the home page.
 */
export function MarketBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery(quotationQuery());
  const { tickers } = useTickerStream();
  const pairs = useMemo(() => allPairs(query.data).map((pair) => withTicker(pair, tickers[pair.symbol])), [query.data, tickers]);
  const openPair = useCallback((pair: PairView) => navigate(tradeLink(pair)), [navigate]);
  const demo = pairs.some((p) => p.demo);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<MarketCategory>('all');
  const loggedIn = useAuthStore(selectLoggedIn);
  const favourites = useQuery({ ...favouritesQuery(), enabled: loggedIn && category === 'favourites' });
  const starred = useMemo(() => new Set((favourites.data ?? []).map((p) => p.id)), [favourites.data]);
  const shown = useMemo(
    () => filterPairs(pairs, { query: search, category, favourites: starred }),
    [pairs, search, category, starred],
  );
  const emptyText =
    category === 'favourites' && !loggedIn
      ? t('market.sign_in_favourites')
      : search.trim()
        ? t('market.no_match', { query: search.trim() })
        : category === 'favourites'
          ? t('trade.no_favourites')
          : t('market.no_pairs');

  if (query.isPending) {
    return (
      <section className="market-board">
        {/* The first load draws the board's rows as placeholders: pair, price, change. */}
        <Skeleton rows={8} columns={[32, 26, 18]} testId="home-markets-skeleton" />
      </section>
    );
  }
  if (!query.data) {
    return (
      <section className="market-board">
        <ErrorState onRetry={() => void query.refetch()} testId="home-markets-error" />
      </section>
    );
  }
  if (pairs.length === 0) {
    return (
      <section className="market-board">
        <EmptyState text={t('market.no_pairs')} testId="home-markets-empty" />
      </section>
    );
  }

  const leaders = byGain(pairs).slice(0, LEADERBOARD_SIZE);

  return (
    <>
      <section className="market-board" data-testid="home-gainers">
        <div className="market-board__head">
          <h2 className="market-board__title">{t('market.gainers')}</h2>
          <DemoBadge show={demo} testId="home-gainers-demo" />
        </div>
        <div className="market-board__leaders">
          {leaders.length === 0 ? <EmptyState text={t('market.no_gainers')} testId="home-gainers-empty" /> : null}
          {leaders.map((pair, index) => (
            <button
              type="button"
              key={pair.id}
              className="market-board__leader"
              onClick={() => navigate(tradeLink(pair))}
              data-testid={`home-gainer-${index + 1}`}
            >
              <span className="market-board__rank">{index + 1}</span>
              <span className="market-board__leader-name">{pair.symbol}</span>
              <Price pair={pair} />
              <PriceChange change={pair.change} />
            </button>
          ))}
        </div>
      </section>

      <section className="market-board" data-testid="home-markets">
        <div className="market-board__head">
          <h2 className="market-board__title">{t('home.markets')}</h2>
          <DemoBadge show={demo} testId="home-markets-demo" />
        </div>
        <MarketFilterBar query={search} onQuery={setSearch} category={category} onCategory={setCategory} testId="home-markets" />
        <div className="market-board__columns" aria-hidden="true">
          <span>{t('market.pair')}</span>
          <span>{t('market.last_price')}</span>
          <span>{t('market.change_24h')}</span>
        </div>
        {shown.length === 0 ? <EmptyState text={emptyText} testId="home-markets-no-match" /> : null}
        <ul className="market-board__list">
          {shown.map((pair) => (
            <PairRow key={pair.id} pair={pair} onOpen={openPair} />
          ))}
        </ul>
      </section>
    </>
  );
}
