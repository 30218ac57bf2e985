import { useEffect, useState } from 'react';

/**
 * False until the screen has painted once with `ready` true, then true: what a page waits for before
 * fetching what its first view does not need (a chart library, secondary lists), so those requests
 * do not compete with its largest paint. A hidden tab draws no frames, so a short timer also ends it.
 */
export function usePainted(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => setPainted(true);
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, 250);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      clearTimeout(fallback);
    };
  }, [ready, painted]);
  return painted;
}
