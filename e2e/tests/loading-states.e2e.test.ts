import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * First loads and route changes on a slow network: the home board, the trade page's book and the
 * assets page draw skeletons while their data is on its way (the API is held back by the test), and
 * a route whose code is still loading leaves the old page on screen, never a blank frame.
 */

const HOLD_MS = 2_500;

const suite = phoneSuite({ name: 'loading', price: 'BTC/USDT', signedIn: true });
const { url, byId } = suite;

/** Holds back the requests whose URL matches, for HOLD_MS, then lets them through unchanged. */
async function holdBack(pattern: RegExp) {
  await suite.page.route(pattern, async (route: Route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue().catch(() => undefined);
  });
}

/**
 * Reloads the page, whose data the test holds back: it draws `skeleton`, never the page loader (kept as
 * the screenshot `name`), until the data arrives and `ready` shows.
 */
async function reloadShowsSkeleton(skeleton: string, ready: string, name: string) {
  await suite.page.reload();
  await byId(skeleton).waitFor({ timeout: 10_000 });
  expect(await suite.page.locator('[data-testid="page-loader"]').count()).toBe(0);
  await screenshot(suite.page, name);
  await byId(ready).waitFor({ timeout: 15_000 });
}

describe('H5 loading states: skeletons and route changes without a blank frame', () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`${theme}: the home board draws a skeleton until the pairs arrive`, async () => {
      await suite.page.goto(url('/pages/index/index'));
      await setTheme(suite.page, theme);
      await holdBack(/\/api\/currency\/quotation_new/);
      await reloadShowsSkeleton('home-markets-skeleton', 'home-markets', `loading-home-skeleton-${theme}`);
      expect(await byId('home-markets-skeleton').count()).toBe(0);
      await suite.page.unrouteAll({ behavior: 'wait' });
    });

    it(`${theme}: the trade page draws its book as a skeleton until the pairs and the depth arrive`, async () => {
      await holdBack(/\/api\/(currency\/quotation_new|market\/depth)/);
      await suite.page.goto(url('/pages/trade/index?symbol=BTC%2FUSDT'));
      await reloadShowsSkeleton('order-book-skeleton', 'order-book', `loading-trade-skeleton-${theme}`);
      await expect.poll(() => byId('order-book').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');
      await suite.page.unrouteAll({ behavior: 'wait' });
    });

    it(`${theme}: the assets page draws a skeleton until the balances arrive`, async () => {
      await holdBack(/\/api\/wallet\/list/);
      await suite.page.goto(url('/pages/assets/index'));
      await reloadShowsSkeleton('assets-skeleton', 'assets-summary', `loading-assets-skeleton-${theme}`);
      expect(await byId('assets-skeleton').count()).toBe(0);
      await suite.page.unrouteAll({ behavior: 'wait' });
    });
  }

  it('keeps the old page on screen while the next page’s code loads: no blank frame', async () => {
    // The language page's code is held back from the first request on, so it cannot be there early.
    await holdBack(/\/language-page-[\w-]+\.js/);

    await suite.page.goto(url('/pages/index/index'));
    await suite.page.reload();
    await byId('home-markets').waitFor({ timeout: 15_000 });
    // Every animation frame from the tap on: which page is drawn (home, language, or none).
    await suite.page.evaluate(`(() => {
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
    await suite.page.waitForTimeout(100);
    const frames = (await suite.page.evaluate('window.__frames')) as string[];
    // The code really was on its way for a while, and the home page stayed for all of it.
    expect(waited).toBeGreaterThan(HOLD_MS - 500);
    expect(frames.filter((f) => f === 'home').length).toBeGreaterThan(10);
    expect(frames).not.toContain('blank');
    expect(frames.at(-1)).not.toBe('home');
    await suite.page.unrouteAll({ behavior: 'wait' });
  });
});
