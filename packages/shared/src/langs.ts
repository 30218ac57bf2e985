/** The seven language marks of the product, in the order the language page lists them. */
export const LANGS = ['en', 'jp', 'kr', 'esp', 'zh', 'hk', 'th'] as const;
export type Lang = (typeof LANGS)[number];

export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  esp: 'Español',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
};

/** The `<html lang>` value (BCP 47) for each product language mark. */
export const HTML_LANG: Record<Lang, string> = {
  en: 'en',
  jp: 'ja',
  kr: 'ko',
  esp: 'es',
  zh: 'zh-CN',
  hk: 'zh-TW',
  th: 'th',
};

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
