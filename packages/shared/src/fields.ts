import { z } from 'zod';

/**
 * Field types every request schema shares, so that one rule covers every route: an id is an int32
 * row id, text is well-formed Unicode without NUL, a date lies in a sane range, an amount is a decimal
 * text (or a JSON number that says exactly what was typed), an on/off flag is a strict boolean.
 * Messages are error codes (errors.ts), so a refusal names the field in the request's language.
 * Values the database cannot hold (NUL in text, ids past int4) are refused here, never at the insert.
 */

/** The largest id PostgreSQL's `integer` holds. */
export const MAX_INT32 = 2_147_483_647;

/** Whether a string is well-formed UTF-16 (no lone surrogate) and carries no NUL. */
export function isCleanText(value: string): boolean {
  if (value.includes('\u0000')) return false;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return false;
  }
  return true;
}

/**
 * A number or the digits of one, as a form or a query string sends it; anything else (JSON `true`,
 * arrays, objects, "1e3", " 1 ") is left for zod to refuse — `z.coerce.number()` would read `true` as 1.
 */
function strictIntInput(v: unknown): unknown {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && /^-?\d{1,20}$/.test(v.trim())) return Number(v.trim());
  return v;
}

/**
 * An optional field that forms and query strings may send empty: an empty string counts as left out,
 * anything else must pass `field`.
 */
export const omittedIfEmpty = <T extends z.ZodType>(field: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), field.optional());

/** A row id (path, body or query): a positive int32, refused with `code` otherwise. */
export const intId = (code: string = 'not_found') =>
  z.preprocess(strictIntInput, z.number({ message: code }).int(code).positive(code).max(MAX_INT32, code));

/** An integer count or page number in [min, max] (both within int32). */
export const intField = (min: number, max: number, code: string = 'field_invalid') =>
  z.preprocess(strictIntInput, z.number({ message: code }).int(code).min(min, code).max(max, code));

/** Text of at most `max` code points, without NUL or lone surrogates; trimmed. */
export const textField = (max: number, code: string = 'field_invalid') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: code })
      .refine(isCleanText, code)
      .refine((s) => [...s].length <= max, code),
  );

/** Dates are accepted from the year 2000 until 2200: anything outside is a typing error, not a date. */
export const MIN_DATE_MS = Date.UTC(2000, 0, 1);
export const MAX_DATE_MS = Date.UTC(2200, 0, 1);

/**
 * A date as ISO text ("2026-11-27", "2026-11-27T10:00:00Z") or as epoch milliseconds (number or digits).
 * A number is never fed to `new Date(...)` unchecked, so `from=1e30` is a field error, not a 500.
 */
export const dateField = (code: string = 'field_invalid') =>
  z.preprocess(
    (v) => {
      if (typeof v === 'number') return Number.isFinite(v) ? new Date(v) : v;
      if (typeof v !== 'string') return v;
      const t = v.trim();
      if (/^\d{1,15}$/.test(t)) return new Date(Number(t));
      if (!/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(t)) return v;
      return new Date(t);
    },
    z
      .date({ message: code })
      .refine((d) => !Number.isNaN(d.getTime()) && d.getTime() >= MIN_DATE_MS && d.getTime() <= MAX_DATE_MS, code),
  );

/**
 * Whether a JSON number still says exactly what its sender wrote: a decimal of at most 15 significant
 * digits survives the trip through a double unchanged, a longer one may not (9007199254740993 arrives as
 * ...992), so such numbers must be sent as text.
 */
export function isExactNumber(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) return false;
  const text = String(n);
  if (/e/i.test(text)) return false;
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  return digits.length <= 15;
}

/**
 * An amount as the decimal text the user typed; a JSON number only when exact (isExactNumber), turned
 * into its text. Its scale and sign are checked where the coin's precision is known.
 */
export const amountText = (code: string = 'amount_invalid') =>
  z.preprocess(
    (v) => (typeof v === 'number' && isExactNumber(v) ? String(v) : v),
    z.string({ message: code }).refine(isCleanText, code),
  );

/**
 * An on/off flag: true/false, "true"/"false", "1"/"0", 1/0 (forms send text). Everything else — [],
 * {}, 2, "yes" — is a field error rather than a guess.
 */
export function readFlag(v: unknown): boolean | undefined {
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  return undefined;
}
export const flagField = (code: string = 'field_invalid') =>
  z.preprocess((v) => readFlag(typeof v === 'string' ? v.trim().toLowerCase() : v) ?? v, z.boolean({ message: code }));

/** Text the user must fill in: trimmed, 1..max characters, without NUL or lone surrogates. */
export const requiredText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ message: 'field_required' })
      .min(1, 'field_required')
      .max(max, 'field_invalid')
      .refine(isCleanText, 'field_invalid'),
  );

/** Optional text: trimmed, empty counts as absent. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.string({ message: 'field_invalid' }).max(max, 'field_invalid').refine(isCleanText, 'field_invalid').optional(),
  );

/** A row id in a path or body; anything that is not one is simply not found. */
export const idField = intId('not_found');

export const idParams = z.object({ id: idField });

/** A coin id (`currency`, `currency_id`). */
export const currencyField = intId('currency_unknown');

/** Amounts stay text until the coin's precision is known (the server parses them then). */
export const amountField = amountText().optional();

/** Review states of deposits and withdrawals. */
export const REVIEW_STATES = ['pending', 'approved', 'rejected'] as const;
export const reviewStateField = omittedIfEmpty(z.enum(REVIEW_STATES, { message: 'field_invalid' }));
