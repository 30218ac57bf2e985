import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.js';
import { consoleSignIn, openConsolePage } from '../src/console.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack, startStack } from '../src/stack.js';
import { closeSuite } from '../src/teardown.js';

/**
 * While the simulated feed is the price source, every console page (the sign-in page too) carries the
 * "demo price source" banner, and nothing closes it.
 */

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

describe('console: demo price source banner', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    page = await context.newPage();
  });

  afterAll(() => closeSuite(stack, browser, context));

  const expectBanner = async (where: string) => {
    const banner = page.getByTestId('demo-price-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent(), where).toContain('Demo price source');
    expect(await banner.locator('button, .ant-alert-close-icon').count(), `${where}: a way to close it`).toBe(0);
  };

  it('shows on the sign-in page and on every signed-in page, with no way to close it', async () => {
    await page.goto(`${stack.baseUrl}/admin/#/login`);
    await expectBanner('sign-in');
    await screenshot(page, 'console-demo-banner-01-sign-in');
    await consoleSignIn(page, stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const path of ['/', '/withdrawals', '/users', '/config', '/options', '/contracts', '/security']) {
      await openConsolePage(page, path);
      await expectBanner(path);
    }
    // A reload (a new session of the page) shows it again at once: it is not remembered as dismissed.
    await page.reload();
    await expectBanner('after a reload');
    await screenshot(page, 'console-demo-banner-02-signed-in');
  });
});
