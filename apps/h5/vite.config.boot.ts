import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * A hash route whose page chunk the boot script fetches while the entry is still downloading, and the
 * API paths of its first screen's data (public GETs without a query) that it asks for then too.
 */
export type BootRoute = { path: string; module: string; guarded?: boolean; data?: readonly string[] };

type Options = {
  /** The classic script in index.html (under public/) that the generated boot script replaces. */
  themeScript: string;
  routes: BootRoute[];
  /** Where the API answers (the app's client uses the same base). */
  apiBase: string;
};

// Read by the server (apps/server/src/lib/csp-script-hashes.ts, same name).
const CSP_HASHES_FILE = 'csp-script-hashes.json';

/** Each language's dictionary and antd-mobile texts share the chunk `locale-<lang>` (vite.config.ts). */
const LOCALE_CHUNK = /^locale-(\w+)$/;

/** The files a chunk needs before it runs: itself, its static imports (recursively) and their CSS. */
function closure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || into.has(fileName)) return into;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/**
 * The boot script (build only): the theme script of index.html, the app's stylesheet, and a table of
 * the first-screen routes' chunks. Without it the browser learns of the page's chunk and of the dictionary only after
 * the entry (the largest file) has downloaded and run, then of the data after those: three round
 * trips in a row on a phone's network. The script reads the route from the hash and the language and
 * session as the app does, and adds `modulepreload` (and `preload` for the page's CSS) links, so those
 * files download alongside the entry. The app's own loaders then find them ready (Vite's preload helper
 * skips a module that already has a link).
 *
 * The script is written into index.html itself: as a file of its own it blocked the first paint for a
 * round trip (Lighthouse: ≈ 150 ms on a phone's network). The CSP allows no inline script but this one:
 * the build writes its SHA-256 to `csp-script-hashes.json`, which the server adds to the page's `script-src`.
 */
export function bootPreload(options: Options): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'h5:boot-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_output, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset') return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (!entry) this.error('boot-preload: no entry chunk');
        const loadedByHtml = closure(bundle, entry.fileName);
        const filesOf = (chunk: OutputChunk) => [...closure(bundle, chunk.fileName)].filter((f) => !loadedByHtml.has(f)).sort();
        const source = (id: string | null) => (id && isAbsolute(id) ? relative(root, id).split('\\').join('/') : (id ?? ''));

        // Files are listed once and referenced by index: the script is part of the page, so it stays small.
        const files: string[] = [];
        const indexes = (list: string[]) =>
          list.map((f) => {
            const at = files.indexOf(f);
            return at >= 0 ? at : files.push(f) - 1;
          });
        const routes: [string, boolean, number[], readonly string[]][] = [];
        for (const route of options.routes) {
          const chunk = chunks.find((c) => c.isDynamicEntry && source(c.facadeModuleId) === route.module);
          if (!chunk) this.error(`boot-preload: no chunk for ${route.module} (${route.path})`);
          routes.push([route.path, route.guarded === true, indexes(filesOf(chunk)), route.data ?? []]);
        }
        const locales: Record<string, number[]> = {};
        for (const chunk of chunks) {
          const lang = LOCALE_CHUNK.exec(chunk.name)?.[1];
          if (lang) locales[lang] = indexes(filesOf(chunk));
        }
        if (!locales.en) this.error('boot-preload: no chunk locale-en');

        // The app's one stylesheet: the boot script adds it, so it no longer blocks the first paint. The
        // page has nothing to show before the app renders anyway, and main.tsx renders only once the
        // sheet has loaded (index.html paints the theme's background meanwhile).
        let page = String(html.source);
        const sheets = [...page.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">\s*/g)];
        if (sheets.length !== 1) this.error(`boot-preload: expected one stylesheet in index.html, found ${sheets.length}`);
        const [sheetTag, sheetHref] = sheets[0] as RegExpMatchArray;
        page = page.replace(sheetTag, '');
        const css = sheetHref?.slice(base.length) ?? '';

        const theme = readFileSync(resolve(root, 'public', options.themeScript.replace(/^\//, '')), 'utf8');
        const table = JSON.stringify({ base, api: options.apiBase, css, files, routes, locales });
        // `</` never ends the element early: the table holds file names and paths only, but be sure.
        const script = `\n${theme.trim()}\n${PRELOAD_SCRIPT(table)}\n`.replace(/<\//g, '<\\/');
        const hash = `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
        this.emitFile({ type: 'asset', fileName: CSP_HASHES_FILE, source: `${JSON.stringify([hash])}\n` });
        // Vite has already put the base in front of the script's path.
        const tag = `<script src="${base}${options.themeScript.replace(/^\//, '')}"></script>`;
        if (!page.includes(tag)) this.error(`boot-preload: index.html has no ${tag}`);
        html.source = page.replace(tag, () => `<script>${script}</script>`);
      },
    },
  };
}

/**
 * The preload half of the boot script (plain ES2017, runs before the app): the page's files and, for a
 * page that names them, its first data. The language rule is
 * `initialLang` of src/lib/i18n.ts (stored mark, else Simplified Chinese on a zh-CN device, else
 * English); a guarded page is only fetched with a stored session, since without one it goes to login.
 */
const PRELOAD_SCRIPT = (
  table: string,
) => `// Fetches the current page's chunks and dictionary in parallel with the entry (vite.config.boot.ts).
(() => {
  const boot = ${table};
  const add = (index) => {
    const file = boot.files[index];
    const link = document.createElement('link');
    if (file.endsWith('.css')) {
      link.rel = 'preload';
      link.as = 'style';
    } else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = boot.base + file;
    document.head.appendChild(link);
  };
  const sheet = document.createElement('link');
  sheet.rel = 'stylesheet';
  sheet.crossOrigin = '';
  sheet.href = boot.base + boot.css;
  sheet.setAttribute('data-app-css', '');
  document.head.appendChild(sheet);
  try {
    const stored = localStorage.getItem('lang');
    const lang = Object.prototype.hasOwnProperty.call(boot.locales, stored)
      ? stored
      : (navigator.language || '').toLowerCase() === 'zh-cn'
        ? 'zh'
        : 'en';
    (boot.locales[lang] || []).forEach(add);
    const path = (location.hash.replace(/^#/, '').split('?')[0] || '/').replace(/\\/+$/, '') || '/';
    const session = !!localStorage.getItem('auth');
    const route = boot.routes.find((r) => r[0] === path && (session || !r[1]));
    if (route) route[2].forEach(add);
    // The first screen's data, with the headers the app's client sends (src/lib/early-replies.ts).
    if (route && route[3].length) {
      const replies = {};
      route[3].forEach((path) => {
        const reply = fetch(boot.api + path, { headers: { lang: lang, Accept: 'application/json' } });
        reply.catch(() => {}); // the app asks again if this one failed
        replies[path] = reply;
      });
      window.__h5EarlyReplies = { at: Date.now(), replies: replies };
    }
  } catch {
    // storage blocked: the app loads everything itself
  }
})();`;
