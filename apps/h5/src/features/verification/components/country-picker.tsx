import Popup from 'antd-mobile/es/components/popup';
import SearchBar from 'antd-mobile/es/components/search-bar';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceTrigger } from '../../../components/choice-sheet';
import { PageLoader } from '../../../components/page-loader';
import { type Country, filterCountries } from '../countries';
import '../../../components/area-code-picker.css';

type Props = {
  countries: readonly Country[] | undefined;
  loading: boolean;
  value: string;
  onChange: (code: string) => void;
  testId: string;
};

/** The country of the identity document: a searchable list named in the app's language. */
export function CountryPicker({ countries, loading, value, onChange, testId }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterCountries(countries ?? [], query), [countries, query]);
  const current = countries?.find((c) => c.code === value);

  return (
    <>
      <ChoiceTrigger onClick={() => setOpen(true)} testId={testId} placeholder={t('verification.country_placeholder')}>
        {current?.name}
      </ChoiceTrigger>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="area-code-popup"
        destroyOnClose
      >
        <div className="area-code-popup__head">{t('verification.country')}</div>
        <div className="area-code-popup__search">
          <SearchBar placeholder={t('verification.country_search')} value={query} onChange={setQuery} />
        </div>
        <div className="area-code-popup__list">
          {loading ? <PageLoader inline /> : null}
          {!loading && shown.length === 0 ? <div className="area-code-popup__empty">{t('common.no_data')}</div> : null}
          {shown.map((c) => (
            <button
              type="button"
              key={c.code}
              className="list-row area-code-popup__item"
              data-testid={`${testId}-${c.code}`}
              onClick={() => {
                onChange(c.code);
                setOpen(false);
                setQuery('');
              }}
            >
              <span className="area-code-popup__name">{c.name}</span>
              <span className="area-code-popup__code">{c.code}</span>
              {c.code === value ? <CheckOutline className="area-code-popup__check" /> : null}
            </button>
          ))}
        </div>
      </Popup>
    </>
  );
}
