import { QueryClientProvider } from '@tanstack/react-query';
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router/dom';
import { i18n } from '../lib/i18n';
import { useLocaleStore } from '../lib/locale';
import { queryClient } from '../lib/query-client';
import { router } from './router';

/** Providers, outermost first: data, translations, antd-mobile's locale, then the routes. */
export function App() {
  const antdLocale = useLocaleStore((s) => s.antdLocale);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {/* bootLocale() has set the locale before the first render; the spread only satisfies types. */}
        <ConfigProvider {...(antdLocale ? { locale: antdLocale } : {})}>
          <RouterProvider router={router} />
        </ConfigProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
