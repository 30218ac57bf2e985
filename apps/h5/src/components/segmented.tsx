import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './segmented.css';

type Choices<V extends string> =
  | { options: readonly { value: V; label: ReactNode }[]; labels?: never }
  /** The choices as value → translation key, in the order they are drawn. */
  | { labels: Readonly<Record<V, string>>; options?: never };

type Props<V extends string> = Choices<V> & {
  value: V;
  onChange: (value: V) => void;
  /** Each option carries `${testId}-${value}`. */
  testId: string;
  size?: 'normal' | 'small';
  /** `tabs`: full-width tabs with an underline (the four accounts) instead of pills. */
  variant?: 'pills' | 'tabs';
};

/** A row of pill buttons for a few exclusive choices (chains, deposit modes, record kinds). */
export function Segmented<V extends string>({
  options,
  labels,
  value,
  onChange,
  testId,
  size = 'normal',
  variant = 'pills',
}: Props<V>) {
  const { t } = useTranslation();
  const choices = options ?? (Object.keys(labels) as V[]).map((key) => ({ value: key, label: t(labels[key]) }));
  return (
    <div className={`segmented segmented--${size} segmented--${variant}`} role="tablist" data-testid={testId}>
      {choices.map((o) => (
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
