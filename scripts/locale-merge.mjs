#!/usr/bin/env node
/**
 * Merges new H5 translation keys into all seven locale files at once.
 *
 *   node scripts/locale-merge.mjs keys.json
 *
 * keys.json holds one object per language ({"en": {...}, "jp": {...}, ...}) with nested keys. Each
 * locale file is read, merged and written back within the same tick, so several people adding keys
 * for different features do not overwrite each other's work. Existing keys are replaced; a language
 * missing from the input is an error, because every string must exist in all seven files.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const LANGS = ['en', 'jp', 'kr', 'esp', 'zh', 'hk', 'th'];
const dir = join(import.meta.dirname, '..', 'apps', 'h5', 'src', 'locales');

const input = JSON.parse(readFileSync(process.argv[2] ?? '/dev/stdin', 'utf8'));
const missing = LANGS.filter((lang) => !input[lang]);
if (missing.length > 0) {
  console.error(`locale-merge: no keys for ${missing.join(', ')}; every language needs them`);
  process.exit(1);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (!target[key] || typeof target[key] !== 'object') target[key] = {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
}

for (const lang of LANGS) {
  const file = join(dir, `${lang}.json`);
  const dictionary = JSON.parse(readFileSync(file, 'utf8'));
  merge(dictionary, input[lang]);
  writeFileSync(file, `${JSON.stringify(dictionary, null, 2)}\n`);
}
console.log(`locale-merge: merged into ${LANGS.length} locale files`);
