import { LOGGED_OUT_TYPE, VERIFY_FIRST_TYPE } from '@app/shared';

/**
 * How a reply envelope is read (spec section 7): `type === "ok"` or `code === 1` is success, `999`
 * means the session is gone, `998` means real-name verification is needed, anything else is a failure
 * whose message the user sees ("ERROR" when the server gave none).
 */
export type ReplyOutcome<T> =
  | { kind: 'ok'; data: T }
  | { kind: 'logged_out'; message: string }
  | { kind: 'verify_first'; message: string }
  | { kind: 'error'; message: string; code: string | undefined; fields: Record<string, string> | undefined };

export const FALLBACK_MESSAGE = 'ERROR';

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v;
  return Object.keys(out).length > 0 ? out : undefined;
}

export function readReply<T>(reply: unknown): ReplyOutcome<T> {
  if (!reply || typeof reply !== 'object')
    return { kind: 'error', message: FALLBACK_MESSAGE, code: undefined, fields: undefined };
  const r = reply as Record<string, unknown>;
  if (r.type === 'ok') return { kind: 'ok', data: r.message as T };
  if (r.code === 1 || r.code === '1') return { kind: 'ok', data: (r.data ?? r.message) as T };
  if (String(r.type) === LOGGED_OUT_TYPE) return { kind: 'logged_out', message: stringOr(r.message, FALLBACK_MESSAGE) };
  if (String(r.type) === VERIFY_FIRST_TYPE) return { kind: 'verify_first', message: stringOr(r.message, FALLBACK_MESSAGE) };
  return {
    kind: 'error',
    message: stringOr(r.message ?? r.msg, FALLBACK_MESSAGE),
    code: typeof r.error === 'string' ? r.error : undefined,
    fields: stringRecord(r.fields),
  };
}

export type FormValue = string | number | boolean | null | undefined;

/** Form-urlencoded body: absent values are left out, booleans become "1"/"0" as the server expects. */
export function toFormBody(body: Record<string, FormValue> | undefined): URLSearchParams {
  const params = new URLSearchParams();
  if (!body) return params;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    params.append(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return params;
}
