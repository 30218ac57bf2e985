import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  loadChunk,
  PAGE_DELAY_MS,
  PAGE_TIMEOUT_MS,
  type PendingPhase,
  watchPending,
} from './lazy-timing';

describe('lazy page timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses the spec constants', () => {
    expect([PAGE_DELAY_MS, PAGE_TIMEOUT_MS, CHUNK_TIMEOUT_MS]).toEqual([200, 60_000, 120_000]);
  });

  it('shows nothing before 200 ms, the loader from 200 ms, gives up at 60 s', () => {
    const phases: PendingPhase[] = [];
    watchPending((p) => phases.push(p));
    expect(phases).toEqual(['blank']);
    vi.advanceTimersByTime(199);
    expect(phases).toEqual(['blank']);
    vi.advanceTimersByTime(1);
    expect(phases).toEqual(['blank', 'loading']);
    vi.advanceTimersByTime(PAGE_TIMEOUT_MS - PAGE_DELAY_MS - 1);
    expect(phases.at(-1)).toBe('loading');
    vi.advanceTimersByTime(1);
    expect(phases.at(-1)).toBe('timeout');
  });

  it('stops reporting once the page has arrived', () => {
    const phases: PendingPhase[] = [];
    const stop = watchPending((p) => phases.push(p));
    vi.advanceTimersByTime(100);
    stop();
    vi.advanceTimersByTime(PAGE_TIMEOUT_MS);
    expect(phases).toEqual(['blank']);
  });

  it('rejects a chunk that takes longer than 120 s', async () => {
    const result = loadChunk(() => new Promise<never>(() => {}));
    const settled = expect(result).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await settled;
  });

  it('passes a chunk that arrives in time and wraps a failing one', async () => {
    await expect(loadChunk(() => Promise.resolve('page'))).resolves.toBe('page');
    const failed = await loadChunk(() => Promise.reject(new TypeError('Failed to fetch'))).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ChunkLoadError);
    expect((failed as ChunkLoadError).reason).toBe('failed');
  });

  it('does not time out a chunk that resolved just before the limit', async () => {
    let resolve: (v: string) => void = () => {};
    const result = loadChunk(() => new Promise<string>((r) => (resolve = r)));
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1);
    resolve('late page');
    await expect(result).resolves.toBe('late page');
    vi.advanceTimersByTime(10);
  });
});
