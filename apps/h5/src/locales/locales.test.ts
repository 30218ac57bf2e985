import { ERROR_CODES, LANGS } from '@app/shared';
import { describe, expect, it } from 'vitest';
// The same BCP 47 tags whose Intl.PluralRules decide the forms i18next looks up (lib/i18n.ts).
import { HTML_LANG } from '../lib/i18n';

type Dict = { [key: string]: string | Dict };

// The same files the app loads, found the same way (no Node APIs: this project is typed for the browser).
const files = import.meta.glob<Dict>('./*.json', { eager: true, import: 'default' });

function load(lang: string): Dict {
  const dict = files[`./${lang}.json`];
  if (!dict) throw new Error(`missing ${lang}.json`);
  return dict;
}

/** "a.b.c" → value, for every leaf. */
function flatten(dict: Dict, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(dict)) {
    const path = prefix + key;
    if (value && typeof value === 'object') for (const [k, v] of flatten(value, `${path}.`)) out.set(k, v);
    else out.set(path, value);
  }
  return out;
}

/** The {{placeholders}} and <tags> a translation must keep for interpolation and <Trans>. */
function tokens(text: string): string[] {
  return [...text.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0].replace(/\s/g, '')).sort();
}

const en = flatten(load('en'));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Counted texts: the keys that en writes as `<key>_other` (plain keys like `lots_too_many` are not). */
const pluralBases = new Set([...en.keys()].filter((k) => k.endsWith('_other')).map((k) => k.replace(PLURAL, '')));

/** A counted text's key with its plural suffix dropped; any other key as it is. */
const baseOf = (key: string) => {
  const base = key.replace(PLURAL, '');
  return pluralBases.has(base) ? base : key;
};

describe('locales', () => {
  it('has exactly one file per product language', () => {
    const langs = Object.keys(files)
      .map((f) => f.replace(/^\.\/(.*)\.json$/, '$1'))
      .sort();
    expect(langs).toEqual([...LANGS].sort());
  });

  it('translates every error code of the shared contract', () => {
    for (const code of ERROR_CODES) expect(en.get(`errors.${code}`), `errors.${code}`).toBeTypeOf('string');
  });

  for (const lang of LANGS) {
    describe(lang, () => {
      const dict = flatten(load(lang));

      // Every file has the same keys, plural forms included: a form a language does not use (Japanese
      // has no singular) repeats its `_other` text, so a translator sees one list of keys everywhere.
      it('has every key of en and no other', () => {
        const ours = new Set(dict.keys());
        expect([...ours].filter((k) => !en.has(k))).toEqual([]);
        expect([...en.keys()].filter((k) => !ours.has(k))).toEqual([]);
      });

      it('writes every counted text in at least the plural forms its language needs, each with the count', () => {
        const needed = new Intl.PluralRules(HTML_LANG[lang]).resolvedOptions().pluralCategories;
        for (const base of pluralBases) {
          const forms = [...dict.keys()]
            .filter((k) => k.replace(PLURAL, '') === base && PLURAL.test(k))
            .map((k) => k.replace(/^.*_/, ''));
          expect(
            needed.filter((form) => !forms.includes(form)),
            `${lang}: ${base}`,
          ).toEqual([]);
          for (const form of forms)
            expect(String(dict.get(`${base}_${form}`)), `${lang}: ${base}_${form}`).toContain('{{count}}');
        }
      });

      it('has no empty value', () => {
        const empty = [...dict].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
        expect(empty).toEqual([]);
      });

      it('keeps the placeholders and tags of en', () => {
        // A plural form keeps the placeholders of en's `_other` form.
        const model = (k: string) => String(en.get(baseOf(k) === k ? k : `${baseOf(k)}_other`) ?? '');
        const broken = [...dict]
          .filter(([k, v]) => typeof v === 'string' && JSON.stringify(tokens(model(k))) !== JSON.stringify(tokens(v)))
          .map(([k]) => k);
        expect(broken).toEqual([]);
      });
    });
  }
});
