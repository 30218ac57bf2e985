import { isErrorCode } from '@app/shared';
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Field messages come from two places: the shared zod schemas, whose messages are error codes, and
 * the server, whose `fields` are already localized text. Codes are translated, text is shown as is.
 */
export function errorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isErrorCode(message) ? t(`errors.${message}`) : message;
}

/**
 * Puts the server's per-field errors under the matching inputs. Returns true when at least one field
 * of this form was marked, so the caller knows the toast already said the rest.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let marked = false;
  for (const [name, message] of Object.entries(error.fields)) {
    const field = fieldNames.find((f) => f === name);
    if (field) {
      setError(field, { type: 'server', message });
      marked = true;
    }
  }
  return marked;
}
