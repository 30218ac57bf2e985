import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useMemo, useState } from 'react';
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

/** A chunk that is still on its way cannot be hurried: a retry starts the app over. */
const reload = () => window.location.reload();

/**
 * The boundary a route's lazy page suspends to. It sits above the element keyed by location
 * (AnimatedOutlet), so after the first page it is already on screen: a navigation is a transition
 * (the router wraps it in startTransition), and React keeps the old page drawn while the next page's
 * chunk loads instead of blanking the screen. Only the very first page, or an update outside a
 * transition, shows the pending state (blank, then the loader after 200 ms, then "slow").
 */
export function PageSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PendingPage onRetry={reload} />}>{children}</Suspense>;
}

// biome-ignore lint/suspicious/noExplicitAny: props are checked at the call site through PropsOf
type AnyComponent = ComponentType<any>;
type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A lazily loaded page; `preload()` fetches its chunk ahead of the first render (main.tsx). */
export type LazyPageComponent<P> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * A page loaded in its own chunk: `lazyPage(() => import('./x-page'), 'XPage')`, rendered inside a
 * PageSuspense. It has no Suspense boundary of its own: a fresh boundary would show its fallback even
 * during a transition, which is the blank screen between two pages.
 * A rejected React.lazy stays rejected, so a retry after a failure swaps in a fresh loader.
 * A page whose chunk is already loaded renders at once: React.lazy suspends at least once, and React
 * then holds the revealed page back for a few hundred milliseconds after the fallback.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K): LazyPageComponent<PropsOf<M[K]>> {
  let loaded: AnyComponent | null = null;
  const resolve = (module: M) => {
    loaded = module[name] as AnyComponent;
    return loaded;
  };
  // A failed loader is replaced only when the user retries: until the error is on screen the page has
  // not been committed (the navigation is a transition), and a fresh loader picked up by its next render
  // would quietly start over instead of showing the error.
  let failed = false;
  const make = () =>
    lazy(() =>
      loadChunk(load).then(
        (module) => ({ default: resolve(module) }),
        (error: unknown) => {
          failed = true;
          throw error;
        },
      ),
    );
  let current = make();

  function LazyPage(props: PropsOf<M[K]>) {
    const [attempt, setAttempt] = useState(0);
    // `attempt` is the trigger: a retry must pick up the fresh loader. The choice is kept for the
    // life of this element, so a page never switches component (and loses its state) mid-way.
    const Page = useMemo(() => loaded ?? current, [attempt]);
    const retry = () => {
      if (failed) {
        failed = false;
        current = make();
      }
      setAttempt((a) => a + 1);
    };
    return (
      <PageErrorBoundary resetKey={attempt} onRetry={retry}>
        <Page {...(props as object)} />
      </PageErrorBoundary>
    );
  }
  LazyPage.displayName = `LazyPage(${String(name)})`;
  LazyPage.preload = () => loadChunk(load).then((module) => void resolve(module));
  return LazyPage;
}
