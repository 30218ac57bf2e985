import { FALLBACK_MESSAGE, type FormValue, readReply, toFormBody } from './api-reply';
import { currentToken, useAuthStore } from './auth-store';
import { takeEarlyReply } from './early-replies';
import { appEvents } from './events';
import { i18n } from './i18n';
import { beginLoading, showMessage } from './loading-indicator';
import { currentLang } from './locale';
import { API_BASE } from './paths';

/** Spec section 9: requests give up after 60 seconds. */
export const REQUEST_TIMEOUT_MS = 60_000;

export type ApiErrorKind = 'error' | 'logged_out' | 'verify_first' | 'network' | 'timeout';

/**
 * A failed call. By the time it is thrown the user has already seen a toast (unless the call asked for
 * `toast: false`), so callers only catch it to show field errors or to stop a flow.
 */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type RequestOptions = {
  /** Show the shared loading toast (default true; queries that render their own skeleton pass false). */
  loading?: boolean;
  /** Toast the failure message (default true). */
  toast?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * What failed, for a failure the server did not explain (a bare error page): "Could not load the
   * data" for reads, "Submit failed" for writes, "Bind failed" for binding a card, address or account.
   */
  failure?: FailureKind;
};

export type FailureKind = 'load' | 'submit' | 'bind';

/** The spec's messages for a failure without a server message, instead of a bare "ERROR". */
const FAILURE_KEYS: Record<FailureKind, string> = {
  load: 'common.load_data_failed',
  submit: 'errors.submit_failed',
  bind: 'errors.bind_failed',
};

export type Body = Record<string, FormValue>;

async function request<T>(
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body: Body | FormData | undefined,
  opts: RequestOptions,
): Promise<T> {
  const { loading = true, toast = true, timeoutMs = REQUEST_TIMEOUT_MS } = opts;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', forwardAbort, { once: true });
  const endLoading = loading ? beginLoading() : () => {};

  const headers: Record<string, string> = { lang: currentLang(), Accept: 'application/json' };
  const token = currentToken();
  if (token) headers.Authorization = token;

  const relative = path.replace(/^\//, '');
  let url = API_BASE + relative;
  let payload: URLSearchParams | FormData | undefined;
  if (body instanceof FormData) {
    // Multipart (uploads): the browser writes the Content-Type with its boundary.
    payload = body;
  } else if (method === 'GET') {
    const query = toFormBody(body).toString();
    if (query) url += (url.includes('?') ? '&' : '?') + query;
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    payload = toFormBody(body);
  }

  const fail = (error: ApiError): never => {
    if (toast) showMessage(error.message);
    throw error;
  };

  // The connection failed, timed out or was cancelled, while sending or while the reply's body was
  // still arriving. A caller's cancel (a query the user navigated away from) is silent: reading its
  // half-received body must not end in a generic "ERROR" toast over the page the user went to.
  const transportFailure = (): never => {
    if (opts.signal?.aborted) throw new ApiError('network', 'aborted');
    return fail(
      timedOut
        ? new ApiError('timeout', i18n.t('errors.request_timeout'), 'request_timeout')
        : new ApiError('network', i18n.t('common.network_error')),
    );
  };

  try {
    let text: string;
    try {
      // The first screen's data may already be on its way (the boot script asked for it).
      const early = method === 'GET' && body === undefined ? takeEarlyReply(relative) : undefined;
      if (early)
        text = await untilAborted(
          early.then((res) => res.text()),
          controller.signal,
        );
      else {
        const res = await fetch(url, { method, headers, body: payload, signal: controller.signal });
        text = await res.text();
      }
    } catch {
      return transportFailure();
    }
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // A proxy error page or an empty body: treated as a failure with the generic message below.
    }
    const outcome = readReply<T>(json);
    if (outcome.kind === 'ok') return outcome.data;
    if (outcome.kind === 'logged_out') {
      // Spec section 4: clear token and user, show the message, announce it; the login guard redirects.
      useAuthStore.getState().clear();
      if (toast) showMessage(outcome.message);
      appEvents.emit('not-logged-in', { code: 999 });
      throw new ApiError('logged_out', outcome.message, 'not_logged_in');
    }
    if (outcome.kind === 'verify_first') {
      // No toast: the app layer shows the reason in a dialog that stays, with a way to verify.
      appEvents.emit('verify-required', { code: 998, message: outcome.message });
      throw new ApiError('verify_first', outcome.message);
    }
    // Queries (reads, even the few sent as POST) pass a signal; a write without one is a submission.
    const failure = opts.failure ?? (method === 'GET' || opts.signal ? 'load' : 'submit');
    const message = outcome.message === FALLBACK_MESSAGE ? i18n.t(FAILURE_KEYS[failure]) : outcome.message;
    return fail(new ApiError('error', message, outcome.code, outcome.fields));
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', forwardAbort);
    endLoading();
  }
}

/** `reply`, unless `signal` aborts first (a reply already on its way cannot be cancelled, only left). */
function untilAborted<T>(reply: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    reply.then(resolve, reject);
  });
}

/** The one client of the app: relative paths under /api, form-urlencoded bodies, GET with a query. */
export const api = {
  get: <T>(path: string, query?: Body, opts: RequestOptions = {}) => request<T>('GET', path, query, opts),
  post: <T>(path: string, body?: Body, opts: RequestOptions = {}) => request<T>('POST', path, body, opts),
  put: <T>(path: string, body?: Body, opts: RequestOptions = {}) => request<T>('PUT', path, body, opts),
  /** A multipart POST (the `upload` route), with the same headers, envelope and error handling. */
  upload: <T>(path: string, form: FormData, opts: RequestOptions = {}) => request<T>('POST', path, form, opts),
};

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
