import type { Lang } from '@app/shared';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import type { Locale } from 'antd-mobile/es/locales/base';
import { create } from 'zustand';
import { HTML_LANG, i18n, initI18n, switchI18nLanguage } from './i18n';
import { STORAGE_KEYS, writeString } from './storage';

/**
 * antd-mobile's own texts (picker buttons, dialogs) follow the app language. These are its closest
 * shipped locales; each is a small chunk loaded with the language.
 */
const ANTD_LOCALES: Record<Lang, () => Promise<{ default: Locale }>> = {
  en: () => import('antd-mobile/es/locales/en-US'),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kr: () => import('antd-mobile/es/locales/ko-KR'),
  esp: () => import('antd-mobile/es/locales/es-ES'),
  zh: () => import('antd-mobile/es/locales/zh-CN'),
  hk: () => import('antd-mobile/es/locales/zh-TW'),
  th: () => import('antd-mobile/es/locales/th-TH'),
};

type LocaleState = { lang: Lang; antdLocale: Locale | null };

export const useLocaleStore = create<LocaleState>()(() => ({ lang: 'en', antdLocale: null }));

function applyDocumentLang(lang: Lang, antd: Locale) {
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[lang];
  // Imperative pop-ups (Dialog.confirm, Toast) render outside <ConfigProvider> and read this default.
  setDefaultConfig({ locale: antd });
}

/** Loads the first language before the first render so no key ever flashes on screen. */
export async function bootLocale(lang: Lang): Promise<void> {
  // Requests sent while the dictionary loads (the boot prefetch) already carry the language.
  useLocaleStore.setState({ lang });
  const [, antd] = await Promise.all([initI18n(lang), ANTD_LOCALES[lang]()]);
  applyDocumentLang(lang, antd.default);
  writeString(STORAGE_KEYS.lang, lang);
  useLocaleStore.setState({ lang, antdLocale: antd.default });
}

/** Switches every layer together: dictionary, antd-mobile texts, `<html lang>` and the stored mark. */
export async function applyLanguage(lang: Lang): Promise<void> {
  const [, antd] = await Promise.all([switchI18nLanguage(lang), ANTD_LOCALES[lang]()]);
  applyDocumentLang(lang, antd.default);
  writeString(STORAGE_KEYS.lang, lang);
  useLocaleStore.setState({ lang, antdLocale: antd.default });
}

/** The language header of API calls: the app's current language. */
export function currentLang(): Lang {
  return useLocaleStore.getState().lang;
}

export { i18n };
