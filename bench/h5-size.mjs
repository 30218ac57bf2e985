#!/usr/bin/env node
/**
 * H5 bundle size: how much gzipped JavaScript a phone downloads before the home route can render.
 *
 * Initial JS = the scripts index.html loads (`<script type="module" src>`, `<link rel="modulepreload">`,
 * and any classic `<script src>`) plus, recursively, every chunk they import statically. Dynamic
 * `import()` chunks (other routes) are excluded: they load later, on navigation.
 *
 * Prints `name: value` lines on stdout (details with --verbose go to stderr). Never asserts a budget.
 *
 *   node bench/h5-size.mjs [--verbose] [--dist <dir>]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const distArg = args.indexOf('--dist');
// --dist exists so the parser can be checked against another Vite build (the console's, a fixture).
const dist = distArg >= 0 && args[distArg + 1] ? resolve(args[distArg + 1]) : join(root, 'apps/h5/dist');
const indexHtml = join(dist, 'index.html');

const log = (...parts) => console.error(...parts);

if (!existsSync(indexHtml)) {
  if (distArg >= 0) {
    log(`h5-size: ${indexHtml} does not exist.`);
    process.exit(1);
  }
  log('h5-size: apps/h5/dist is missing; building it with `npm run build -w @app/h5` …');
  // The build's stdout goes to our stderr so that stdout carries only `name: value` lines.
  const build = spawnSync('npm', ['run', 'build', '-w', '@app/h5'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (build.status !== 0 || !existsSync(indexHtml)) {
    log('h5-size: building the H5 app failed; fix the build (npm run build -w @app/h5) and run again.');
    process.exit(1);
  }
}

/** Reads `name="value"`, `name='value'` or `name=value` from one tag's attribute text. */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(tag);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

const distRoot = dist.endsWith(sep) ? dist : dist + sep;
const inDist = (file) => file.startsWith(distRoot) && existsSync(file) && statSync(file).isFile();

/**
 * Maps a URL from index.html to a file in dist. URLs carry the deploy base (`/h5/static/js/a.js`), which
 * is not a folder of dist, so leading segments are dropped until a file matches.
 */
