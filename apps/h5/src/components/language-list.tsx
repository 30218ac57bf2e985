import { LANG_NAMES, LANGS, type Lang } from '@app/shared';
import { ChoiceList } from './choice-list';

type Props = { current: Lang; pending: Lang | null; onSelect: (lang: Lang) => void };

/** The seven languages, each written in itself so a reader of any of them can find theirs. */
export function LanguageList({ current, pending, onSelect }: Props) {
  return (
    <ChoiceList
      values={LANGS}
      current={current}
      onSelect={onSelect}
      label={(lang) => LANG_NAMES[lang]}
      itemTestId={(lang) => `lang-${lang}`}
      disabled={pending !== null}
    />
  );
}
