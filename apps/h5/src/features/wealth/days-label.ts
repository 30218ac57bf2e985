import type { TFunction } from 'i18next';

/** "1 day" / "15 days": the plural form each language needs comes from i18next (`finance.days_one`, …). */
export const daysLabel = (t: TFunction, n: number): string => t('finance.days', { count: n });
