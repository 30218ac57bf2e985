import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceTrigger } from '../../../components/choice-sheet';
import { SearchListPopup } from '../../../components/search-list-popup';
import { type Country, filterCountries } from '../countries';

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
  const current = countries?.find((c) => c.code === value);
  return (
    <>
      <ChoiceTrigger onClick={() => setOpen(true)} testId={testId} placeholder={t('verification.country_placeholder')}>
        {current?.name}
      </ChoiceTrigger>
      <SearchListPopup
        open={open}
        onClose={() => setOpen(false)}
        title={t('verification.country')}
        searchPlaceholder={t('verification.country_search')}
        loading={loading}
        items={countries}
        filter={filterCountries}
        row={(c) => ({ key: c.code, name: c.name, code: c.code, selected: c.code === value, testId: `${testId}-${c.code}` })}
        onPick={(c) => onChange(c.code)}
      />
    </>
  );
}
