import { describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { openConsolePage, withConsoleTab } from '../src/console.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * The product switches of options, financial products (wealth) and new-coin subscription, end to end:
 * with everything on, the home page and the contract tab lead to options, the home page to the
 * subscription and the financial products, and the lock tab is there. An operator switches the three off
 * in the console: their entries vanish, their pages opened directly say the service is not available,
 * and their API refuses. Switched on again, everything is back.
 */

const suite = phoneSuite({ name: 'switches', signedIn: true });
const { byId, shot, pageErrors } = suite;

/** Opens a route fresh (a reload, so the switches are read again) and waits for a test id. */
const open = (hash: string, testId: string) => suite.open(hash, testId, 15_000);

describe('product switches of options, financial products and subscription on the phone', () => {
  it('with everything on, the home page and the contract tab lead to options', async () => {
    await open('/pages/index/index', 'home-page');
    for (const id of ['home-publication', 'home-option', 'home-finance', 'tab-lock', 'tab-trade']) {
      await byId(id).waitFor();
    }
    await shot('switches-01-home-all-on-dark');
    await byId('home-option').click();
    await byId('option-page').waitFor();
    expect(suite.page.url()).toContain('/pages/option/detail');

    await open('/pages/lever/index', 'lever-page');
    await byId('lever-options-link').click();
    await byId('option-page').waitFor();
    await suite.page.goBack();
    await byId('lever-page').waitFor();
    await shot('switches-02-lever-options-link-dark');
  });

  it('switches the contract pair from the shared pair sheet, with favourites', async () => {
    await open('/pages/lever/index', 'lever-page');
    await expect.poll(() => byId('lever-symbol').textContent()).toBe('BTC/USDT');
    await byId('lever-pair').click();
    await byId('pair-switcher').waitFor();
    await byId('pair-option-ETH_USDT').waitFor();
    await byId('pair-star-ETH_USDT').click();
    await expect.poll(() => byId('pair-star-ETH_USDT').getAttribute('aria-pressed')).toBe('true');
    await suite.page.waitForTimeout(400);
    await screenshot(suite.page, 'switches-02b-lever-pair-sheet-dark');
    await byId('pair-option-ETH_USDT').click();
    await expect.poll(() => byId('lever-symbol').textContent()).toBe('ETH/USDT');
    // The favourite is the user's, shared with the spot tab's sheet.
    await byId('lever-pair').click();
    await byId('pair-star-ETH_USDT').click();
    await expect.poll(() => byId('pair-star-ETH_USDT').getAttribute('aria-pressed')).toBe('false');
  });

  it('switched off in the console: entries vanish, pages say so, the API refuses; on again, all is back', async () => {
    await withConsoleTab(suite.browser, suite.stack.baseUrl, async (ops) => {
      await openConsolePage(ops, '/products');
      const toggles = ['options', 'wealth', 'subscription'].map((p) => ops.getByTestId(`product-switch-${p}`));
      for (const toggle of toggles) {
        await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      }
      await screenshot(ops, 'switches-03-console-off');

      expect((await suite.stack.api('lh/deposit/config', undefined, suite.user.token)).error).toBe('product_disabled');
      expect((await suite.stack.api('lh/send/config')).error).toBe('product_disabled');
      // Options refuse buying only: the terms and a user's orders stay readable.
      expect((await suite.stack.api('microtrade/submit', { match_id: '1' }, suite.user.token)).error).toBe('product_disabled');
      expect((await suite.stack.api('microtrade/seconds')).type).toBe('ok');

      await open('/pages/index/index', 'home-page');
      await byId('quick-deposit').waitFor();
      await byId('tab-trade').waitFor();
      // The page may first follow the switches this device remembered; the reply hides the entries.
      for (const id of ['home-publication', 'home-option', 'home-finance', 'tab-lock']) {
        await expect.poll(() => byId(id).count()).toBe(0);
      }
      await shot('switches-04-home-off-dark');

      // Remembered from the home page's reply: the link is not there even before this start's reply.
      await open('/pages/lever/index', 'lever-page');
      expect(await byId('lever-options-link').count()).toBe(0);

      // Opened directly (an old link), each page says the service is not available.
      await open('/pages/template/index', 'wealth-disabled');
      await open('/pages/finance/index', 'wealth-disabled');
      await open('/pages/finance/ordersPage', 'wealth-disabled');
      await open('/pages/publication/index', 'subscription-disabled');
      expect(await byId('subscription-disabled').textContent()).toContain('This service is not available');
      await shot('switches-05-publication-off-dark');
      await setTheme(suite.page, 'light');
      await byId('subscription-disabled').waitFor();
      await shot('switches-06-publication-off-light');
      await open('/pages/index/index', 'home-page');
      await shot('switches-07-home-off-light');
      await setTheme(suite.page, 'dark');
      await open('/pages/option/detail', 'option-disabled');

      for (const toggle of toggles) {
        await toggle.click();
        await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      }
      expect((await suite.stack.api('lh/deposit/config', undefined, suite.user.token)).type).toBe('ok');
      expect((await suite.stack.api('lh/send/config')).type).toBe('ok');
      await open('/pages/index/index', 'home-page');
      for (const id of ['home-publication', 'home-option', 'home-finance', 'tab-lock']) await byId(id).waitFor();
      await open('/pages/publication/index', 'publication-page');
      await open('/pages/template/index', 'finance-tab-page');
    });
    expect(pageErrors).toEqual([]);
  });
});
