import type { ReactNode } from 'react';

/** A button that shows only an icon; `label` is its name for screen readers. */
export function IconButton({
  label,
  onClick,
  testId,
  className,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  testId?: string;
  /** Extra classes (`icon-button` is always there). */
  className?: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `icon-button ${className}` : 'icon-button'}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
