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
