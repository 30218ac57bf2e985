import { HTML_LANG, isLang, type Lang } from '@app/shared';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, STORAGE_KEYS } from './storage';

/**
 * Translations are JSON files loaded on demand: only the current language is fetched, so the home
 * route does not carry seven dictionaries.
 */
const dictionaries = import.meta.glob<Record<string, unknown>>('../locales/*.json', { import: 'default' });

export async function loadDictionary(lang: Lang): Promise<Record<string, unknown>> {
  const load = dictionaries[`../locales/${lang}.json`];
  if (!load) throw new Error(`no dictionary for ${lang}`);
  return load();
}

/** The `<html lang>` value (BCP 47) of each language mark, from the shared package (the e2e tests read it too). */
export { HTML_LANG };

/** The HTML `lang` of a text the server says is in `lang` (one of the seven), else none. */
export const htmlLangOf = (lang: string | null | undefined): string | undefined =>
  lang && lang in HTML_LANG ? HTML_LANG[lang as Lang] : undefined;

/** Stored mark first; otherwise English, or Simplified Chinese on a zh-CN device (spec section 3). */
export function initialLang(stored: string | null, deviceLanguage: string | undefined): Lang {
  if (isLang(stored)) return stored;
  return deviceLanguage?.toLowerCase() === 'zh-cn' ? 'zh' : 'en';
}

export function detectInitialLang(): Lang {
  return initialLang(readString(STORAGE_KEYS.lang), typeof navigator === 'undefined' ? undefined : navigator.language);
}

export const i18n: I18n = i18next.createInstance();

type PluralRuleOf = (code: string, options?: { ordinal?: boolean }) => Intl.PluralRules | undefined;

/**
 * i18next picks the plural form (`_one`, `_many`, `_other`…) with `Intl.PluralRules(language)`, but the
 * product's language marks are not BCP 47 tags: `esp`, `jp`, `kr` and `hk` would get the device's own
 * rules ("1 invitados"). The resolver is handed the real tag of each mark instead.
 */
function pluralRulesByTag(instance: I18n): void {
  const resolver = instance.services.pluralResolver as { getRule: PluralRuleOf };
  const getRule: PluralRuleOf = resolver.getRule.bind(resolver);
  resolver.getRule = (code, options) => getRule(isLang(code) ? HTML_LANG[code] : code, options);
}

export async function initI18n(lang: Lang): Promise<void> {
  const dictionary = await loadDictionary(lang);
  await i18n.use(initReactI18next).init({
    lng: lang,
    // Every locale has every key (locales.test.ts enforces it), so there is nothing to fall back to.
    fallbackLng: false,
    resources: { [lang]: { translation: dictionary } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  pluralRulesByTag(i18n);
}

export async function switchI18nLanguage(lang: Lang): Promise<void> {
  if (!i18n.hasResourceBundle(lang, 'translation')) {
    i18n.addResourceBundle(lang, 'translation', await loadDictionary(lang));
  }
  await i18n.changeLanguage(lang);
}
