import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { DemoPriceBanner } from '../features/price-source/components/demo-price-banner';
import { queryClient } from '../lib/query-client';
import { router } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <ConfigProvider locale={enUS}>
      {/* The API client toasts through antd's static `message`, which needs no provider: it has no custom theme to follow. */}
      <QueryClientProvider client={queryClient}>
        {/* Above the router: every page, the sign-in page included, shows it while prices are demo data. */}
        <DemoPriceBanner />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ConfigProvider>
  </StrictMode>,
);
