import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { pageStack } from '../lib/back-navigation';
import { i18n } from '../lib/i18n';
import { showMessage } from '../lib/loading-indicator';
import { isTabPath } from '../lib/paths';
import { exitGuard } from './navigation';

/**
 * Feeds every route change to the in-app page stack and the exit guard, and handles the guard's
 * answers to browser back presses.
 */
export function useNavigationTracking(): void {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  const isRoot = useRef(false);

  useEffect(() => {
    pageStack.apply(action, location.key);
    // A tab page is a root page only when nothing in the app lies below it.
    isRoot.current = isTabPath(location.pathname) && pageStack.depth === 1;
    exitGuard().update(isRoot.current);
  }, [location.key, location.pathname, action]);

  useEffect(() => {
    const guard = exitGuard();
    const onPop = () => {
      const result = guard.onPopState();
      if (result.kind === 'exit-hint') showMessage(i18n.t('common.press_again_to_exit'));
      // Let the router settle on the entry below the sentinel before replacing it with the new tab.
      else if (result.kind === 'switch-tab') setTimeout(() => navigate(result.path, { replace: true }), 0);
    };
    // Arms the sentinel once the user has interacted (see navigation.ts); cheap when already armed.
    const onActivation = () => guard.update(isRoot.current);
    window.addEventListener('popstate', onPop);
    window.addEventListener('click', onActivation, true);
    window.addEventListener('keydown', onActivation, true);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('click', onActivation, true);
      window.removeEventListener('keydown', onActivation, true);
      guard.dispose();
    };
  }, [navigate]);
}
