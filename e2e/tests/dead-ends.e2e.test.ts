import { describe, expect, it } from 'vitest';
import { dragDown, setTheme } from '../src/browser.js';
import { fillOptionBuy } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * Dead ends and wrong messages a new user used to hit, each reached on a phone against the built
 * server: the verification prompt that flashed by, bare "ERROR" toasts, an upload's two failures with
 * one text, the transfer sheet offering the same account twice, falling pairs among the gainers, a
 * stale pair switcher, a stray demo badge, an untrue valuation note, pull-to-refresh that ignored a
 * drag below a short list, meaningless finance figures and a finance buy page without a product.
 * (The withdrawal address is reached in money.e2e.test.ts, the option maximum in
 * confirmations.e2e.test.ts, the subscription's return in publication.e2e.test.ts.)
 */

const SYMBOL = 'BTC/USDT';
const PAIR_ID = 1;
const DELIVERY_SECONDS = 42;
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const suite = phoneSuite({
  name: 'deadends',
  price: SYMBOL,
  // Not verified on purpose; 1,000 USDT in the coin and the option accounts.
  funded: { coin: '1000', option: '1000' },
  optionPeriod: { seconds: DELIVERY_SECONDS, profitRatio: '80', maxNum: '500' },
  signedIn: true,
});
const { open, byId, shot, input, text, pageErrors } = suite;
const toast = () => suite.page.locator('.adm-toast-main');

/** Buys a 10 USDT "up" option as this (unverified) user, through the form and its confirmation. */
async function buyOptionUnverified() {
  await open('/pages/option/detail', 'option-page');
  await byId(`option-pair-${PAIR_ID}`).waitFor();
  await fillOptionBuy(suite.page, 'up', DELIVERY_SECONDS, '10');
  await byId('option-buy-confirm').click();
  await byId('option-confirm-ok').click();
}

describe('H5 dead ends and wrong messages, mended', () => {
  it('tells an unverified user why in a dialog that stays, with a button to verify', async () => {
    await buyOptionUnverified();

    const reason = byId('verify-required-dialog');
    await reason.waitFor();
    expect(await reason.textContent()).toMatch(/verification/i);
    // Still there seconds later, on the page the user was on.
    await suite.page.waitForTimeout(2500);
    expect(await reason.isVisible()).toBe(true);
    expect(suite.page.url()).toContain('/pages/option/detail');
    await shot('dead-ends-01-verify-dialog-dark');
    await suite.page.locator('.adm-dialog-button', { hasText: 'Verify now' }).click();
    await suite.page.waitForURL((u) => u.hash.includes('/verification'), { timeout: 10_000 });
  });

  it('says "Submit failed" instead of a bare ERROR when the server fails without a message', async () => {
    await open('/pages/assets/transfer/index', 'transfer-page');
    await suite.page.route('**/api/wallet/change', (route) =>
      route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }),
    );
    await input('transfer-amount').fill('10');
    await byId('transfer-submit').click();
    await expect.poll(() => toast().textContent()).toBe('Submit failed, please try again');
    await suite.page.unroute('**/api/wallet/change');
  });

  it('never offers the "From" account as "To"', async () => {
    await open('/pages/assets/transfer/index', 'transfer-page');
    const from = await text('transfer-from');
    await byId('transfer-to').click();
    const options = byId('transfer-to-option').locator('button');
    await options.first().waitFor();
    const labels = (await options.allTextContents()).map((label) => label.trim());
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.some((label) => label.startsWith(from))).toBe(false);
    await shot('dead-ends-02-transfer-to-dark');
    await suite.page.keyboard.press('Escape');
  });

  it('tells "too large" from "the connection dropped" when an upload fails', async () => {
    await open('/pages/assets/deposit/charge?currency=3', 'deposit-charge-page');
    // The amount's error sits next to the minimum, not instead of it.
    await input('deposit-amount').fill('5');
    await byId('deposit-submit').click();
    await expect.poll(() => text('deposit-amount-error')).toMatch(/minimum/i);
    expect(await text('deposit-amount-hint')).toContain('Minimum deposit: 10 USDT.');
    await byId('deposit-amount-hint').scrollIntoViewIfNeeded();
    await shot('dead-ends-03a-deposit-error-hint-dark');

    await byId('deposit-proof-input').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(6 * 1024 * 1024, 1),
    });
    await expect.poll(() => text('deposit-proof-reason')).toMatch(/over the allowed size \(5 MB\)/);
    const tooLarge = await text('deposit-proof-reason');

    await suite.page.route('**/api/upload', (route) => route.abort('connectionreset'));
    await byId('deposit-proof-input').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    await expect.poll(() => text('deposit-proof-reason')).toMatch(/connection dropped/i);
    expect(await text('deposit-proof-reason')).not.toBe(tooLarge);
    await byId('deposit-proof-retry').waitFor();
    await byId('deposit-proof-reason').scrollIntoViewIfNeeded();
    await shot('dead-ends-03-upload-network-dark');
    await suite.page.unroute('**/api/upload');
    await byId('deposit-proof-retry').click();
    await expect.poll(() => byId('deposit-proof').getAttribute('data-state')).toBe('done');
  });

  it('lists only rising pairs as gainers', async () => {
    await open('/pages/index/index', 'home-markets');
    const leaders = suite.page.locator('[data-testid^="home-gainer-"]');
    await suite.page.locator('[data-testid="home-gainer-1"], [data-testid="home-gainers-empty"]').first().waitFor();
    for (const leader of await leaders.all()) expect(await leader.textContent()).toMatch(/\+\d/);
  });

  it('shows live prices in the pair switcher', async () => {
    await open(`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`, 'trade-page');
    await byId('trade-pair').click();
    const price = byId('pair-price-BTC_USDT');
    await expect.poll(async () => (await price.textContent()) ?? '').toMatch(/^[\d,]+\.\d{2}$/);
    const first = await price.textContent();
    // With the sheet open and nothing reloaded, the price follows the feed.
    await expect.poll(() => price.textContent(), { timeout: 30_000, interval: 250 }).not.toBe(first);
    await shot('dead-ends-04-pair-switcher-dark');
    await suite.page.keyboard.press('Escape');
  });

  it('keeps the demo badge out of the referral stats and says where valuations come from', async () => {
    await open('/pages/promotion/index', 'promotion-stats');
    expect(await text('promotion-stats')).not.toMatch(/demo/i);

    await open('/pages/assets/index', 'assets-page');
    const note = byId('assets-demo-prices');
    if ((await note.count()) > 0) {
      expect(await note.textContent()).toMatch(/market feed/);
      expect(await note.textContent()).not.toMatch(/set by the operator/);
    }
  });

  it('refreshes on a pull that starts below a short list, with one wording', async () => {
    await open('/pages/assets/transfer/record', 'transfer-record-page');
    await suite.page.waitForTimeout(500);
    const refreshed = suite.page.waitForResponse((r) => r.url().includes('/api/wallet/hzhistory'), { timeout: 10_000 });
    // The list is short (empty): the drag starts on the bare screen under it.
    const finger = await dragDown(suite.page, 520, 800);
    await expect.poll(() => byId('pull-refresh').getAttribute('data-phase')).toBe('release');
    expect(await text('pull-refresh-text')).toBe('Release to refresh');
    await finger.release();
    await refreshed;
    expect(await suite.page.getByText(/scroll down/i).count()).toBe(0);
  });

  it('shows finance orders without a meaningless "Purchase price 1 USDT"', async () => {
    const products = (
      await suite.stack.api<{ id: number; currency_name: string; save_min: string }[]>(
        'lh/deposit/config',
        undefined,
        suite.user.token,
      )
    ).message;
    const usdt = products.find((p) => p.currency_name === 'USDT');
    if (!usdt) throw new Error('no USDT product is seeded');
    const bought = await suite.stack.api(
      'lh/deposit',
      { config_id: String(usdt.id), amount: '100', agree: '1' },
      suite.user.token,
    );
    expect(bought.type).toBe('ok');
    await open('/pages/finance/ordersPage', 'finance-orders-page');
    await byId('finance-order').first().waitFor();
    expect(await byId('finance-order').first().textContent()).not.toMatch(/Purchase price/);
    expect(await byId('finance-order-price').count()).toBe(0);
    await shot('dead-ends-05-finance-orders-dark');
  });

  it('opens the finance buy page without a product on a useful state', async () => {
    await open('/pages/finance/buyPage', 'finance-buy-page');
    await byId('finance-buy-no-product').waitFor();
    expect(await text('finance-buy-no-product')).toContain('Choose a product to buy first');
    expect(await suite.page.getByText('Could not load the data').count()).toBe(0);
    await shot('dead-ends-06-finance-no-product-dark');
    await byId('finance-buy-see-products').click();
    await suite.page.waitForURL((u) => u.hash.includes('/pages/finance/index'), { timeout: 10_000 });
  });

  it('looks right in the light theme', async () => {
    await setTheme(suite.page, 'light');
    await open('/pages/finance/buyPage', 'finance-buy-no-product');
    await shot('dead-ends-07-finance-no-product-light');
    await open('/pages/assets/transfer/index', 'transfer-page');
    await byId('transfer-to').click();
    await byId('transfer-to-option').locator('button').first().waitFor();
    await shot('dead-ends-08-transfer-to-light');
    await suite.page.keyboard.press('Escape');
    await buyOptionUnverified();
    await byId('verify-required-dialog').waitFor();
    await shot('dead-ends-09-verify-dialog-light');
    await suite.page.locator('.adm-dialog-button', { hasText: 'Not now' }).click();
    await setTheme(suite.page, 'dark');
    expect(pageErrors).toEqual([]);
  });
});
