import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './segmented.css';
import { TabRow } from './tab-button';

type Choices<V extends string> =
  | { options: readonly { value: V; label: ReactNode }[]; labels?: never; values?: never }
  /** The choices as value → translation key, in the order they are drawn. */
  | { labels: Readonly<Record<V, string>>; options?: never; values?: never }
  /** The choices in order, each labelled `<labelPrefix>.<value>` translated, or by itself (chain names). */
  | { values: readonly V[]; labelPrefix?: string; options?: never; labels?: never };

type Props<V extends string> = Choices<V> & {
  value: V;
  onChange: (value: V) => void;
  /** Each option carries `${testId}-${value}`. */
  testId: string;
  size?: 'normal' | 'small';
  /** `tabs`: full-width tabs with an underline (the four accounts) instead of pills. */
  variant?: 'pills' | 'tabs';
};

/** Each choice with its label, in the order they are drawn. */
function choicesOf<V extends string>(choices: Choices<V>, t: TFunction): readonly { value: V; label: ReactNode }[] {
  if (choices.values !== undefined) {
    const prefix = choices.labelPrefix;
    return choices.values.map((value) => ({ value, label: prefix ? t(`${prefix}.${value}`) : value }));
  }
  if (choices.labels !== undefined) {
    const labels = choices.labels;
    return (Object.keys(labels) as V[]).map((key) => ({ value: key, label: t(labels[key]) }));
  }
  return choices.options ?? [];
}

/** A row of pill buttons for a few exclusive choices (chains, deposit modes, record kinds). */
export function Segmented<V extends string>({
  value,
  onChange,
  testId,
  size = 'normal',
  variant = 'pills',
  ...choices
}: Props<V>) {
  const { t } = useTranslation();
  const shown = choicesOf(choices as Choices<V>, t);
  return (
    <TabRow
      className={`segmented segmented--${size} segmented--${variant}`}
      rowTestId={testId}
      block="segmented__item"
      values={shown.map((o) => o.value)}
      selected={value}
      onSelect={onChange}
      label={(v) => shown.find((o) => o.value === v)?.label}
      testId={(v) => `${testId}-${v}`}
    />
  );
}
