import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from '../src/browser.js';
import { consoleSignIn, openConsolePage } from '../src/console.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack, startStack } from '../src/stack.js';

/**
 * Operations (issue 8, parts 2–4) in the browser: the super admin sees the dashboard on the console's
 * home, changes a pair's taker fee on the configuration page, and finds that change (with before and
 * after) by searching the audit log for the `config.*` family.
 */

let stack: Stack;
let browser: Browser;
let desk: BrowserContext;
let ops: Page;
const pageErrors: string[] = [];

describe('console: dashboard, configuration, audit search', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    desk = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    ops = await desk.newPage();
    ops.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterAll(async () => {
    await desk?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('shows the dashboard on the home page', async () => {
    await consoleSignIn(ops, stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await ops.getByTestId('dashboard').waitFor();
    await ops.getByTestId('dashboard-volume-chart').waitFor();
    const pairs = await ops.getByTestId('dashboard-volume-chart').locator('text').allTextContents();
    expect(pairs).toContain('BTC/USDT');
    await ops.getByTestId('dashboard-house-chart').waitFor();
    await screenshot(ops, 'console-config-01-dashboard');
  });

  it("changes a pair's taker fee on the configuration page", async () => {
    await openConsolePage(ops, '/config');
    await ops.getByTestId('config-pairs').waitFor();
    await ops.getByTestId('pair-edit-ETH/USDT').click();
    await ops.getByTestId('pair-taker-fee').fill('0.0025');
    await ops.getByRole('button', { name: 'Save' }).last().click();
    await expect.poll(() => ops.getByTestId('config-pairs').textContent()).toContain('0.25 %');
    await ops.getByTestId('config-feed').waitFor();
    await screenshot(ops, 'console-config-02-configuration');
  });

  it('finds the change in the audit log by its action family, with before and after', async () => {
    await openConsolePage(ops, '/audit?action=config.*');
    const table = ops.getByTestId('audit-table');
    await table.waitFor();
    await expect
      .poll(async () => (await table.getByTestId('audit-action').allTextContents()).map((s) => s.trim()))
      .toEqual(['config.pair.set']);
    await table.locator('tr.ant-table-row').first().click();
    await expect.poll(() => ops.getByTestId('audit-after').first().textContent()).toContain('0.0025');
    await screenshot(ops, 'console-config-03-audit-search');
    expect(pageErrors).toEqual([]);
  });
});
