import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import CHROMIUM_FLAGS from './chromium-flags.json' with { type: 'json' };
import { ROOT } from './stack.js';

/** Screenshots are kept as test artifacts here (CI keeps the folder). */
export const ARTIFACTS = join(ROOT, 'artifacts', 'screenshots');

/** Chromium as the tests run it: headless, no background traffic to Google on a closed network (the Lighthouse bench’s flags too). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_FLAGS,
    headless: true,
  });
}

/** A phone-sized context: 390×844, touch, as the H5 app's users hold it. */
export async function phoneContext(browser: Browser, locale = 'en-US'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
  });
}

/**
 * A desktop-sized tab for the operators' console (`width` × 900); with `errors`, the tab's uncaught
 * errors land there.
 */
export async function deskTab(browser: Browser, { width = 1366, errors }: { width?: number; errors?: string[] } = {}) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (errors) page.on('pageerror', (error) => errors.push(String(error)));
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * A screenshot once the page has settled: the page loader gone, any toast's mask gone (a toast that
 * stays is not waited for long), and a short pause for transitions.
 */
export async function settledScreenshot(page: Page, name: string): Promise<string> {
  await page.locator('[data-testid="page-loader"]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page
    .locator('.adm-toast-mask')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForTimeout(400);
  return screenshot(page, name);
}

/**
 * A finger dragging down the phone's screen from `fromY` to `toY`, in small steps at about 60 Hz
 * (antd-mobile's pull-to-refresh follows real touches, not the mouse). The finger stays down until
 * `release`.
 */
export async function dragDown(page: Page, fromY: number, toY: number): Promise<{ release: () => Promise<void> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: fromY }] });
  for (let y = fromY + 10; y <= toY; y += 15) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y }] });
    await page.waitForTimeout(16);
  }
  return {
    release: async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await cdp.detach();
    },
  };
}

/** A whole pull down the screen: drag from `fromY` to `toY`, then lift the finger. */
export async function pullDown(page: Page, fromY: number, toY: number): Promise<void> {
  await (await dragDown(page, fromY, toY)).release();
}

/** Sets the H5 app's theme on this device (its local storage, as the settings page does) and reloads. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate(`localStorage.setItem('theme', '${theme}')`);
  await page.reload();
  await page.waitForFunction(`document.documentElement.dataset.theme === '${theme}'`);
}
