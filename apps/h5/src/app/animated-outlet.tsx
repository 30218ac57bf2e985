import { useRef } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageSuspense } from '../lib/lazy-page';

/**
 * Renders the matched page in a wrapper keyed by location, so each navigation plays the slide-in (push),
 * slide-back (pop) or fade (replace) animation. `groupKey` keeps one wrapper for a group of routes
 * (the tab pages) so the tab bar does not animate with them. The very first page does not animate.
 * The Suspense boundary stays outside the keyed wrapper, so the old page stays drawn while the next
 * page's chunk loads (see PageSuspense).
 */
export function AnimatedOutlet({ groupKey }: { groupKey?: string | undefined }) {
  const location = useLocation();
  const action = useNavigationType();
  const first = useRef(location.key);
  const animate = location.key !== first.current && !groupKey;
  const className = animate ? `page-transition page-transition--${action.toLowerCase()}` : 'page-transition';
  return (
    <PageSuspense>
      <div key={groupKey ?? location.key} className={className}>
        <Outlet />
      </div>
    </PageSuspense>
  );
}
