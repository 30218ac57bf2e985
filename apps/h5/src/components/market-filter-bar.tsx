import SearchBar from 'antd-mobile/es/components/search-bar';
import { useTranslation } from 'react-i18next';
import { MARKET_CATEGORIES, type MarketCategory } from '../lib/market-filter';
import { Segmented } from './segmented';
import './market-filter-bar.css';

type Props = {
  query: string;
  onQuery: (query: string) => void;
  category: MarketCategory;
  onCategory: (category: MarketCategory) => void;
  /** `${testId}-search` on the search box, `${testId}-category-<name>` on the categories. */
  testId: string;
};

/** The markets lists' search box and category chips (one row, scrolling sideways when it is long). */
export function MarketFilterBar({ query, onQuery, category, onCategory, testId }: Props) {
  const { t } = useTranslation();
  return (
    <div className="market-filter-bar">
      <div data-testid={`${testId}-search`}>
        <SearchBar placeholder={t('market.search_placeholder')} value={query} onChange={onQuery} onClear={() => onQuery('')} />
      </div>
      <div className="market-filter-bar__categories">
        <Segmented
          size="small"
          values={MARKET_CATEGORIES}
          labelPrefix="market.category"
          value={category}
          onChange={onCategory}
          testId={`${testId}-category`}
        />
      </div>
    </div>
  );
}
