import 'antd-mobile/es/global';
import '../styles/theme.css';
import '../styles/base.css';
import '../styles/cards.css';
import '../styles/digest-row.css';
import '../styles/fact-list.css';
import '../styles/list-row.css';
import '../styles/spinner.css';
import '../styles/tone.css';
import '../styles/top-bar.css';
import '../styles/trend.css';
import '../styles/touch.css';
import '../styles/transitions.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { APP_VERSION } from '../lib/app-info';
import { detectInitialLang } from '../lib/i18n';
import { preloadToast } from '../lib/loading-indicator';
import { bootLocale } from '../lib/locale';
import { STORAGE_KEYS, writeString } from '../lib/storage';
import { bootTheme } from '../lib/theme';
import { App } from './app';
import { prefetchRouteData } from './boot-data';
import { preloadRoute } from './router';
import { stylesheetReady } from './stylesheet';

/**
 * How long the first render waits for the current page's chunk (and its first data) once the
 * dictionary is in. Usually they are already there (index.html's boot script fetches the chunk
 * alongside the entry); when they are not, the app renders without them and the page shows its own
 * loading state.
 */
const ROUTE_WAIT_MS = 200;

async function start() {
  bootTheme();
  // The version mark of the device (spec section 3); a later release can compare it to migrate data.
  writeString(STORAGE_KEYS.version, APP_VERSION);
  // The first dictionary loads before the first render, so no raw key ever shows.
  const locale = bootLocale(detectInitialLang()).catch(() => bootLocale('en'));
  // The page's chunk and its first data load alongside the dictionary rather than after the first render.
  const route = preloadRoute(window.location.hash);
  const data = prefetchRouteData(window.location.hash);
  await Promise.all([locale, stylesheetReady()]);
  await Promise.race([Promise.all([route, data]), new Promise((resolve) => setTimeout(resolve, ROUTE_WAIT_MS))]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const root = createRoot(container);
  // The first render as a transition: React renders the app in slices, yielding to the browser between
  // them, instead of one long task that keeps a slow phone's main thread busy (Lighthouse's blocking
  // time fell from 400–520 ms to 100–250 ms on the market pages).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // Toasts load lazily (they are not on the first screen); fetch them once the app has settled.
  setTimeout(preloadToast, 2_000);
}

void start();
