import type { ReactNode } from 'react';

/**
 * A label and its figure on one row (styles/digest-row.css). A `digest` value (a hash, an id, a total)
 * is set apart and may wrap; `className` adds the card's own spacing.
 */
export function DigestRow(props: { label: ReactNode; value: ReactNode; digest?: boolean; testId?: string; className?: string }) {
  const { label, value, digest, testId, className } = props;
  return (
    <div className={className ? `${className} digest-row` : 'digest-row'}>
      <span>{label}</span>
      <span className={digest ? 'digest-row__value' : undefined} data-testid={testId}>
        {value}
      </span>
    </div>
  );
}
