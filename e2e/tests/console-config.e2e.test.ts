import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTab, launchBrowser, screenshot } from '../src/browser.js';
import { consoleSignIn, openConsolePage } from '../src/console.js';
import { adminSignIn, apiCall, apiOk, registerUser } from '../src/server-process.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack, startStack } from '../src/stack.js';
import { closeSuite } from '../src/teardown.js';

/**
 * Operations in the browser: the super admin sees the dashboard on the console's
 * home, changes a pair's taker fee on the configuration page, and finds that change (with before and
 * after) by searching the audit log for the `config.*` family. Runtime configuration:
 * disabling a coin (the user API then drops it from deposits and refuses deposit requests for it) and
 * changing a pair's tick size, both found in the audit log too.
 */

const TRX = 34;
let admin: string;

let stack: Stack;
let browser: Browser;
let desk: BrowserContext;
let ops: Page;
const pageErrors: string[] = [];

describe('console: dashboard, configuration, audit search', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    ({ context: desk, page: ops } = await deskTab(browser, { errors: pageErrors }));
  });

  afterAll(() => closeSuite(stack, browser, desk));

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
    // The market-order price band and the market maker's notional per side, with the pair's other rules.
    await ops.getByTestId('pair-price-band').fill('0.03');
    await ops.getByTestId('pair-mm-depth').fill('180000');
    await ops.getByRole('button', { name: 'Save' }).last().click();
    await expect.poll(() => ops.getByTestId('config-pairs').textContent(), { timeout: 15_000 }).toContain('0.25 %');
    await expect.poll(() => ops.getByTestId('pair-band-ETH/USDT').textContent()).toBe('3 %');
    expect(await ops.getByTestId('pair-ladder-ETH/USDT').textContent()).toContain('180000 / side');
    await ops.getByTestId('config-feed').waitFor();
    await screenshot(ops, 'console-config-02-configuration');
  });

  it('disables a coin after confirming: the user API drops it from deposits and refuses requests for it', async () => {
    admin = await adminSignIn(stack.baseUrl);
    const user = await registerUser(stack.baseUrl, admin, 'coin-off', 'password-e2e-1');
    expect((await apiCall(stack.baseUrl, 'POST', 'wallet/get_in_address', { currency: TRX }, { token: user.token })).type).toBe(
      'ok',
    );
    const coins = ops.getByTestId('config-coins');
    await coins.getByTestId('coin-enabled-TRX').click();
    await ops.getByTestId('confirm-content').waitFor();
    await screenshot(ops, 'console-config-03-coin-disable-confirm');
    await ops.getByTestId('confirm-ok').click();
    await expect
      .poll(() => coins.getByTestId('coin-enabled-TRX').getAttribute('aria-checked'), { timeout: 15_000 })
      .toBe('false');
    const refused = await apiCall(stack.baseUrl, 'POST', 'wallet/get_in_address', { currency: TRX }, { token: user.token });
    expect(refused.error).toBe('coin_disabled');
    const deposit = await apiCall(
      stack.baseUrl,
      'POST',
      'wallet/charge_req',
      { currency: TRX, type: 'TRC20', amount: '10' },
      { token: user.token },
    );
    expect(deposit.error).toBe('coin_disabled');
    // The wallet keeps the balance row, flagged off: the H5 deposit and withdrawal pages leave it out.
    const wallet = await apiOk(stack.baseUrl, 'POST', 'wallet/list', {}, { token: user.token });
    const coin = wallet.accounts[0].balances.find((b: { currency_id: number }) => b.currency_id === TRX);
    expect(coin.enabled).toBe(false);
  });

  it("changes a pair's tick size at runtime", async () => {
    await ops.getByTestId('pair-sizes-BTC/USDT').click();
    await ops.getByTestId('pair-sizes-warning').waitFor();
    await ops.getByTestId('pair-tick').fill('0.1');
    await screenshot(ops, 'console-config-04-pair-sizes');
    await ops.getByTestId('pair-sizes-ok').click();
    await expect.poll(() => ops.getByTestId('pair-tick-BTC/USDT').textContent(), { timeout: 15_000 }).toBe('0.1');
    await ops.getByTestId('pair-sizes-warning').waitFor({ state: 'hidden' });
    const pair = (await apiOk(stack.baseUrl, 'GET', 'admin/config', undefined, { token: admin })).pairs[0];
    expect(pair).toMatchObject({ symbol: 'BTC/USDT', tick_size: '0.1' });
    await screenshot(ops, 'console-config-05-configuration-after');
  });

  it('finds the change in the audit log by its action family, with before and after', async () => {
    await openConsolePage(ops, '/audit?action=config.*');
    const table = ops.getByTestId('audit-table');
    await table.waitFor();
    await expect
      .poll(async () => (await table.getByTestId('audit-action').allTextContents()).map((s) => s.trim()))
      .toEqual(['config.pair.sizes', 'config.coin.enabled', 'config.pair.set']);
    await table.locator('tr.ant-table-row').nth(2).click();
    await expect.poll(() => ops.getByTestId('audit-after').first().textContent()).toContain('0.0025');
    await screenshot(ops, 'console-config-06-audit-search');
    expect(pageErrors).toEqual([]);
  });
});
