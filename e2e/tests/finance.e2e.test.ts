import { beforeAll, describe, expect, it } from 'vitest';
import { pullDown, screenshot, setTheme } from '../src/browser.js';
import { consoleSignIn, openConsolePage, verifyLedgerInConsole } from '../src/console.js';
import { signInByEmail } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/stack.js';

/**
 * Financial products on a phone: the lock tab lists the products, the buy page refuses bad input and
 * previews the income, a purchase shows up in my hosting, and an early redemption shows its damages
 * before the user confirms and then refunds the rest. The operator pauses a product in the console and
 * it leaves the list. Screenshots in both themes.
 */

const suite = phoneSuite({
  name: 'finance',
  env: { MARKET_FEED: 'off', MARKET_MAKER: '0' },
  // The operator credits 2000 USDT (an audited adjustment), as a deposit would.
  funded: { coin: '2000' },
  // The operator signs in on the console tab during the tests.
  desk: {},
});
const { open, byId, shot, input, pageErrors, email, password } = suite;
const text = async (id: string) => ((await byId(id).first().textContent()) ?? '').trim();
const toast = () => suite.page.locator('.adm-toast-main');

type Product = { id: number; currency_id: number; day: number };

/** Both themes of the page on screen: dark first (the default), then light, back to dark. */
async function shotBoth(name: string, readyId: string) {
  await shot(`${name}-dark`);
  await setTheme(suite.page, 'light');
  await byId(readyId).waitFor();
  await shot(`${name}-light`);
  await setTheme(suite.page, 'dark');
  await byId(readyId).waitFor();
}

async function coinUsdt(): Promise<string> {
  const reply = await suite.stack.api<{ available: string }>('wallet/detail', { currency: '3', type: 'coin' }, suite.user.token);
  return reply.message.available;
}

describe('H5 financial products: buy, hosting, early redemption', () => {
  let fifteen: Product;
  let seven: Product;

  beforeAll(async () => {
    const products = (await suite.stack.api<Product[]>('lh/deposit/config', undefined, suite.user.token)).message;
    fifteen = products.find((p) => p.currency_id === 3 && p.day === 15)!;
    seven = products.find((p) => p.currency_id === 3 && p.day === 7)!;
    expect(fifteen && seven).toBeTruthy();
  });

  it('logs in and opens the lock tab with the products on sale', async () => {
    await signInByEmail(suite.page, suite.stack.baseUrl, email, password);
    await expect.poll(() => suite.page.url(), { timeout: 15_000 }).not.toContain('login');

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
      await suite.page.locator('[data-testid="finance-agree"] .adm-checkbox-icon').click();
      await expect.poll(() => text('finance-expected')).toBe('60 USDT');
    };
    await fill();
    await shot('finance-02-buy-dark');
    await setTheme(suite.page, 'light');
    await fill();
    await shot('finance-02-buy-light');
    await setTheme(suite.page, 'dark');
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
    const refreshed = suite.page.waitForResponse((r) => r.url().includes('/api/lh/deposit/order'), { timeout: 10_000 });
    await pullDown(suite.page, 160, 460);
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
    await suite.page.locator('.adm-dialog-button', { hasText: 'Cancel' }).click();
    await setTheme(suite.page, 'light');
    await byId('finance-order-redeem').first().click();
    await byId('finance-redeem-dialog').waitFor();
    expect(await text('finance-redeem-damages')).toBe('60 USDT');
    await shot('finance-04-redeem-dialog-light');
    await suite.page.locator('.adm-dialog-button', { hasText: 'Redeem' }).click();
    await expect.poll(() => toast().textContent(), { timeout: 10_000 }).toContain('940 USDT');
    await expect.poll(() => coinUsdt()).toBe('1940');
    await setTheme(suite.page, 'dark');
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
    await consoleSignIn(suite.ops, suite.stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await openConsolePage(suite.ops, '/wealth');
    await suite.ops.getByTestId('wealth-products-table').waitFor();
    await suite.ops.getByTestId(`wealth-toggle-${seven.id}`).click();
    await suite.ops.getByTestId('confirm-ok').click();
    await suite.ops.locator('.ant-message-notice', { hasText: `Product #${seven.id} paused` }).waitFor();
    await suite.ops.locator('.ant-modal-confirm').waitFor({ state: 'detached' });
    await screenshot(suite.ops, 'finance-07-console-products');

    await open('/pages/template/index', 'finance-tab-page');
    await byId(`finance-product-${fifteen.id}`).waitFor();
    expect(await byId(`finance-product-${seven.id}`).count()).toBe(0);
    const bought = await suite.stack.api(
      'lh/deposit',
      { config_id: String(seven.id), amount: '100', agree: '1' },
      suite.user.token,
    );
    expect(bought).toMatchObject({ type: 'error', message: 'This product is paused and cannot be bought now' });

    expect(await verifyLedgerInConsole(suite.ops)).toEqual({ sound: true, verdict: 'sound' });
    expect(pageErrors).toEqual([]);
  });
});
