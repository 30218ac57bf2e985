import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './stack.js';

/** The product's language marks, and the `lang` attribute the app sets on <html> for each. */
export { HTML_LANG, LANGS } from '@app/shared';

/** Every translation key of the H5 app ("settings.title", "errors.code_invalid" …), from en.json. */
function translationKeys(): string[] {
  const en = JSON.parse(readFileSync(join(ROOT, 'apps/h5/src/locales/en.json'), 'utf8')) as Record<string, unknown>;
  const keys: string[] = [];
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [k, v] of Object.entries(node)) {
      if (v && typeof v === 'object') walk(v as Record<string, unknown>, `${prefix}${k}.`);
      else keys.push(`${prefix}${k}`);
    }
  };
  walk(en, '');
  return keys;
}

const KEYS = translationKeys();

/** The translation keys that stand in `shown` as words of their own: texts the page failed to translate. */
export function keysShownRaw(shown: string): string[] {
  return KEYS.filter((key) => new RegExp(`(^|[^\\w.])${key.replace(/\./g, '\\.')}($|[^\\w.])`).test(shown));
}
