/**
 * Timing rules for lazily loaded pages (spec section 9): a page shows its loading state only after
 * 200 ms (fast loads never flash a spinner), gives up waiting after 60 s, and a chunk that fails or
 * takes over 120 s is a load error.
 */
export const PAGE_DELAY_MS = 200;
export const PAGE_TIMEOUT_MS = 60_000;
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'chunk load timed out' : 'chunk failed to load', options);
    this.name = 'ChunkLoadError';
  }
}

/** Runs a chunk import with the chunk timeout; any failure becomes a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', { cause }));
      },
    );
  });
}

export type PendingPhase = 'blank' | 'loading' | 'timeout';

/** Reports the phases of a pending page: blank at once, loading after the delay, timeout at the end. */
export function watchPending(
  onPhase: (phase: PendingPhase) => void,
  delayMs = PAGE_DELAY_MS,
  timeoutMs = PAGE_TIMEOUT_MS,
): () => void {
  onPhase('blank');
  const show = setTimeout(() => onPhase('loading'), delayMs);
  const giveUp = setTimeout(() => onPhase('timeout'), timeoutMs);
  return () => {
    clearTimeout(show);
    clearTimeout(giveUp);
  };
}
