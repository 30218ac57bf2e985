import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, vi } from 'vitest';
import { api } from '../lib/api';
import { i18n, initI18n } from '../lib/i18n';

/** One request a page sent through the app's client: the method, the path under /api, and its body or query. */
export type ApiCall = { method: 'GET' | 'POST' | 'PUT'; path: string; body: Record<string, unknown> | undefined };

/** Answers one request; undefined means "no such endpoint", which rejects the request so the test sees it. */
export type ApiHandler = (call: ApiCall) => unknown;

/**
 * Replaces the app's API client (lib/api.ts) with `handler`, recording every call: a page test renders
 * from the replies it chose and can check what the page asked for. A reply may be a promise (one that
 * never settles keeps the page loading).
 */
export function mockApi(handler: ApiHandler) {
  const calls: ApiCall[] = [];
  const unknown: string[] = [];
  const answer = (method: ApiCall['method']) => async (path: string, body?: unknown) => {
    const call: ApiCall = { method, path, body: body as ApiCall['body'] };
    calls.push(call);
    const reply = await handler(call);
    if (reply === undefined) {
      unknown.push(`${method} ${path}`);
      throw new Error(`no mock for ${method} ${path}`);
    }
    return reply;
  };
  vi.spyOn(api, 'get').mockImplementation(answer('GET') as typeof api.get);
  vi.spyOn(api, 'post').mockImplementation(answer('POST') as typeof api.post);
  vi.spyOn(api, 'put').mockImplementation(answer('PUT') as typeof api.put);
  return {
    calls,
    unknown,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** Renders a page as the app does (its English dictionary, a fresh query cache, a router at `path`). */
export async function renderPage(page: ReactNode, { path = '/' }: { path?: string } = {}) {
  if (!i18n.isInitialized) await initI18n('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
