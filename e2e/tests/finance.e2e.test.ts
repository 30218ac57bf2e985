import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTab, pullDown, screenshot, setTheme } from '../src/browser.js';
import { consoleSignIn, openConsolePage, verifyLedgerInConsole } from '../src/console.js';
import { launchPhone, openFresh, signInByEmail, testIds } from '../src/h5-session.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack, startStack } from '../src/stack.js';
import { closeSuite } from '../src/teardown.js';

/**
 * Financial products on a phone: the lock tab lists the products, the buy page refuses bad input and
 * previews the income, a purchase shows up in my hosting, and an early redemption shows its damages
 * before the user confirms and then refunds the rest. The operator pauses a product in the console and
 * it leaves the list. Screenshots in both themes.
 */

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let consoleContext: BrowserContext;
let ops: Page;
let userId = 0;
let token = '';
const pageErrors: string[] = [];

const email = `finance.${Date.now()}@example.test`;
const password = 'finance-pass-1';

const url = (hash: string) => `${stack.baseUrl}/h5/#${hash}`;
const { byId, shot, input } = testIds(() => page);
const text = async (id: string) => ((await byId(id).first().textContent()) ?? '').trim();
const toast = () => page.locator('.adm-toast-main');

type Product = { id: number; currency_id: number; day: number };

const open = (hash: string, testId: string) => openFresh(page, url(hash), testId);

/** Both themes of the page on screen: dark first (the default), then light, back to dark. */
async function shotBoth(name: string, readyId: string) {
  await shot(`${name}-dark`);
  await setTheme(page, 'light');
  await byId(readyId).waitFor();
  await shot(`${name}-light`);
  await setTheme(page, 'dark');
  await byId(readyId).waitFor();
}

async function coinUsdt(): Promise<string> {
  const reply = await stack.api<{ available: string }>('wallet/detail', { currency: '3', type: 'coin' }, token);
  return reply.message.available;
}

