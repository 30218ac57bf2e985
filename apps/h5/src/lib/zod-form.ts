import { emailSchema, phoneSchema } from '@app/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** Extra field checks: field name → error code, or undefined when the field is fine. */
export type FieldChecks<T> = (values: T) => Partial<Record<keyof T & string, string | undefined>>;

/**
 * zod runs an object's refinements (the account format by its type, the password pair) only once
 * every field is valid, so a half-filled form would hide some of its errors until others are fixed.
 * These checks add the same codes for fields that have no error yet, so the user sees all at once.
 */
export function mergeChecks<T extends FieldValues>(values: T, errors: FieldErrors<T>, checks: FieldChecks<T>): FieldErrors<T> {
  let merged = errors;
  for (const [name, message] of Object.entries(checks(values))) {
    if (!message || merged[name]) continue;
    const error: FieldError = { type: 'custom', message: message as string };
    merged = { ...merged, [name]: error };
  }
  return merged;
}

/** "The two passwords do not match" once the confirmation is typed and differs. */
export const confirmCheck =
  <T extends FieldValues>(first: keyof T & string, second: keyof T & string): FieldChecks<T> =>
  (values) => {
    const confirm = values[second];
    const mismatch = typeof confirm === 'string' && confirm !== '' && confirm !== values[first];
    return { [second]: mismatch ? 'password_mismatch' : undefined } as Partial<Record<keyof T & string, string>>;
  };

/** The account field checked as a phone number or an e-mail address, by the form's `type`. */
export const accountCheck =
  <T extends FieldValues & { type: string; user_string: string }>(): FieldChecks<T> =>
  (values) => {
    const result = (values.type === 'mobile' ? phoneSchema : emailSchema).safeParse(values.user_string);
    // A phone number needs its area code (the list may still be loading); an e-mail address has none.
    const area = (values as { area_code?: unknown }).area_code;
    const areaMissing = values.type === 'mobile' && 'area_code' in values && (typeof area !== 'string' || area.trim() === '');
    return {
      user_string: result.success ? undefined : result.error.issues[0]?.message,
      ...(areaMissing ? { area_code: 'area_code_unknown' } : {}),
    } as Partial<Record<keyof T & string, string>>;
  };

export function combineChecks<T>(...checks: FieldChecks<T>[]): FieldChecks<T> {
  return (values) => Object.assign({}, ...checks.map((check) => check(values)));
}

/**
 * A react-hook-form resolver from one of the shared zod schemas. The shared schemas accept loose
 * input (`unknown` through preprocessors, as a server must), which does not fit a form's value type,
 * so the form states its own value type here. Submitted values are the schema's parsed output
 * (trimmed, lower-cased e-mail), i.e. exactly what the server will validate.
 */
export function schemaResolver<TValues extends FieldValues>(schema: z.ZodType, checks?: FieldChecks<TValues>): Resolver<TValues> {
  const base = zodResolver(schema as never) as unknown as Resolver<TValues>;
  if (!checks) return base;
  return async (values, context, opts) => {
    const result = await base(values, context, opts);
    const errors = mergeChecks(values, result.errors, checks);
    if (Object.keys(errors).length === 0) return result;
    return { values: {}, errors };
  };
}
