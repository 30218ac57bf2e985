import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createPath, HashRouter, useLocation, useNavigate, useRoutes } from 'react-router';
import { i18n } from '../lib/i18n';
import { useLocaleStore } from '../lib/locale';
import { queryClient } from '../lib/query-client';
import { routes } from './router';

/**
 * The routes under a plain hash router. The app uses no data-router feature (loaders, actions,
 * blockers), and RouterProvider's data router added about 55 kB to the entry every first load waits for.
 */
function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The hash router reads the address at its first render and listens for changes only once it has
 * committed; the first render is a transition, rendered in slices while the browser runs, so a hash
 * change in between (a link opened while the app starts, a quick tap) went unheard and the app stayed on
 * the old page. After mounting (the router is listening by then), go where the address bar says.
 */
function FollowEarlyHashChange() {
  const location = useLocation();
  const navigate = useNavigate();
  // Once, on mount: later changes are heard by the router itself.
  useEffect(() => {
    const address = window.location.hash.replace(/^#/, '') || '/';
    if (address !== createPath(location)) navigate(address, { replace: true });
  }, []);
  return null;
}

/** Providers, outermost first: data, translations, antd-mobile's locale, then the routes. */
export function App() {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* bootLocale() has set the locale before the first render; the spread only satisfies types. */}
        <ConfigProvider {...(antdLocale ? { locale: antdLocale } : {})}>
          <HashRouter>
            <FollowEarlyHashChange />
            <AppRoutes />
          </HashRouter>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
