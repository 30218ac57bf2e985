/**
 * The reply envelope of every API call (DESIGN.md section 4). The original client of this product
 * family reads `type` and `message`; `error` is a stable code for programs and tests.
 */
export type OkReply<T> = { type: 'ok'; message: T };
export type ErrorReply = { type: 'error'; message: string; error: string; fields?: Record<string, string> };
export type LoggedOutReply = { type: '999'; message: string; error: 'not_logged_in' };
export type VerifyFirstReply = { type: '998'; message: string; error: string };
export type Reply<T> = OkReply<T> | ErrorReply | LoggedOutReply | VerifyFirstReply;

/** The reply type that means "the token is missing, forged, expired or revoked". */
export const LOGGED_OUT_TYPE = '999';
/** The reply type that means "complete real-name verification first". */
export const VERIFY_FIRST_TYPE = '998';
