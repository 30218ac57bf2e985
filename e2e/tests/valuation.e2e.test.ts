import { describe, expect, it } from 'vitest';
import { registerByEmail } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * The left menu's pricing (valuation) method: a new user opens it, picks BTC, and the assets tab's
 * total is labelled BTC; the settings row shows the choice. Screenshots in the dark and light themes.
 */

// A new user, who registers on the phone.
const suite = phoneSuite({ name: 'valuation', registered: false });
const { url, byId, shot, pageErrors, email, password } = suite;
const theme = () => suite.page.evaluate('document.documentElement.dataset.theme') as Promise<string | undefined>;

describe('H5 pricing method', () => {
  it('registers and shows the assets total in USDT by default', async () => {
    await registerByEmail(suite.page, suite.stack.baseUrl, email, password, suite.stack.latestCode);

    await byId('tab-assets').click();
    await byId('assets-summary').waitFor();
    await expect.poll(() => byId('assets-total').textContent()).toBe('0.00');
    expect(await byId('assets-total-unit').textContent()).toBe('USDT');
    expect(await suite.page.locator('.assets-summary__label').textContent()).toBe('Total assets (USDT)');
  });

  it('picks BTC from the menu entry and labels the assets total in BTC', async () => {
    await byId('tab-home').click();
    await byId('home-menu').click();
    await byId('menu-valuation').click();
    await byId('valuation-page').waitFor();
    await byId('valuation-BTC').waitFor({ timeout: 15_000 });
    expect(await byId('valuation-USDT').getAttribute('aria-pressed')).toBe('true');
    expect(await theme()).toBe('dark');
    await shot('valuation-01-list-dark');

    await byId('valuation-BTC').click();
    // Choosing goes back to where the menu was opened.
    await byId('valuation-page').waitFor({ state: 'detached' });
    expect(await suite.page.evaluate('localStorage.getItem("valuation_unit")')).toBe('BTC');

    await suite.page.goto(url('/pages/assets/index'));
    await byId('assets-summary').waitFor();
    // The feed's first BTC price can take a moment on a fresh server; until then the total stays USDT.
    await expect.poll(() => byId('assets-total-unit').textContent(), { timeout: 30_000 }).toBe('BTC');
    expect(await byId('assets-total').textContent()).toBe('0');
    expect(await suite.page.locator('.assets-summary__label').textContent()).toBe('Total assets (BTC)');
    expect(await byId('assets-account-total').textContent()).toBe('≈ 0 BTC');
    await shot('valuation-02-assets-btc-dark');

    await suite.page.goto(url('/pages/settings/index'));
    await expect.poll(() => byId('settings-valuation').textContent()).toContain('BTC');
  });

  it('keeps the choice in the light theme and shows it checked', async () => {
    await byId('settings-theme').click();
    await expect.poll(() => theme()).toBe('light');
    await byId('settings-valuation').click();
    await byId('valuation-BTC').waitFor();
    expect(await byId('valuation-BTC').getAttribute('aria-pressed')).toBe('true');
    await shot('valuation-03-list-light');

    await suite.page.goto(url('/pages/assets/index'));
    await expect.poll(() => byId('assets-total-unit').textContent(), { timeout: 30_000 }).toBe('BTC');
    await shot('valuation-04-assets-btc-light');
    expect(pageErrors).toEqual([]);
  });
});
