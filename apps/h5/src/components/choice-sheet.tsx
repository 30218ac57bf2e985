import Popup from 'antd-mobile/es/components/popup';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import type { ReactNode } from 'react';
import './sheet-panel.css';
import './choice-sheet.css';

export type Choice<V extends string | number> = {
  value: V;
  label: ReactNode;
  /** A second line or a right-hand note (a balance, a chain). */
  extra?: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
};

type Props<V extends string | number> = {
  open: boolean;
  title: ReactNode;
  choices: readonly Choice<V>[];
  value: V | undefined;
  onChoose: (value: V) => void;
  onClose: () => void;
  /** Each option carries `${testId}-${value}`. */
  testId: string;
  empty?: ReactNode;
};

/** A bottom sheet to pick one of a few options: an account, a coin, an address. */
export function ChoiceSheet<V extends string | number>({
  open,
  title,
  choices,
  value,
  onChoose,
  onClose,
  testId,
  empty,
}: Props<V>) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="list-sheet choice-sheet" destroyOnClose>
      <div className="choice-sheet__title">{title}</div>
      <div className="choice-sheet__list" data-testid={testId}>
        {choices.length === 0 ? <div className="choice-sheet__empty">{empty}</div> : null}
        {choices.map((choice) => (
          <button
            type="button"
            key={choice.value}
            className={
              choice.value === value ? 'list-row choice-sheet__item choice-sheet__item--active' : 'list-row choice-sheet__item'
            }
            disabled={choice.disabled}
            onClick={() => {
              onChoose(choice.value);
              onClose();
            }}
            data-testid={`${testId}-${choice.value}`}
          >
            {choice.icon ? <span className="choice-sheet__icon">{choice.icon}</span> : null}
            <span className="choice-sheet__label">
              {choice.label}
              {choice.extra ? <span className="choice-sheet__extra">{choice.extra}</span> : null}
            </span>
            {choice.value === value ? <CheckOutline className="choice-sheet__check" /> : null}
          </button>
        ))}
      </div>
    </Popup>
  );
}

/** The field that opens a ChoiceSheet: shows the current choice and a chevron. */
export function ChoiceTrigger({
  children,
  onClick,
  testId,
  placeholder,
}: {
  children?: ReactNode;
  onClick: () => void;
  testId?: string;
  placeholder?: ReactNode;
}) {
  return (
    <button type="button" className="choice-trigger" onClick={onClick} data-testid={testId}>
      <span className={children ? 'choice-trigger__value' : 'choice-trigger__value choice-trigger__value--empty'}>
        {children ?? placeholder}
      </span>
      <span className="choice-trigger__chevron" aria-hidden="true" />
    </button>
  );
}
