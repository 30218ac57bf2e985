import type { ReactNode } from 'react';
import './segmented.css';

type Props<V extends string> = {
  options: readonly { value: V; label: ReactNode }[];
  value: V;
  onChange: (value: V) => void;
  /** Each option carries `${testId}-${value}`. */
  testId: string;
  size?: 'normal' | 'small';
  /** `tabs`: full-width tabs with an underline (the four accounts) instead of pills. */
  variant?: 'pills' | 'tabs';
};

/** A row of pill buttons for a few exclusive choices (chains, deposit modes, record kinds). */
export function Segmented<V extends string>({ options, value, onChange, testId, size = 'normal', variant = 'pills' }: Props<V>) {
  return (
    <div className={`segmented segmented--${size} segmented--${variant}`} role="tablist" data-testid={testId}>
      {options.map((o) => (
        <button
          type="button"
          role="tab"
          aria-selected={o.value === value}
          key={o.value}
          className={o.value === value ? 'segmented__item segmented__item--active' : 'segmented__item'}
          onClick={() => onChange(o.value)}
          data-testid={`${testId}-${o.value}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
