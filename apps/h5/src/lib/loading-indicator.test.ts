import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('./antd-imperative', () => ({
  Toast: {
    show: (options: { content: string; icon?: string }) => calls.push(`show:${options.icon ?? ''}:${options.content}`),
    clear: () => calls.push('clear'),
  },
}));
vi.mock('./i18n', () => ({ i18n: { t: (key: string) => key } }));

const { beginLoading, showMessage, MESSAGE_MS } = await import('./loading-indicator');

/** Lets the dynamic import of the toast module and its `.then` run. */
const settle = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('loading indicator', () => {
  // One fake clock for the whole file: the module's state outlives a test, so time must not go back.
  beforeAll(() => {
    vi.useFakeTimers();
  });
  afterAll(() => {
    vi.useRealTimers();
  });
  beforeEach(async () => {
    // Let any message of the previous test leave the screen.
    await settle(MESSAGE_MS * 2);
    calls.length = 0;
  });

  it('shows the loading toast only for a request slower than the delay, and clears it', async () => {
    const fast = beginLoading();
    await settle(100);
    fast();
    await settle(500);
    expect(calls).toEqual([]);

    const slow = beginLoading();
    await settle(300);
    expect(calls).toEqual(['show:loading:common.loading']);
    slow();
    await settle(0);
    expect(calls).toEqual(['show:loading:common.loading', 'clear']);
  });

  it('keeps a message on screen when a request begins right after it', async () => {
    showMessage('Order filled', 'success');
    await settle(0);
    const refetch = beginLoading();
    await settle(1000);
    refetch();
    await settle(MESSAGE_MS);
    expect(calls).toEqual(['show:success:Order filled']);
  });

  it('gives a request begun under a message no loading toast, even when it outlasts the message', async () => {
    showMessage('Saved', 'success');
    await settle(0);
    const slow = beginLoading();
    await settle(MESSAGE_MS + 1000);
    expect(calls).toEqual(['show:success:Saved']);
    slow();
    await settle(0);
    expect(calls).toEqual(['show:success:Saved']);
    // The next request, once the message has gone, has it again.
    const next = beginLoading();
    await settle(300);
    expect(calls.at(-1)).toBe('show:loading:common.loading');
    next();
    await settle(0);
    expect(calls.at(-1)).toBe('clear');
  });

  it('does not clear a message shown while the loading toast was up', async () => {
    const request = beginLoading();
    await settle(300);
    showMessage('Network error');
    request();
    await settle(0);
    expect(calls).toEqual(['show:loading:common.loading', 'show::Network error']);
  });
});
