import type { TFunction } from 'i18next';

/** "15 days" / "1 day": the locales keep one key set for all seven languages, so no plural suffixes. */
export const daysLabel = (t: TFunction, n: number): string => (n === 1 ? t('finance.one_day') : t('finance.days', { n }));
