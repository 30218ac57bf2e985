import type { Reply } from '@app/shared';
import { waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';

/** One request the page sent, as the server would have received it. */
export type ApiCall = {
  method: string;
  /** The API path without the `/api` prefix, e.g. `/admin/approvals/7/approve`. */
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined for a request without one. */
  body: unknown;
};

/** Answers one request; undefined means "no such endpoint", which fails the test loudly. */
export type ApiHandler = (call: ApiCall) => Reply<unknown> | undefined;

export const ok = (message: unknown): Reply<unknown> => ({ type: 'ok', message }) as Reply<unknown>;
export const refused = (message: string, error = 'refused'): Reply<unknown> =>
  ({ type: 'error', message, error }) as Reply<unknown>;

/**
 * Replaces `fetch` for the console's API client (lib/api.ts) with `handler`, recording every call, so
 * a page test sees exactly what the page asked the server and renders from a reply the test chose.
 * A request the handler does not know answers HTTP 404 with an error envelope and is recorded in
 * `unknown`, so a page calling an unexpected path shows up in the test instead of silently rendering.
 */
export function mockApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const unknown: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://console.test');
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: text === undefined ? undefined : JSON.parse(text),
    };
    calls.push(call);
    const reply = handler(call);
    if (!reply) unknown.push(`${call.method} ${call.path}`);
    return new Response(JSON.stringify(reply ?? refused(`no mock for ${call.method} ${call.path}`, 'not_found')), {
      status: reply ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  /** The calls to one path (and method), in order. */
  const callsTo = (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);
  return {
    calls,
    unknown,
    callsTo,
    /** Waits until the page has sent exactly one call to the path (and method), and returns it. */
    sentOnce: async (method: string, path: string): Promise<ApiCall> => {
      await waitFor(() => expect(callsTo(method, path)).toHaveLength(1));
      return callsTo(method, path)[0] as ApiCall;
    },
    /** Waits until the page has read `path` with `key=value` in the query (a filter or a search it applied). */
    readWith: (path: string, key: string, value: string) =>
      waitFor(() => expect(callsTo('GET', path).some((c) => c.query.get(key) === value)).toBe(true)),
    /** Every write (POST) the page sent: a test of a refused form expects none. */
    posts: () => calls.filter((c) => c.method === 'POST'),
  };
}

export type MockApi = ReturnType<typeof mockApi>;

/** An `extra` handler that answers one write: a POST to `path` gets `reply`, anything else is unknown. */
export const answerPost =
  (path: string, reply: Reply<unknown>): ApiHandler =>
  (call) =>
    call.method === 'POST' && call.path === path ? reply : undefined;

/** A whole list as the first page of a paged reply (`{list,total,page,limit}`). */
export const firstPage = (list: unknown[]): Reply<unknown> => ok({ list, total: list.length, page: 1, limit: 20 });

/**
 * `mockApi` for a page that reads fixed data: `reads` answers a GET by its path; anything else (the
 * test's actions) goes to `extra`.
 */
export function mockReads(reads: Record<string, Reply<unknown>>, extra: ApiHandler = () => undefined) {
  return mockApi((call) => (call.method === 'GET' ? reads[call.path] : undefined) ?? extra(call));
}

/**
 * The `serve` of a page that reads one list: `serve(list, extra)` answers a GET of `path` with `list`
 * as its first page, and anything else through `extra`.
 */
export const servesList =
  <T>(path: string) =>
  (list: T[], extra: ApiHandler = () => undefined) =>
    mockReads({ [path]: firstPage(list) }, extra);
