import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { I18nextProvider } from 'react-i18next';
import { HashRouter, useRoutes } from 'react-router';
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

/** Providers, outermost first: data, translations, antd-mobile's locale, then the routes. */
export function App() {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* bootLocale() has set the locale before the first render; the spread only satisfies types. */}
        <ConfigProvider {...(antdLocale ? { locale: antdLocale } : {})}>
          <HashRouter>
            <AppRoutes />
          </HashRouter>
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