describe('H5 financial products: buy, hosting, early redemption', () => {
  let fifteen: Product;
  let seven: Product;

  beforeAll(async () => {
    stack = await startStack({ MARKET_FEED: 'off', MARKET_MAKER: '0' });
    ({ token, id: userId } = await stack.registerEmail(email, password));
    // The operator credits 2000 USDT (an audited adjustment), as a deposit would.
    await stack.admin(`admin/users/${userId}/adjust`, {
      body: { currency_id: '3', account: 'coin', amount: '2000', reason: 'e2e: finance funds' },
    });
    const products = (await stack.api<Product[]>('lh/deposit/config', undefined, token)).message;
    fifteen = products.find((p) => p.currency_id === 3 && p.day === 15)!;
    seven = products.find((p) => p.currency_id === 3 && p.day === 7)!;
    expect(fifteen && seven).toBeTruthy();

    ({ browser, context, page } = await launchPhone(pageErrors));
    ({ context: consoleContext, page: ops } = await deskTab(browser));
  });

  afterAll(() => closeSuite(stack, browser, consoleContext, context));

  it('logs in and opens the lock tab with the products on sale', async () => {
    await signInByEmail(page, stack.baseUrl, email, password);
    await expect.poll(() => page.url(), { timeout: 15_000 }).not.toContain('login');

    await open('/pages/template/index', 'finance-tab-page');
    await byId(`finance-product-${fifteen.id}`).waitFor();
    expect(await byId(`finance-product-${fifteen.id}`).getByTestId('finance-product-rate').textContent()).toBe('0.40%');
    // The report loads beside the product list; wait for it rather than reading its placeholder.
    await expect.poll(() => text('finance-report-amount'), { timeout: 15_000 }).toBe('0.00');
    await shotBoth('finance-01-lock-tab', 'finance-tab-page');

    // The finance index is the same list with a back arrow.
    await open('/pages/finance/index', 'finance-page');
    await byId(`finance-product-${seven.id}`).waitFor();
  });

  it('refuses bad input on the buy page and previews the income exactly', async () => {
    await open('/pages/template/index', 'finance-tab-page');
    await byId(`finance-buy-${fifteen.id}`).click();
    await byId('finance-buy-page').waitFor();
    await expect.poll(() => text('finance-available')).toBe('Available: 2,000 USDT');

    await byId('finance-submit').click();
    expect(await text('finance-amount-error')).toBe('Please enter the amount');
    await input('finance-amount').fill('50');
    await byId('finance-submit').click();
    expect(await text('finance-amount-error')).toBe('The amount is below the minimum');
    await input('finance-amount').fill('2500');
    await byId('finance-submit').click();
    expect(await text('finance-amount-error')).toBe('Insufficient balance');

    await input('finance-amount').fill('1000');
    expect(await text('finance-expected')).toBe('60 USDT');
    expect(await text('finance-max-30')).toBe('120 USDT');
    await byId('finance-submit').click();
    expect(await text('finance-agree-error')).toBe('You have not agreed to the terms');
    // Nothing was bought.
    expect(await coinUsdt()).toBe('2000');
  });

  it('buys the product and sees it in hosting', async () => {
    // The form filled in, in both themes (a theme switch reloads the page, so it is filled again).
    const fill = async () => {
      await byId('finance-buy-page').waitFor();
      await input('finance-amount').fill('1000');
      // The box itself: its label holds the link to the rules.
      await page.locator('[data-testid="finance-agree"] .adm-checkbox-icon').click();
      await expect.poll(() => text('finance-expected')).toBe('60 USDT');
    };
    await fill();
    await shot('finance-02-buy-dark');
    await setTheme(page, 'light');
    await fill();
    await shot('finance-02-buy-light');
    await setTheme(page, 'dark');
    await fill();
    await byId('finance-submit').click();
    await byId('finance-orders-page').waitFor({ timeout: 15_000 });
    await byId('finance-orders-hosting').waitFor();
    const order = byId('finance-order').first();
    await order.waitFor();
    expect((await order.getByTestId('finance-order-amount').textContent())?.trim()).toBe('1,000');
    expect((await order.getByTestId('finance-order-remaining').textContent())?.trim()).toBe('15 days');
    await expect.poll(() => text('finance-report-amount')).toBe('1,000.00');
    expect(await coinUsdt()).toBe('1000');
    await shotBoth('finance-03-hosting', 'finance-orders-page');
  });

  it('pulls to refresh my hosting', async () => {
    await byId('finance-order').first().waitFor();
    const refreshed = page.waitForResponse((r) => r.url().includes('/api/lh/deposit/order'), { timeout: 10_000 });
    await pullDown(page, 160, 460);
    await refreshed;
  });

  it('redeems early: the dialog shows the damages, and the rest comes back', async () => {
    await byId('finance-order-redeem').first().click();
    await byId('finance-redeem-dialog').waitFor();
    // Bought today: all 15 days remain, 0.4 % × 15 × 1000 = 60.
    expect(await text('finance-redeem-damages')).toBe('60 USDT');
    expect(await text('finance-redeem-refund')).toBe('940 USDT');
    await shot('finance-04-redeem-dialog-dark');
    // The light theme's dialog: cancel, switch, open it again (a reload closes it).
    await page.locator('.adm-dialog-button', { hasText: 'Cancel' }).click();
    await setTheme(page, 'light');
    await byId('finance-order-redeem').first().click();
    await byId('finance-redeem-dialog').waitFor();
    expect(await text('finance-redeem-damages')).toBe('60 USDT');
    await shot('finance-04-redeem-dialog-light');
    await page.locator('.adm-dialog-button', { hasText: 'Redeem' }).click();
    await expect.poll(() => toast().textContent(), { timeout: 10_000 }).toContain('940 USDT');
    await expect.poll(() => coinUsdt()).toBe('1940');
    await setTheme(page, 'dark');
    await byId('finance-orders-page').waitFor();

    await byId('finance-orders-tab-redeemed').click();
    const redeemed = byId('finance-orders-redeemed').getByTestId('finance-order').first();
    await redeemed.waitFor();
    expect((await redeemed.getByTestId('finance-order-damages').textContent())?.trim()).toBe('60 USDT');
    expect((await redeemed.getByTestId('finance-order-refund').textContent())?.trim()).toBe('940 USDT');
    await byId('finance-orders-tab-hosting').click();
    await byId('empty-state').waitFor();
    await byId('finance-orders-tab-redeemed').click();
    await redeemed.waitFor();
    await shotBoth('finance-05-redeemed', 'finance-orders-page');
  });

  it("states the rules with the penalty formula and the spec's example", async () => {
    await open('/pages/finance/rulePage', 'finance-rule-page');
    expect(await text('finance-rule-formula')).toBe('Damages = daily damages rate × remaining days × amount');
    expect(await text('finance-rule-example')).toBe('Example: 0.4% × 3 days × 1000 USDT = 12 USDT; you get back 988 USDT.');
    await shotBoth('finance-06-rules', 'finance-rule-page');
  });

  it('lets the operator pause a product in the console; it leaves the phone list; the ledger stays sound', async () => {
    await consoleSignIn(ops, stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await openConsolePage(ops, '/wealth');
    await ops.getByTestId('wealth-products-table').waitFor();
    await ops.getByTestId(`wealth-toggle-${seven.id}`).click();
    await ops.getByTestId('confirm-ok').click();
    await ops.locator('.ant-message-notice', { hasText: `Product #${seven.id} paused` }).waitFor();
    await ops.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await screenshot(ops, 'finance-07-console-products');

    await open('/pages/template/index', 'finance-tab-page');
    await byId(`finance-product-${fifteen.id}`).waitFor();
    expect(await byId(`finance-product-${seven.id}`).count()).toBe(0);
    const bought = await stack.api('lh/deposit', { config_id: String(seven.id), amount: '100', agree: '1' }, token);
    expect(bought).toMatchObject({ type: 'error', message: 'This product is paused and cannot be bought now' });

    expect(await verifyLedgerInConsole(ops)).toEqual({ sound: true, verdict: 'sound' });
    expect(pageErrors).toEqual([]);
  });
});
