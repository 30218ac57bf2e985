import { ERROR_CODES, LANGS } from '@app/shared';
import { describe, expect, it } from 'vitest';

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

      it('has every key of en and no other', () => {
        expect([...dict.keys()].filter((k) => !en.has(k))).toEqual([]);
        expect([...en.keys()].filter((k) => !dict.has(k))).toEqual([]);
      });

      it('has no empty value', () => {
        const empty = [...dict].filter(([, v]) => typeof v !== 'string' || v.trim() === '').map(([k]) => k);
        expect(empty).toEqual([]);
      });

      it('keeps the placeholders and tags of en', () => {
        const broken = [...en]
          .filter(
            ([k, v]) => typeof v === 'string' && JSON.stringify(tokens(v)) !== JSON.stringify(tokens(String(dict.get(k) ?? ''))),
          )
          .map(([k]) => k);
        expect(broken).toEqual([]);
      });
    });
  }
});
