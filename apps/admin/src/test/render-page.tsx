import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import { ConfigProvider, message } from 'antd';
import enUS from 'antd/locale/en_US';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, vi } from 'vitest';

// A busy shared machine can take seconds to render an antd table; the default one second would make
// waiting for a reply flaky, while a page that never shows it still fails.
configure({ asyncUtilTimeout: 10_000 });

// Testing Library cleans up by itself only with vitest globals, which this repository does not enable.
const clients: QueryClient[] = [];

afterEach(() => {
  cleanup();
  // Queries still polling would schedule React work after the page is gone.
  for (const client of clients.splice(0)) client.clear();
  vi.unstubAllGlobals();
  // The API client's toasts live in antd's static holder outside the page; drop them, keep the holder.
  message.destroy();
});

// antd's static toast holder is a React root no test can unmount. Its leave animations end on the
// window's timers, and React finishes each commit from its scheduler (a Node `setImmediate`, possibly
// over several turns). Were the environment torn down between two of those turns, React would read
// `window.event` after `window` is gone. So once the file is done: stop the window's timers, so no new
// work can start, then let the event loop turn until what React has queued is done.
// (Node's `setImmediate`, the one React's scheduler uses: the window's timers are stopped by then.)
const nodeTurn = (globalThis as unknown as { setImmediate(callback: () => void): void }).setImmediate;
afterAll(async () => {
  await (window as unknown as { happyDOM: { abort(): Promise<void> } }).happyDOM.abort();
  for (let turn = 0; turn < 50; turn++) await new Promise<void>((done) => nodeTurn(done));
});

/**
 * Renders a console page the way main.tsx does (antd in English, react-query, a router at `path`),
 * with a fresh query cache per test so no reply leaks from one test into the next.
 */
export function renderPage(page: ReactNode, { path = '/' }: { path?: string } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  clients.push(client);
  return render(
    <ConfigProvider locale={enUS}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>
      </QueryClientProvider>
    </ConfigProvider>,
  );
}