function fileForUrl(url) {
  const path = decodeURIComponent(url.split(/[?#]/)[0] ?? '');
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) return undefined; // another origin: not part of this build
  if (!path.startsWith('/')) {
    const file = resolve(dist, path);
    if (inDist(file)) return file;
  }
  const segments = path.split('/').filter(Boolean);
  for (let i = 0; i < segments.length; i++) {
    const file = join(dist, ...segments.slice(i));
    if (inDist(file)) return file;
  }
  return undefined;
}

function entryUrls(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    const type = (attribute(tag, 'type') ?? '').toLowerCase();
    // Module entries, and also classic scripts (a theme boot script, say): both run before first paint.
    // `nomodule` scripts are for old browsers only and never load in a module-capable one.
    const classic = type === '' || type === 'text/javascript' || type === 'application/javascript';
    if (src && (type === 'module' || classic) && !/\snomodule\b/i.test(tag)) urls.push(src);
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const href = attribute(tag, 'href');
    if (href && (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/).includes('modulepreload')) urls.push(href);
  }
  return urls;
}

const isIdentChar = (c) => c !== undefined && /[\w$]/.test(c);

/**
 * The static import specifiers of a built ES chunk. Bundlers hoist every static import and
 * `export … from` to the top of a chunk, so this walks that header statement by statement (skipping
 * comments and directives) and stops at the first other statement. It reads only the header because a
 * regular expression over the whole file would also match text inside string literals, and would have
 * to tell `import("./x.js")` (dynamic, excluded) from `import "./x.js"` (static).
 */
function headerImports(code) {
  const specs = [];
  let i = code.startsWith('#!') ? code.indexOf('\n') + 1 || code.length : 0;

  const skipSpace = () => {
    for (;;) {
      while (i < code.length && /\s|;/.test(code[i])) i++;
      if (code.startsWith('//', i)) {
        const end = code.indexOf('\n', i);
        i = end < 0 ? code.length : end + 1;
      } else if (code.startsWith('/*', i)) {
        const end = code.indexOf('*/', i + 2);
        i = end < 0 ? code.length : end + 2;
      } else return;
    }
  };
  const readString = () => {
    const quote = code[i++];
    let value = '';
    while (i < code.length && code[i] !== quote) {
      if (code[i] === '\\') i++;
      value += code[i++];
    }
    i++;
    return value;
  };
  const keywordAt = (word) => code.startsWith(word, i) && !isIdentChar(code[i - 1]) && !isIdentChar(code[i + word.length]);
  /** Reads `{…}`, `* as x`, `x, {…}` … up to and including the `from "spec"`; returns the spec or undefined. */
  const readClauseThenSpec = () => {
    let depth = 0;
    while (i < code.length) {
      skipSpace();
      const c = code[i];
      if (c === '"' || c === "'") {
        readString(); // a string export name such as {"a-b" as c}
      } else if (c === '{') {
        depth++;
        i++;
      } else if (c === '}') {
        depth--;
        i++;
      } else if (depth === 0 && keywordAt('from')) {
        i += 4;
        skipSpace();
        return code[i] === '"' || code[i] === "'" ? readString() : undefined;
      } else if (depth === 0 && !/[\w$*,]|\s/.test(c)) {
        return undefined; // not an import/export clause: the header ended
      } else i++;
    }
    return undefined;
  };
  const skipAttributes = () => {
    skipSpace();
    if (keywordAt('with') || keywordAt('assert')) {
      const close = code.indexOf('}', i);
      i = close < 0 ? code.length : close + 1;
    }
  };

  for (;;) {
    skipSpace();
    if (i >= code.length) break;
    const c = code[i];
    if (c === '"' || c === "'") {
      readString(); // a directive such as "use strict"
    } else if (/^(?:const|let|var)\s+__vite__mapDeps\s*=/.test(code.slice(i, i + 40))) {
      // Vite puts its one-line table of preload dependencies (used by dynamic imports) above the imports.
      const end = code.indexOf('\n', i);
      i = end < 0 ? code.length : end + 1;
    } else if (keywordAt('import')) {
      const start = i;
      i += 6;
      skipSpace();
      if (code[i] === '(' || code[i] === '.') {
        i = start; // import(…) or import.meta: ordinary code, so the header is over
        break;
      }
      const spec = code[i] === '"' || code[i] === "'" ? readString() : readClauseThenSpec();
      if (spec === undefined) break;
      specs.push(spec);
      skipAttributes();
    } else if (keywordAt('export')) {
      const start = i;
      i += 6;
      skipSpace();
      if (code[i] !== '*' && code[i] !== '{') {
        i = start;
        break;
      }
      const spec = readClauseThenSpec();
      if (spec === undefined) break; // `export { a, b };` at the end of a chunk: not an import
      specs.push(spec);
      skipAttributes();
    } else break;
  }
  return specs;
}

/** Relative specifiers anywhere in the file that look like static imports; used only to warn about misses. */
function looseStaticImports(code) {
  const found = new Set();
  const pattern =
    /(?:^|[;}\n])\s*(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s*as\s*[\w$]+)?)?\s*(?:from)?\s*(["'])(\.{1,2}\/[^"']+)\1/g;
  for (const match of code.matchAll(pattern)) found.add(match[2]);
  return found;
}

function resolveImport(fromFile, spec) {
  if (spec.startsWith('./') || spec.startsWith('../')) {
    const file = resolve(dirname(fromFile), spec.split(/[?#]/)[0]);
    return inDist(file) ? file : undefined;
  }
  if (spec.startsWith('/')) return fileForUrl(spec);
  return undefined; // a bare specifier left external: nothing in dist to count
}

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
/**
 * kB as Vite's build report counts them (1 kB = 1000 bytes). Level 9 is what a server pre-compressing
 * assets would send; Vite's own gzip column compresses differently and reads about 1 % higher.
 */
const kb = (bytes) => (bytes / 1000).toFixed(1);

const html = readFileSync(indexHtml, 'utf8');
const initial = new Set();
const queue = [];
for (const url of entryUrls(html)) {
  const file = fileForUrl(url);
  if (!file) {
    log(`h5-size: warning: index.html references ${url}, which is not a file in ${relative(root, dist)}`);
    continue;
  }
  if (!file.endsWith('.js') && !file.endsWith('.mjs')) continue;
  if (!initial.has(file)) {
    initial.add(file);
    queue.push(file);
  }
}
if (initial.size === 0) {
  log(`h5-size: no module script found in ${relative(root, indexHtml)}`);
  process.exit(1);
}

while (queue.length > 0) {
  const file = queue.shift();
  const code = readFileSync(file, 'utf8');
  const specs = headerImports(code);
  for (const loose of looseStaticImports(code)) {
    if (!specs.includes(loose) && resolveImport(file, loose)) {
      log(`h5-size: warning: ${relative(dist, file)} mentions "${loose}" outside its import header; not counted`);
    }
  }
  for (const spec of specs) {
    const target = resolveImport(file, spec);
    if (!target) {
      if (spec.startsWith('.') || spec.startsWith('/')) log(`h5-size: warning: ${relative(dist, file)} imports missing ${spec}`);
      continue;
    }
    if (!initial.has(target)) {
      initial.add(target);
      queue.push(target);
    }
  }
}

function allJs(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...allJs(path));
    else if (entry.name.endsWith('.js') || entry.name.endsWith('.mjs')) files.push(path);
  }
  return files;
}

let initialGzip = 0;
let initialRaw = 0;
for (const file of [...initial].sort()) {
  const gz = gzipBytes(file);
  const raw = statSync(file).size;
  initialGzip += gz;
  initialRaw += raw;
  if (verbose) log(`  initial ${relative(dist, file)}  ${kb(raw)} kB raw, ${kb(gz)} kB gzip`);
}
let totalGzip = 0;
const all = allJs(dist);
for (const file of all) totalGzip += gzipBytes(file);

console.log(`h5_home_initial_js_gzip_kb: ${kb(initialGzip)}`);
console.log(`h5_home_initial_js_raw_kb: ${kb(initialRaw)}`);
console.log(`h5_initial_js_files: ${initial.size}`);
console.log(`h5_total_js_gzip_kb: ${kb(totalGzip)}`);
console.log(`h5_total_js_files: ${all.length}`);
