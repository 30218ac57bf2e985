import type { AreaCode } from '@app/shared';
import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterAreaCodes } from '../lib/area-codes';
import { PageLoader } from './page-loader';
import './area-code-picker.css';

type Props = {
  options: readonly AreaCode[] | undefined;
  loading: boolean;
  value: string;
  onChange: (code: AreaCode) => void;
  testId?: string;
};

/** The "+86 ▾" prefix of a phone field, opening a searchable country list from the `area_code` API. */
export function AreaCodePicker({ options, loading, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterAreaCodes(options ?? [], query), [options, query]);

  return (
    <>
      <button type="button" className="area-code-trigger" onClick={() => setOpen(true)} data-testid={testId}>
        +{value || '—'}
        <DownFill fontSize={10} />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-code-popup"
        destroyOnClose
      >
        <div className="area-code-popup__head">
          <span>{t('auth.area_code')}</span>
        </div>
        <div className="area-code-popup__search">
          <SearchBar placeholder={t('auth.area_code_search')} value={query} onChange={setQuery} />
        </div>
        <div className="area-code-popup__list">
          {loading ? <PageLoader inline /> : null}
          {!loading && shown.length === 0 ? <div className="area-code-popup__empty">{t('common.no_data')}</div> : null}
          {shown.map((o) => (
            <button
              type="button"
              key={o.id}
              className="list-row area-code-popup__item"
              data-testid={`area-code-${o.area_code}`}
              onClick={() => {
                onChange(o);
                setOpen(false);
                setQuery('');
              }}
            >
              <span className="area-code-popup__name">{o.name}</span>
              <span className="area-code-popup__code">+{o.area_code}</span>
              {o.area_code === value ? <CheckOutline className="area-code-popup__check" /> : null}
            </button>
          ))}
        </div>
      </Popup>
    </>
  );
}
