import type { AreaCode } from '@app/shared';
import DownFill from 'antd-mobile-icons/es/DownFill';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filterAreaCodes } from '../lib/area-codes';
import { SearchListPopup } from './search-list-popup';
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
  return (
    <>
      <button type="button" className="area-code-trigger" onClick={() => setOpen(true)} data-testid={testId}>
        +{value || '—'}
        <DownFill fontSize={10} />
      </button>
      <SearchListPopup
        open={open}
        onClose={() => setOpen(false)}
        title={<span>{t('auth.area_code')}</span>}
        searchPlaceholder={t('auth.area_code_search')}
        loading={loading}
        items={options}
        filter={filterAreaCodes}
        row={(o) => ({
          key: o.id,
          name: o.name,
          code: `+${o.area_code}`,
          selected: o.area_code === value,
          testId: `area-code-${o.area_code}`,
        })}
        onPick={onChange}
      />
    </>
  );
}
