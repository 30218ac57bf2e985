import { LANGS } from '@app/shared';
import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api';
import { applyServerFieldErrors, errorText } from './form-errors';

const files = import.meta.glob<Record<string, unknown>>('../locales/*.json', { eager: true, import: 'default' });

/** A translator for one language, set up as the app sets up its own (lib/i18n.ts). */
async function translatorFor(lang: string) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: lang,
    fallbackLng: false,
    resources: { [lang]: { translation: files[`../locales/${lang}.json`]! } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance.t;
}

/**
 * A field message keeps its value in every language, on both paths the H5 has: the app's own checks
 * (a code translated with its values) and the server's `fields` (text shown under the input as is).
 */
describe('field messages keep their values', () => {
  for (const lang of LANGS) {
    it(`renders the minimum purchase limit and the minimum amount in ${lang}`, async () => {
      const t = await translatorFor(lang);
      const range = '10 – 5000 USDT';
      expect(t('option.check.below_min', { range })).toContain(range);
      expect(t('errors.option_stake_below_min', { range })).toContain(range);
      expect(t('trade.check.amount_below_min', { min: '0.0025', coin: 'BTC' })).toContain('0.0025');

      // The server's field text (already localized, with its value) goes under the input unchanged.
      const serverText = `${t('errors.option_stake_below_min', { range })}`;
      const setError = vi.fn();
      const marked = applyServerFieldErrors(
        new ApiError('error', serverText, 'option_stake_below_min', { number: serverText }),
        setError,
        ['number'] as const,
      );
      expect(marked).toBe(true);
      const shown = errorText(t, setError.mock.calls[0]![1].message);
      expect(shown).toBe(serverText);
      expect(shown).toContain(range);
    });
  }
});
