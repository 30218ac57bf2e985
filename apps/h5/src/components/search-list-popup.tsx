import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from './page-loader';
import './area-code-picker.css';

/** One row of the list: what it shows, its key, and whether it is the current choice. */
export type SearchListRow = { key: string | number; name: ReactNode; code: ReactNode; selected: boolean; testId: string };

/**
 * A bottom sheet with a title, a search box and a list to pick one row from (area codes, countries).
 * The query is cleared when a row is picked.
 */
export function SearchListPopup<T>(props: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  searchPlaceholder: string;
  loading: boolean;
  items: readonly T[] | undefined;
  filter: (items: readonly T[], query: string) => readonly T[];
  row: (item: T) => SearchListRow;
  onPick: (item: T) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const { items, filter } = props;
  const shown = useMemo(() => filter(items ?? [], query), [items, filter, query]);
  return (
    <Popup
      visible={props.open}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="area-code-popup"
      destroyOnClose
    >
      <div className="area-code-popup__head">{props.title}</div>
      <div className="area-code-popup__search">
        <SearchBar placeholder={props.searchPlaceholder} value={query} onChange={setQuery} />
      </div>
      <div className="area-code-popup__list">
        {props.loading ? <PageLoader inline /> : null}
        {!props.loading && shown.length === 0 ? <div className="area-code-popup__empty">{t('common.no_data')}</div> : null}
        {shown.map((item) => {
          const row = props.row(item);
          return (
            <button
              type="button"
              key={row.key}
              className="list-row area-code-popup__item"
              data-testid={row.testId}
              onClick={() => {
                props.onPick(item);
                props.onClose();
                setQuery('');
              }}
            >
              <span className="area-code-popup__name">{row.name}</span>
              <span className="area-code-popup__code">{row.code}</span>
              {row.selected ? <CheckOutline className="area-code-popup__check" /> : null}
            </button>
          );
        })}
      </div>
    </Popup>
  );
}
