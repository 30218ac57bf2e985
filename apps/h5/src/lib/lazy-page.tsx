import { type ComponentType, lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { LoadError } from '../components/load-error';
import { PageErrorBoundary } from '../components/page-error-boundary';
import { PageLoader } from '../components/page-loader';
import { loadChunk, type PendingPhase, watchPending } from './lazy-timing';

function PendingPage({ onRetry }: { onRetry: () => void }) {
  const [phase, setPhase] = useState<PendingPhase>('blank');
  useEffect(() => watchPending(setPhase), []);
  if (phase === 'blank') return null;
  if (phase === 'loading') return <PageLoader />;
  return <LoadError reason="slow" onRetry={onRetry} />;
}

// biome-ignore lint/suspicious/noExplicitAny: props are checked at the call site through PropsOf
type AnyComponent = ComponentType<any>;
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/**
 * A page loaded in its own chunk: `lazyPage(() => import('./x-page'), 'XPage')`.
 * A rejected React.lazy stays rejected, so a failure swaps in a fresh loader for the retry.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): ComponentType<PropsOf<M[K]>> {
  const make = () =>
    lazy(() =>
      loadChunk(load).then(
        (module) => ({ default: module[name] as AnyComponent }),
        (error: unknown) => {
          current = make();
          throw error;
        },
      ),
    );
  let current = make();

  function LazyPage(props: PropsOf<M[K]>) {
    const [attempt, setAttempt] = useState(0);
    // `attempt` is the trigger: a retry must pick up the fresh loader.
    const Page = useMemo(() => current, [attempt]);
    const retry = () => setAttempt((a) => a + 1);
    return (
      <PageErrorBoundary resetKey={attempt} onRetry={retry}>
        <Suspense fallback={<PendingPage onRetry={retry} />}>
          <Page {...(props as object)} />
        </Suspense>
      </PageErrorBoundary>
    );
  }
  LazyPage.displayName = `LazyPage(${String(name)})`;
  return LazyPage;
}
