import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { useTranslation } from 'react-i18next';
import { BASE_UNIT } from '../../../lib/valuation';
import '../../../components/choice-list.css';
import './valuation-list.css';

type Props = { units: readonly string[]; current: string; onSelect: (unit: string) => void };

/** The pricing units, the current one checked; USDT is marked as the default. */
export function ValuationList({ units, current, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <div className="choice-list" data-testid="valuation-list">
      {units.map((unit) => (
        <button
          type="button"
          aria-pressed={unit === current}
          key={unit}
          className={unit === current ? 'list-row choice-list__item choice-list__item--active' : 'list-row choice-list__item'}
          onClick={() => onSelect(unit)}
          data-testid={`valuation-${unit}`}
        >
          <span>
            {unit}
            {unit === BASE_UNIT ? <span className="valuation-list__note">{t('valuation.default')}</span> : null}
          </span>
          {unit === current ? <CheckOutline fontSize={18} data-testid="valuation-check" /> : null}
        </button>
      ))}
    </div>
  );
}
