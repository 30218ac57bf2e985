import { beforeAll, describe, expect, it } from 'vitest';
import { setTheme, settledScreenshot } from '../src/browser.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * The public index record on a phone, against the built server: an option order settles, its Verify
 * action checks the open and end samples against the published day head in the browser (Web Crypto),
 * and the record page lists each pair's day head and checks it. Screenshots in both themes.
 */

const SYMBOL = 'BTC/USDT';
const DELIVERY_SECONDS = 5;

const suite = phoneSuite({
  name: 'record',
  price: SYMBOL,
  verified: 'Record Checker',
  funded: { option: '1000' },
  optionPeriod: { seconds: DELIVERY_SECONDS, profitRatio: '85', maxNum: '1000' },
  signedIn: true,
});
const { url, byId, shot, pageErrors } = suite;
let orderId = 0;

type Order = { id: number; status: string; open_price: string; end_price: string | null; end_second: number | null };

describe('H5 index record: a settled option verified against the public, hash-chained record', () => {
  beforeAll(async () => {
    const bought = await suite.stack.api<Order>(
      'microtrade/submit',
      { match_id: '1', currency_id: '3', type: '1', seconds: String(DELIVERY_SECONDS), number: '100' },
      suite.user.token,
    );
    expect(bought.type).toBe('ok');
    orderId = bought.message.id;
  });

  it("verifies a settled order's open and end samples in the browser", async () => {
    // Settled within the second after delivery.
    let order: Order | undefined;
    await expect
      .poll(
        async () => {
          const list = await suite.stack.api<{ list: Order[] }>('microtrade/lists?status=delivered', undefined, suite.user.token);
          order = list.message.list.find((o) => o.id === orderId);
          return order?.status;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe('settled');

    await suite.page.goto(url('/pages/option/detail'));
    await byId('option-tabs-delivered').click();
    await byId(`option-delivered-${orderId}`).waitFor();
    await byId(`sample-verify-button-${orderId}`).click();
    const verdict = byId('sample-verify-verdict');
    await verdict.waitFor({ timeout: 20_000 });

    // Both samples are in the chain and hash up to the published head.
    const end = byId('sample-verify-end');
    const open = byId('sample-verify-open');
    expect(await end.getAttribute('data-chain')).toBe('ok');
    expect(await open.getAttribute('data-chain')).toBe('ok');
    // The end price is the recorded sample of the delivery second.
    expect(await end.getAttribute('data-price')).toBe('same');
    expect(await end.getAttribute('data-state')).toBe('ok');
    // The open price is the recorded sample of the open second: the same price, so the order as a whole
    // verifies. A newer tick taken as the open price would differ from the record and fail here.
    expect(await open.getAttribute('data-price')).toBe('same');
    expect(await open.getAttribute('data-state')).toBe('ok');
    expect(await verdict.getAttribute('data-state')).toBe('ok');
    await byId(`option-delivered-${orderId}`).scrollIntoViewIfNeeded();
    await shot('index-record-01-verify-dark');
    await setTheme(suite.page, 'light');
    await byId('option-tabs-delivered').click();
    await byId(`sample-verify-button-${orderId}`).click();
    await byId('sample-verify-verdict').waitFor({ timeout: 20_000 });
    await byId(`option-delivered-${orderId}`).scrollIntoViewIfNeeded();
    await shot('index-record-02-verify-light');
    await setTheme(suite.page, 'dark');
  });

  it("publishes each pair's day head on a public page and checks it", async () => {
    // Signed out: the record needs no account.
    const visitor = await suite.context
      .browser()!
      .newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true });
    const other = await visitor.newPage();
    other.on('pageerror', (error) => pageErrors.push(String(error)));
    await other.goto(url('/pages/market/index-record'));
    const card = other.getByTestId('index-head-BTC/USDT');
    await card.waitFor();
    await expect.poll(async () => (await card.getByTestId('index-head-hash').textContent())?.trim()).toMatch(/^[0-9a-f]{64}$/);
    await card.getByTestId('index-head-check').click();
    await card.getByTestId('index-head-verdict').waitFor();
    expect(await card.getByTestId('index-head-verdict').getAttribute('data-state')).toBe('ok');
    await settledScreenshot(other, 'index-record-03-page-dark');
    await setTheme(other, 'light');
    await other.getByTestId('index-head-BTC/USDT').waitFor();
    await other.getByTestId('index-head-BTC/USDT').getByTestId('index-head-check').click();
    await other.getByTestId('index-head-BTC/USDT').getByTestId('index-head-verdict').waitFor();
    await settledScreenshot(other, 'index-record-04-page-light');
    await visitor.close();

    expect(pageErrors).toEqual([]);
  });
});
