import { LANG_NAMES, LANGS, type Lang } from '@app/shared';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import './choice-list.css';

type Props = { current: Lang; pending: Lang | null; onSelect: (lang: Lang) => void };

/** The seven languages, each written in itself so a reader of any of them can find theirs. */
export function LanguageList({ current, pending, onSelect }: Props) {
  return (
    <div className="choice-list">
      {LANGS.map((lang) => (
        <button
          type="button"
          aria-pressed={lang === current}
          key={lang}
          className={lang === current ? 'list-row choice-list__item choice-list__item--active' : 'list-row choice-list__item'}
          onClick={() => onSelect(lang)}
          disabled={pending !== null}
          data-testid={`lang-${lang}`}
        >
          <span>{LANG_NAMES[lang]}</span>
          {lang === current ? <CheckOutline fontSize={18} /> : null}
        </button>
      ))}
    </div>
  );
}
