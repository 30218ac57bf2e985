import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Popup from 'antd-mobile/es/components/popup';
import StarFill from 'antd-mobile-icons/es/StarFill';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { favouritesQuery, marketKeys, type PairView, setFavourite } from '../lib/market-api';
import { filterPairs, type MarketCategory } from '../lib/market-filter';
import { formatPrice } from '../lib/number-format';
import { useTickerStream } from '../lib/use-market-stream';
import { CoinIcon } from './coin-icon';
import { DemoBadge } from './demo-badge';
import { MarketFilterBar } from './market-filter-bar';
import { PriceChange } from './price-change';
import { EmptyState } from './state-view';
import './sheet-panel.css';
import './pair-switcher.css';

/**
 * What the sheet shows of a pair. The spot market's pairs (`PairView`) carry everything; another
 * product's list (the contract tab's pairs) may lack the icon, the 24h change or the demo flag.
 */
export type SwitcherPair = Pick<PairView, 'id' | 'symbol' | 'currency_name' | 'now_price' | 'price_decimals'> &
  Partial<Pick<PairView, 'logo' | 'change' | 'demo'>>;

type Props<P extends SwitcherPair> = {
  open: boolean;
  onClose: () => void;
  pairs: readonly P[];
  current: string | undefined;
  onChoose: (pair: P) => void;
  /** The sheet's title; "Choose a pair" unless the product names it otherwise. */
  title?: string;
};

export const pairKey = (symbol: string) => symbol.replace('/', '_');

/**
 * A bottom sheet of pairs (live price, 24h change) with a favourites tab and a star per pair. Used by the
 * spot trade tab, the K-line page and the contract tab; favourites are the user's, shared by all.
 */
export function PairSwitcher<P extends SwitcherPair>({ open, onClose, pairs, current, onChoose, title }: Props<P>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<MarketCategory>('all');
  const [search, setSearch] = useState('');
  const favourites = useQuery({ ...favouritesQuery(), enabled: open });
  const starred = new Set((favourites.data ?? []).map((p) => p.id));
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => setFavourite(id, on),
    onSuccess: (list) => queryClient.setQueryData(marketKeys.favourites, list),
  });
  const shown = filterPairs(pairs, { query: search, category: tab, favourites: starred });
  // While open, every row follows the socket's tickers: the list the page loaded may be minutes old.
  const { tickers } = useTickerStream(open);

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="list-sheet pair-switcher" position="bottom">
      <div className="pair-switcher__head">
        <span className="pair-switcher__title">{title ?? t('trade.choose_pair')}</span>
        <DemoBadge show={pairs.some((p) => p.demo)} testId="pair-switcher-demo" />
      </div>
      <div className="pair-switcher__tabs">
        <MarketFilterBar query={search} onQuery={setSearch} category={tab} onCategory={setTab} testId="pair-switcher" />
      </div>
      <div className="pair-switcher__list" data-testid="pair-switcher">
        {shown.length === 0 ? (
          <EmptyState
            text={
              search.trim()
                ? t('market.no_match', { query: search.trim() })
                : tab === 'favourites'
                  ? t('trade.no_favourites')
                  : t('market.no_pairs')
            }
            testId="pair-switcher-empty"
          />
        ) : null}
        {shown.map((pair) => {
          const on = starred.has(pair.id);
          const ticker = tickers[pair.symbol];
          const price = ticker?.now_price ?? pair.now_price;
          const change = ticker?.change ?? pair.change;
          return (
            <div
              key={pair.id}
              className={pair.symbol === current ? 'pair-switcher__row pair-switcher__row--active' : 'pair-switcher__row'}
            >
              <button
                type="button"
                className={on ? 'pair-switcher__star pair-switcher__star--on' : 'pair-switcher__star'}
                aria-label={on ? t('trade.unfavourite') : t('trade.favourite')}
                aria-pressed={on}
                disabled={toggle.isPending || favourites.isPending}
                onClick={() => toggle.mutate({ id: pair.id, on: !on })}
                data-testid={`pair-star-${pairKey(pair.symbol)}`}
              >
                {on ? <StarFill /> : <StarOutline />}
              </button>
              <button
                type="button"
                className="pair-switcher__pick"
                onClick={() => {
                  onChoose(pair);
                  onClose();
                }}
                data-testid={`pair-option-${pairKey(pair.symbol)}`}
              >
                <CoinIcon icon={pair.logo} name={pair.currency_name} size={24} />
                <span className="pair-switcher__symbol">{pair.symbol}</span>
                <span className="pair-switcher__price" data-testid={`pair-price-${pairKey(pair.symbol)}`}>
                  {formatPrice(price, pair.price_decimals)}
                </span>
                {change === undefined ? null : <PriceChange change={change} />}
              </button>
            </div>
          );
        })}
      </div>
    </Popup>
  );
}
