import type { Lang } from '@app/shared';

/** Each language of the app in its own name: the tabs and labels of the per-language editors. */
export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  jp: '日本語',
  kr: '한국어',
  esp: 'Español',
  zh: '简体中文',
  hk: '繁體中文',
  th: 'ไทย',
};
