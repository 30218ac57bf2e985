import 'antd-mobile/es/global';
import '../styles/theme.css';
import '../styles/base.css';
import '../styles/transitions.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { APP_VERSION } from '../lib/app-info';
import { detectInitialLang } from '../lib/i18n';
import { preloadToast } from '../lib/loading-indicator';
import { bootLocale } from '../lib/locale';
import { STORAGE_KEYS, writeString } from '../lib/storage';
import { bootTheme } from '../lib/theme';
import { App } from './app';

async function start() {
  bootTheme();
  // The version mark of the device (spec section 3); a later release can compare it to migrate data.
  writeString(STORAGE_KEYS.version, APP_VERSION);
  // The first dictionary loads before the first render, so no raw key ever shows.
  await bootLocale(detectInitialLang()).catch(() => bootLocale('en'));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // Toasts load lazily (they are not on the first screen); fetch them once the app has settled.
  setTimeout(preloadToast, 2_000);
}

void start();
