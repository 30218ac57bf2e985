import type { ReactNode } from 'react';

/** A button that shows only an icon; `label` is its name for screen readers. */
export function IconButton({
  label,
  onClick,
  testId,
  children,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className="icon-button" onClick={onClick} aria-label={label} data-testid={testId}>
      {children}
    </button>
  );
}
