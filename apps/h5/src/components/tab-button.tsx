import type { ReactNode } from 'react';

/**
 * One tab of a row of tabs (`role="tablist"` on the row): a button carrying `aria-selected`, its block
 * class, an optional modifier and `<block>--active` while selected.
 */
export function TabButton(props: {
  block: string;
  modifier?: string;
  selected: boolean;
  onSelect: () => void;
  testId: string;
  children: ReactNode;
}) {
  const { block, modifier, selected, onSelect, testId, children } = props;
  const className = [block, modifier && `${block}--${modifier}`, selected && `${block}--active`].filter(Boolean).join(' ');
  return (
    <button type="button" role="tab" aria-selected={selected} className={className} onClick={onSelect} data-testid={testId}>
      {children}
    </button>
  );
}

/**
 * A row of tabs, one per value (`role="tablist"`): the selected value's tab is marked, and each tab's
 * label, test id and optional modifier come from its value.
 */
export function TabRow<V extends string>(props: {
  className: string;
  /** The tabs' block class (see `TabButton`). */
  block: string;
  values: readonly V[];
  selected: V;
  onSelect: (value: V) => void;
  label: (value: V) => ReactNode;
  testId: (value: V) => string;
  modifier?: (value: V) => string;
  rowTestId?: string;
}) {
  const { className, block, values, selected, onSelect, label, testId, modifier, rowTestId } = props;
  return (
    <div className={className} role="tablist" data-testid={rowTestId}>
      {values.map((value) => (
        <TabButton
          key={value}
          block={block}
          modifier={modifier?.(value)}
          selected={selected === value}
          onSelect={() => onSelect(value)}
          testId={testId(value)}
        >
          {label(value)}
        </TabButton>
      ))}
    </div>
  );
}
