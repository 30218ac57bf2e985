import { useTranslation } from 'react-i18next';
import { ChoiceList } from '../../../components/choice-list';
import { BASE_UNIT } from '../../../lib/valuation';
import './valuation-list.css';

type Props = { units: readonly string[]; current: string; onSelect: (unit: string) => void };

/** The pricing units, the current one checked; USDT is marked as the default. */
export function ValuationList({ units, current, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <ChoiceList
      values={units}
      current={current}
      onSelect={onSelect}
      label={(unit) => (
        <>
          {unit}
          {unit === BASE_UNIT ? <span className="valuation-list__note">{t('valuation.default')}</span> : null}
        </>
      )}
      itemTestId={(unit) => `valuation-${unit}`}
      testId="valuation-list"
      checkTestId="valuation-check"
    />
  );
}
