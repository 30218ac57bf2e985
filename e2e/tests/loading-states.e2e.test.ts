import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { launchPhone, signInByEmail } from '../src/h5-session.js';
import { type Stack, startStack } from '../src/stack.js';
import { closeSuite } from '../src/teardown.js';

/**
 * First loads and route changes on a slow network: the home board, the trade page's book and the
 * assets page draw skeletons while their data is on its way (the API is held back by the test), and
 * a route whose code is still loading leaves the old page on screen, never a blank frame.
 */

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const email = `loading.${Date.now()}@example.test`;
const password = 'loading-pass-1';
const HOLD_MS = 2_500;

const url = (hash: string) => `${stack.baseUrl}/h5/#${hash}`;
const byId = (id: string) => page.getByTestId(id);

/** Holds back the requests whose URL matches, for HOLD_MS, then lets them through unchanged. */
async function holdBack(pattern: RegExp) {
  await page.route(pattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue().catch(() => undefined);
  });
}

describe('H5 loading states: skeletons and route changes without a blank frame', () => {
  beforeAll(async () => {
    stack = await startStack();
    await stack.waitForPrice('BTC/USDT');
    await stack.registerEmail(email, password);
    ({ browser, context, page } = await launchPhone());
    await signInByEmail(page, stack.baseUrl, email, password);
  });

  afterAll(() => closeSuite(stack, browser, context));

  for (const theme of ['dark', 'light'] as const) {
    it(`${theme}: the home board draws a skeleton until the pairs arrive`, async () => {
      await page.goto(url('/pages/index/index'));
      await setTheme(page, theme);
      await holdBack(/\/api\/currency\/quotation_new/);
      await page.reload();
      await byId('home-markets-skeleton').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-testid="page-loader"]').count()).toBe(0);
      await screenshot(page, `loading-home-skeleton-${theme}`);
      await byId('home-markets').waitFor({ timeout: 15_000 });
      expect(await byId('home-markets-skeleton').count()).toBe(0);
      await page.unrouteAll({ behavior: 'wait' });
    });

    it(`${theme}: the trade page draws its book as a skeleton until the pairs and the depth arrive`, async () => {
      await holdBack(/\/api\/(currency\/quotation_new|market\/depth)/);
      await page.goto(url('/pages/trade/index?symbol=BTC%2FUSDT'));
      await page.reload();
      await byId('order-book-skeleton').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-testid="page-loader"]').count()).toBe(0);
      await screenshot(page, `loading-trade-skeleton-${theme}`);
      await byId('order-book').waitFor({ timeout: 15_000 });
      await expect.poll(() => byId('order-book').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      await page.unrouteAll({ behavior: 'wait' });
    });

    it(`${theme}: the assets page draws a skeleton until the balances arrive`, async () => {
      await holdBack(/\/api\/wallet\/list/);
      await page.goto(url('/pages/assets/index'));
      await page.reload();
      await byId('assets-skeleton').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-testid="page-loader"]').count()).toBe(0);
      await screenshot(page, `loading-assets-skeleton-${theme}`);
      await byId('assets-summary').waitFor({ timeout: 15_000 });
      expect(await byId('assets-skeleton').count()).toBe(0);
      await page.unrouteAll({ behavior: 'wait' });
    });
  }

  it('keeps the old page on screen while the next page’s code loads: no blank frame', async () => {
    // The language page's code is held back from the first request on, so it cannot be there early.
    await page.route(/\/language-page-[\w-]+\.js/, async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      await route.continue().catch(() => undefined);
    });
    await page.goto(url('/pages/index/index'));
    await page.reload();
    await byId('home-markets').waitFor({ timeout: 15_000 });
    // Every animation frame from the tap on: which page is drawn (home, language, or none).
    await page.evaluate(`(() => {
      window.__frames = [];
      const visible = (id) => {
        const el = document.querySelector('[data-testid="' + id + '"]');
        return !!el && el.getBoundingClientRect().height > 0;
      };
      const sample = () => {
        const home = visible('home-page');
        const language = visible('language-page');
        window.__frames.push(home && language ? 'both' : home ? 'home' : language ? 'language' : 'blank');
        if (!language || window.__frames.length < 5) requestAnimationFrame(sample);
      };
      requestAnimationFrame(sample);
    })()`);
    const tapped = Date.now();
    await byId('home-language').click();
    await byId('language-page').waitFor({ timeout: 15_000 });
    const waited = Date.now() - tapped;
    await page.waitForTimeout(100);
    const frames = (await page.evaluate('window.__frames')) as string[];
    // The code really was on its way for a while, and the home page stayed for all of it.
    expect(waited).toBeGreaterThan(HOLD_MS - 500);
    expect(frames.filter((f) => f === 'home').length).toBeGreaterThan(10);
    expect(frames).not.toContain('blank');
    expect(frames.at(-1)).not.toBe('home');
    await page.unrouteAll({ behavior: 'wait' });
  });
});
