import { AppError } from './app-error.js';

/**
 * Free text a person wrote (feedback, chat): trimmed, control characters other than line breaks and
 * tabs removed (PostgreSQL text cannot hold NUL), 1..max characters counted as code points. Stored
 * and shown as plain text: markup is never interpreted, so `<script>` stays those nine letters.
 * (Help centre and support chat.)
 */
export function userText(value: unknown, max: number, field: string): string {
  const text = typeof value === 'string' ? withoutControls(value).trim() : '';
  if (!text) throw new AppError('field_required', { fields: { [field]: 'field_required' } });
  if ([...text].length > max) throw new AppError('text_too_long', { fields: { [field]: 'text_too_long' }, values: { max } });
  return text;
}

/** Optional variant: absent or blank is undefined. */
export function optionalUserText(value: unknown, max: number, field: string): string | undefined {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return undefined;
  return userText(value, max, field);
}

/** Drops C0 control characters and DEL, keeping tab, line feed and carriage return. */
function withoutControls(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c === 9 || c === 10 || c === 13 || (c >= 32 && c !== 127)) out += ch;
  }
  return out;
}
