import { LOGGED_OUT_TYPE, type Reply } from '@app/shared';
import { message } from 'antd';
import { currentToken, useAuthStore } from './auth-store';

/** Every console call goes to the same origin; Vite's dev server proxies /api to the local server. */
const API_BASE = '/api';

/** A failed call: `code` is the server's stable error code, or a client-side one for transport failures. */
export class ApiError extends Error {
  readonly code: string;
  readonly type: string;
  readonly status: number;

  constructor(text: string, code: string, type: string, status: number) {
    super(text);
    this.name = 'ApiError';
    this.code = code;
    this.type = type;
    this.status = status;
  }
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; the server accepts JSON as well as form bodies. */
  body?: unknown;
  /** Empty values are left out, so an unset filter means "no filter" rather than "equals ''". */
  query?: QueryParams;
  signal?: AbortSignal;
  /** Suppress the toast, for calls whose failure the caller handles (sign-out of an expired session). */
  quiet?: boolean;
};

function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function fail(error: ApiError, quiet: boolean | undefined): never {
  // Keyed by text so a polling page that keeps failing shows one toast, not a stack of identical ones.
  if (!quiet) void message.error({ content: error.message, key: `api:${error.message}` });
  throw error;
}

function isReply(value: unknown): value is Reply<unknown> {
  return !!value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string';
}

function authHeaders(): Record<string, string> {
  // The console is English-only; asking for English keeps server messages consistent with the UI.
  const headers: Record<string, string> = { lang: 'en' };
  const token = currentToken();
  if (token) headers.Authorization = token;
  return headers;
}

async function send(url: string, init: RequestInit, signal: AbortSignal | undefined, quiet: boolean | undefined) {
  try {
    return await fetch(url, { ...init, signal: signal ?? null });
  } catch (cause) {
    // An aborted query (unmounted page, newer filter) is not an error worth telling the operator about.
    if (signal?.aborted) throw cause;
    fail(new ApiError('Cannot reach the server. Check your connection and try again.', 'network_error', 'error', 0), quiet);
  }
}

/** Turns a non-`ok` envelope into an ApiError (and drops the session on "999"). */
function refuse(payload: Reply<unknown>, status: number, quiet: boolean | undefined): never {
  const text = typeof payload.message === 'string' && payload.message ? payload.message : 'The request failed.';
  const code = 'error' in payload && typeof payload.error === 'string' ? payload.error : 'unknown_error';
  if (payload.type === LOGGED_OUT_TYPE) {
    // Dropping the session makes the guard redirect to sign-in; the toast says why it happened.
    useAuthStore.getState().signOut();
  }
  fail(new ApiError(text, code, payload.type, status), quiet);
}

/**
 * Calls the API and unwraps the envelope: `ok` resolves with `message`; anything else shows the
 * server's (already localized) text and throws, so callers only ever handle data or an ApiError.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal, quiet } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const response = await send(
    buildUrl(path, query),
    { method, headers, body: body === undefined ? null : JSON.stringify(body) },
    signal,
    quiet,
  );

  let payload: unknown;
  try {
    payload = await response.json();
  } catch (cause) {
    // Cancelled while the body was arriving (a newer refetch, a closed page): not the server's fault.
    if (signal?.aborted) throw cause;
    fail(
      new ApiError(`The server sent an unreadable reply (HTTP ${response.status}).`, 'bad_reply', 'error', response.status),
      quiet,
    );
  }
  if (!isReply(payload)) {
    fail(
      new ApiError(`The server sent an unexpected reply (HTTP ${response.status}).`, 'bad_reply', 'error', response.status),
      quiet,
    );
  }

  if (payload.type === 'ok') return payload.message as T;
  refuse(payload, response.status, quiet);
}

export const apiGet = <T>(path: string, query?: QueryParams, signal?: AbortSignal) =>
  api<T>(path, { method: 'GET', ...(query ? { query } : {}), ...(signal ? { signal } : {}) });

export const apiPost = <T>(path: string, body: unknown = {}, options: Omit<ApiOptions, 'method' | 'body'> = {}) =>
  api<T>(path, { ...options, method: 'POST', body });

/**
 * The API path of a file the server names either by upload id or by URL (`/api/upload/<id>`, possibly
 * absolute). Only same-origin API paths are accepted, so a stored URL cannot make the console send
 * the operator's token to another host.
 */
export function uploadPath(idOrUrl: string): string {
  let path = idOrUrl.trim();
  if (/^https?:\/\//i.test(path)) {
    const url = new URL(path);
    if (url.origin !== window.location.origin) throw new ApiError('The file is on another host.', 'bad_reply', 'error', 0);
    path = url.pathname;
  }
  if (path.startsWith(`${API_BASE}/`)) return path.slice(API_BASE.length);
  if (path.startsWith('/')) return path;
  return `/upload/${encodeURIComponent(path)}`;
}

/**
 * Fetches bytes (an uploaded image) with the operator's token. An <img src> cannot send the
 * Authorization header, so pages show the result through an object URL instead. A JSON reply here
 * is the server refusing (not found, signed out), handled like any other refusal.
 */
export async function getBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(buildUrl(path), { method: 'GET', headers: authHeaders() }, signal, true);
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) {
    let payload: unknown = null;
    try {
      payload = await response.json();
    } catch {
      // fall through to the generic failure below
    }
    if (isReply(payload) && payload.type !== 'ok') refuse(payload, response.status, true);
    fail(new ApiError(`Expected a file, got HTTP ${response.status}.`, 'bad_reply', 'error', response.status), true);
  }
  if (!response.ok) {
    fail(new ApiError(`The file could not be loaded (HTTP ${response.status}).`, 'bad_reply', 'error', response.status), true);
  }
  return response.blob();
}
