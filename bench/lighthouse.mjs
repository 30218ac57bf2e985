#!/usr/bin/env node
/**
 * Lighthouse (npm `lighthouse`, its default mobile preset: a mid-range phone's screen, simulated slow 4G
 * and a 4× slower CPU) on the H5 app's home, spot trade and K-line pages, served by the built server
 * (`apps/server/dist/server.js` with `apps/h5/dist`) on 127.0.0.1, in Debian's Chromium (/usr/bin/chromium;
 * never a downloaded browser). Trade and K-line need a session: the bench registers a user through the
 * API and stores its session in the browser's localStorage under `auth`, as the app does after a login.
 * Lighthouse clears the HTTP cache before each page (not localStorage), so each is a cold first load.
 *
 * Prints `name: value` lines on stdout (DESIGN.md §7): per page the performance score, LCP, TBT and
 * the JavaScript transferred during the load; on stderr the other metrics and the top opportunities.
 * Never asserts a score.
 *
 *   node bench/lighthouse.mjs [--pages home,trade,kline] [--symbol BTC/USDT] [--top 5] [--save <dir>]
 *   --save <dir> writes each page's full Lighthouse report (JSON) there, to open in the Lighthouse viewer.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
/** As the browser tests run it: headless, and no background traffic to Google on a closed network. */
import CHROME_FLAGS from '../e2e/src/chromium-flags.json' with { type: 'json' };
import { ADMIN_TOTP_SECRET, adminToken, api, registerUser } from './lib/bench-api.mjs';
import { benchArgs, startBenchServer } from './lib/bench-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = '/usr/bin/chromium';
const { option } = benchArgs();
const SYMBOL = option('symbol', 'BTC/USDT');
const TOP = Math.max(1, Number.parseInt(option('top', '5'), 10) || 5);
const SAVE = option('save', undefined);
/** The hash routes (apps/h5/src/lib/paths.ts); `guarded` pages redirect to login without a session. */
const PAGES = {
  home: { hash: '/pages/index/index', guarded: false },
  trade: { hash: '/pages/trade/index', guarded: true },
  kline: { hash: `/pages/trade/kline?symbol=${encodeURIComponent(SYMBOL)}`, guarded: true },
};
const wanted = option('pages', Object.keys(PAGES).join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const log = (...parts) => console.error(...parts);

for (const page of wanted) {
  if (!PAGES[page]) {
    log(`lighthouse: unknown page "${page}" (one of ${Object.keys(PAGES).join(', ')})`);
    process.exit(1);
  }
}
if (!existsSync(join(root, 'apps/h5/dist/index.html'))) {
  log('lighthouse: apps/h5/dist is missing. Run `npm run build` (or `npm run build -w @app/h5`) first.');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  log(`lighthouse: ${CHROMIUM} is missing (Debian's chromium package); this bench never downloads a browser.`);
  process.exit(1);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const ms = (value) => Math.round(value ?? 0);

/** The figures of one report, and the opportunities sorted by estimated savings. */
function summarize(lhr) {
  const audit = (id) => lhr.audits[id];
  const scripts = audit('resource-summary')?.details?.items?.find((i) => i.resourceType === 'script');
  const opportunities = Object.values(lhr.audits)
    .filter((a) => a.details?.type === 'opportunity' && (a.score ?? 1) < 1)
    .map((a) => ({
      title: a.title,
      savingsMs: a.details.overallSavingsMs ?? a.numericValue ?? 0,
      savingsBytes: a.details.overallSavingsBytes ?? 0,
      lcp: a.metricSavings?.LCP ?? 0,
      fcp: a.metricSavings?.FCP ?? 0,
      tbt: a.metricSavings?.TBT ?? 0,
    }))
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes);
  // Diagnostics that often explain a low score on a single-page app: main-thread and script time.
  const diagnostics = [
    'bootup-time',
    'mainthread-work-breakdown',
    'long-tasks',
    'render-blocking-resources',
    'network-dependency-tree-insight',
  ]
    .map((id) => audit(id))
    .filter((a) => a && (a.score ?? 1) < 1)
    .map((a) => `${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  return {
    score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
    lcp: audit('largest-contentful-paint')?.numericValue,
    tbt: audit('total-blocking-time')?.numericValue,
    fcp: audit('first-contentful-paint')?.numericValue,
    si: audit('speed-index')?.numericValue,
    cls: audit('cumulative-layout-shift')?.numericValue,
    jsBytes: scripts?.transferSize ?? 0,
    jsRequests: scripts?.requestCount ?? 0,
    opportunities,
    diagnostics,
  };
}

const server = await startBenchServer({ name: 'lighthouse', env: { ADMIN_TOTP_SECRET } });
const { origin, until } = server;
let chrome;
let browser;
let failed = false;
try {
  log(`lighthouse: starting the server on port ${server.port}, DATA_DIR ${server.dataDir} …`);
  const { call } = api(origin);
  await until(async () => (await call('POST', 'get/lang', {})).type === 'ok', 180_000, 'the API');
  // The pages show live prices and the book: measure them as a visitor sees them, with the feed and
  // the market maker running.
  await until(
    async () => {
      const d = await call('GET', `market/depth?symbol=${encodeURIComponent(SYMBOL)}`);
      return d.message?.bids?.length && d.message?.asks?.length;
    },
    180_000,
    'market-maker quotes',
  );
  const session = await registerUser(origin, await adminToken(origin), 'lighthouse');

  chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  // The session goes into the origin's localStorage from a file of that origin that loads no script,
  // so nothing of the app is in the browser's cache or memory before Lighthouse's first load. The same
  // tab is then handed to Lighthouse (a tab of a browser another client has driven loses its trace).
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const tab = await browser.newPage();
  await tab.goto(`${origin}/h5/static/favicon.svg`);
  await tab.evaluate((value) => localStorage.setItem('auth', value), JSON.stringify(session));

  if (SAVE) mkdirSync(resolve(SAVE), { recursive: true });
  for (const name of wanted) {
    const { hash } = PAGES[name];
    const url = `${origin}/h5/#${hash}`;
    log(`lighthouse: ${name}: ${url} …`);
    const measure = () =>
      lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, undefined, tab);
    let result = await measure();
    // Lighthouse sometimes loses the start of its own trace ("Please run Lighthouse again"): a failed
    // measurement, not a figure, so the page is measured once more.
    if (result?.lhr?.runtimeError?.code === 'NO_NAVSTART') {
      log(`lighthouse: ${name}: Lighthouse lost its trace (NO_NAVSTART); measuring again`);
      await sleep(1_000);
      result = await measure();
    }
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`${name}: Lighthouse returned no report`);
    if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A guarded page without a working session would have gone to the login page: not the page asked for.
    const landed = lhr.finalDisplayedUrl ?? lhr.finalUrl;
    if (!landed.includes(`#${hash.split('?')[0]}`)) throw new Error(`${name}: the page ended on ${landed}, not ${url}`);
    if (SAVE) writeFileSync(join(resolve(SAVE), `lighthouse-${name}.json`), result.report);
    for (const warning of lhr.runWarnings ?? []) log(`lighthouse: ${name}: warning: ${warning}`);

    const s = summarize(lhr);
    console.log(`lighthouse_${name}_score: ${s.score ?? 'n/a'}`);
    console.log(`lighthouse_${name}_lcp_ms: ${ms(s.lcp)}`);
    console.log(`lighthouse_${name}_tbt_ms: ${ms(s.tbt)}`);
    console.log(`lighthouse_${name}_js_kb: ${kb(s.jsBytes)}`);
    log(
      `lighthouse: ${name}: FCP ${ms(s.fcp)} ms, Speed Index ${ms(s.si)} ms, CLS ${(s.cls ?? 0).toFixed(3)}, ` +
        `${s.jsRequests} script requests`,
    );
    const top = s.opportunities.slice(0, TOP);
    if (top.length === 0) log(`lighthouse: ${name}: no opportunities`);
    for (const o of top) {
      const bytes = o.savingsBytes ? `, ${kb(o.savingsBytes)} kB` : '';
      log(
        `lighthouse: ${name}: opportunity: ${o.title}: ~${ms(o.savingsMs)} ms${bytes} (LCP ${ms(o.lcp)}, FCP ${ms(o.fcp)}, TBT ${ms(o.tbt)})`,
      );
    }
    for (const d of s.diagnostics) log(`lighthouse: ${name}: diagnostic: ${d}`);
    // Let the page's sockets and timers from this run wind down before the next cold load.
    await sleep(1_000);
  }
} catch (error) {
  failed = true;
  log(`lighthouse: ${error instanceof Error ? error.message : error}`);
} finally {
  if (browser) await browser.disconnect().catch(() => {});
  if (chrome) await chrome.kill();
  await server.stop();
}
process.exit(failed ? 1 : 0);
