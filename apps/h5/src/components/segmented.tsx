import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './segmented.css';
import { TabRow } from './tab-button';

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
    <TabRow
      className={`segmented segmented--${size} segmented--${variant}`}
      rowTestId={testId}
      block="segmented__item"
      values={choices.map((o) => o.value)}
      selected={value}
      onSelect={onChange}
      label={(v) => choices.find((o) => o.value === v)?.label}
      testId={(v) => `${testId}-${v}`}
    />
  );
}
