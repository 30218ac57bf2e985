import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import type { ReactNode } from 'react';
import './choice-list.css';

type Props<V extends string> = {
  values: readonly V[];
  current: V;
  onSelect: (value: V) => void;
  label: (value: V) => ReactNode;
  /** Each row carries `itemTestId(value)`; the list `testId`, the check mark `checkTestId`. */
  itemTestId: (value: V) => string;
  testId?: string;
  checkTestId?: string;
  /** While a choice is being applied, no other can be made. */
  disabled?: boolean;
};

/** A card of choices, one per row: the current one marked and checked. */
export function ChoiceList<V extends string>({
  values,
  current,
  onSelect,
  label,
  itemTestId,
  testId,
  checkTestId,
  disabled,
}: Props<V>) {
  return (
    <div className="choice-list" data-testid={testId}>
      {values.map((value) => (
        <button
          type="button"
          aria-pressed={value === current}
          key={value}
          className={value === current ? 'list-row choice-list__item choice-list__item--active' : 'list-row choice-list__item'}
          onClick={() => onSelect(value)}
          disabled={disabled}
          data-testid={itemTestId(value)}
        >
          <span>{label(value)}</span>
          {value === current ? <CheckOutline fontSize={18} data-testid={checkTestId} /> : null}
        </button>
      ))}
    </div>
  );
}
