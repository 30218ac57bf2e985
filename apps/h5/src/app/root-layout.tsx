import { useLocation } from 'react-router';
import { isTabPath } from '../lib/paths';
import { AnimatedOutlet } from './animated-outlet';
import { useAppEvents } from './use-app-events';
import { useNavigationTracking } from './use-navigation-tracking';

export function RootLayout() {
  useNavigationTracking();
  useAppEvents();
  const { pathname } = useLocation();
  return (
    <div className="app-shell">
      <AnimatedOutlet groupKey={isTabPath(pathname) ? 'tabs' : undefined} />
    </div>
  );
}
