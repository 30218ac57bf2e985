import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { QUOTATION_PAGES, QUOTATION_PATH } from './src/lib/first-screen-data.ts';
import { API_BASE, PATHS } from './src/lib/paths.ts';
import { bootPreload } from './vite.config.boot.ts';

const API_TARGET = process.env.H5_API_TARGET ?? 'http://127.0.0.1:8080';

/** antd-mobile's own locale for each app language (src/lib/locale.ts), loaded with the dictionary. */
const ANTD_LOCALE_LANG: Record<string, string> = {
  'en-US': 'en',
  'ja-JP': 'jp',
  'ko-KR': 'kr',
  'es-ES': 'esp',
  'zh-CN': 'zh',
  'zh-TW': 'hk',
  'th-TH': 'th',
};

/** One chunk per language, `locale-<lang>`: the dictionary and antd-mobile's texts in one request. */
function localeChunk(id: string): string | null {
  const dictionary = /[\\/]src[\\/]locales[\\/](\w+)\.json$/.exec(id);
  if (dictionary) return `locale-${dictionary[1]}`;
  const antd = /antd-mobile[\\/]es[\\/]locales[\\/]([\w-]+)\.js$/.exec(id);
  const lang = antd ? ANTD_LOCALE_LANG[antd[1] ?? ''] : undefined;
  return lang ? `locale-${lang}` : null;
}

const HOME = 'src/features/home/home-page.tsx';
const TRADE = 'src/features/spot/pages/index.ts';

export default defineConfig({
  base: '/h5/',
  plugins: [
    react(),
    // The pages a visitor most often opens first (the tabs, the chart, login), as router.tsx loads them.
    bootPreload({
      themeScript: '/static/js/theme-boot.js',
      apiBase: API_BASE,
      routes: [
        { path: PATHS.root, module: HOME },
        { path: PATHS.home, module: HOME },
        { path: PATHS.trade, module: TRADE, guarded: true },
        { path: PATHS.kline, module: TRADE, guarded: true },
        { path: PATHS.lever, module: 'src/features/contracts/pages/index.ts', guarded: true },
        { path: PATHS.assets, module: 'src/features/assets/pages/assets-page.tsx', guarded: true },
        { path: PATHS.template, module: 'src/features/wealth/pages/index.ts', guarded: true },
        { path: PATHS.login, module: 'src/features/auth/pages/login-page.tsx' },
      ].map((route) => (QUOTATION_PAGES.includes(route.path) ? { ...route, data: [QUOTATION_PATH] } : route)),
    }),
  ],
  resolve: {
    // `development` makes @app/shared resolve to its TypeScript source, so the app bundles the same
    // schemas the server validates with, without a separate build step.
    conditions: ['development', ...defaultClientConditions],
    // The workspace root hoists an older React for other packages; every import must share one copy.
    dedupe: ['react', 'react-dom'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One stylesheet for the whole app (106 kB, 18 kB gzipped), loaded with the entry. Split per chunk,
    // a page waited on up to 17 small CSS files besides its scripts, and a chunk's CSS could not be
    // copied into the pages that share it (below) without re-appending it over their own styles.
    cssCodeSplit: false,
    // The spec serves lazy chunks from /h5/static/js; keep every JS file there and assets beside it.
    rolldownOptions: {
      // Lets small shared chunks be inlined (below); the entry exports nothing anyone imports.
      preserveEntrySignatures: false,
      output: {
        entryFileNames: 'static/js/[name]-[hash].js',
        chunkFileNames: 'static/js/[name]-[hash].js',
        assetFileNames: 'static/[ext]/[name]-[hash][extname]',
        codeSplitting: {
          groups: [
            // Everything the first screen needs statically goes into one chunk. Left to automatic
            // splitting, every lazy page that shares a module with the entry re-cut it into a few
            // dozen tiny files, and the cut moved with every page added.
            { name: 'app', tags: ['$initial'] },
            { name: localeChunk, debugName: 'locale', includeDependenciesRecursively: false },
          ],
          // The lazy pages share many small modules (icons, API helpers, hooks); split automatically,
          // each became its own file, and a page waited on 20–50 requests. Chunks below this size are
          // copied into the pages that use them instead (rolldown keeps one module instance across the
          // copies, so module state is still shared).
          experimentalInlineCommonChunks: {
            maxSize: 20_000,
          },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true },
      '/socket.io': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
