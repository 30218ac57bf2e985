import { describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { fillOptionBuy } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';
import type { Reply } from '../src/stack.js';

/**
 * Time-based options on a phone, against the built server with its simulated feed: a verified user with
 * a funded option account buys an "up" option on a short delivery time (5 s, added by the operator
 * through the console API), watches the countdown run, and sees the order settle — pushed over the
 * socket — with the delivery price that the server recorded as that second's index sample. Screenshots
 * in both themes.
 */

const SYMBOL = 'BTC/USDT';
const PAIR_ID = 1;
const DELIVERY_SECONDS = 5;

const suite = phoneSuite({
  name: 'options',
  price: SYMBOL,
  // A registered user, verified (basic tier approved by the operator), with 1,000 USDT in the option account.
  verified: 'Option Buyer',
  funded: { option: '1000' },
  // A short delivery time, as an operator adds it in the console.
  optionPeriod: { seconds: DELIVERY_SECONDS, profitRatio: '85', maxNum: '1000' },
  signedIn: true,
});
const { url, byId, shot, input, text, pageErrors } = suite;

/** "1,085 USDT" → "1085". */
const plain = (shown: string) => shown.replace(/[^\d.-]/g, '');
/** "60,145.86 · 12:00:01" → "60145.86 · 12:00:01": prices are shown with thousands separators. */
const ungroup = (shown: string) => shown.replace(/(\d),(?=\d{3})/g, '$1');

describe('H5 options: buy up, countdown, settlement from the recorded index', () => {
  it('lists the option pairs with live prices, labelled as demo data', async () => {
    await suite.page.goto(url('/pages/option/detail'));
    await byId('option-page').waitFor();
    await byId(`option-pair-${PAIR_ID}`).waitFor();
    await expect.poll(() => text('option-price')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await text('option-demo')).toBe('Demo market data');
    const first = await text('option-price');
    await expect.poll(() => text('option-price'), { timeout: 30_000, interval: 250 }).not.toBe(first);
    await shot('options-01-page-dark');
  });

  it('checks the form, buys up on a short delivery time, counts down and settles at the recorded delivery price', async () => {
    await byId('option-buy-up').click();
    await byId('option-buy-popup').waitFor();
    await byId('option-buy-confirm').click();
    await expect.poll(() => text('option-buy-error')).toBe('Please choose a delivery time first');
    await byId(`option-time-${DELIVERY_SECONDS}`).click();
    await byId('option-buy-confirm').click();
    await expect.poll(() => text('option-buy-error')).toBe('Please enter the amount');
    await input('option-stake').fill('0.5');
    await byId('option-buy-confirm').click();
    await expect.poll(() => text('option-buy-error')).toBe('Minimum purchase limit 1 – 1,000 USDT');
    await input('option-stake').fill('100');
    await expect.poll(() => text('option-expected')).toBe('185 USDT');
    expect(plain(await text('option-balance'))).toBe('1000');
    await shot('options-02-buy-popup-dark');

    const bought = suite.page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
    await byId('option-buy-confirm').click();
    // Direction, stake, period and payout are shown once more before the purchase.
    await byId('option-confirm').waitFor();
    expect(await text('option-confirm-payout')).toBe('185 USDT');
    await byId('option-confirm-ok').click();
    const order = ((await (await bought).json()) as Reply<{ id: number; open_price: string | null; delivery_at: number }>)
      .message;
    // The open price is the recorded sample of the purchase second: pending until that second is over.
    expect(order.open_price).toBeNull();

    // The pending card shows the open price once recorded, and a countdown that runs down.
    await byId(`option-pending-${order.id}`).waitFor();
    await expect.poll(() => text(`option-open-price-${order.id}`), { timeout: 5_000 }).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    const openPrice = ungroup(await text(`option-open-price-${order.id}`));
    const countdown = byId(`option-countdown-${order.id}`);
    const before = Number(await countdown.getAttribute('data-remaining'));
    expect(before).toBeGreaterThan(1000);
    expect(before).toBeLessThanOrEqual((DELIVERY_SECONDS + 1) * 1000);
    await expect
      .poll(async () => Number(await countdown.getAttribute('data-remaining')), { interval: 200, timeout: 5_000 })
      .toBeLessThan(before - 1000);
    expect(await countdown.textContent()).toMatch(/^0:0\d$/);
    await screenshot(suite.page, 'options-03-countdown-dark');

    // Delivered: the settlement is pushed over the socket and shown with its delivery price.
    await byId('option-settled').waitFor({ timeout: 20_000 });
    const settledPrice = ungroup(await text('option-settled-price'));
    await screenshot(suite.page, 'options-04-settled-dark');
    const delivered = await suite.stack.api<{
      list: {
        id: number;
        open_price: string;
        open_second: number;
        end_price: string;
        end_second: number;
        delivery_second: number;
        profit_result: number;
        payout: string;
      }[];
    }>('microtrade/lists?status=delivered', undefined, suite.user.token);
    const settled = delivered.message.list.find((o) => o.id === order.id)!;
    expect(settled.end_second).toBe(settled.delivery_second);
    expect(settled.open_price).toBe(openPrice);
    expect(settledPrice.startsWith(`${settled.end_price} · `)).toBe(true);
    // The delivery price is the recorded index sample of the delivery second, public for anyone to re-check.
    const samples = await suite.stack.api<{ list: { second: number; price: string }[] }>(
      `market/index_samples?symbol=${encodeURIComponent(SYMBOL)}&from=${settled.end_second}`,
    );
    expect(samples.message.list[0]).toMatchObject({ second: settled.end_second, price: settled.end_price });
    // So is the open price: the sample of the purchase second.
    const opened = await suite.stack.api<{ list: { second: number; price: string }[] }>(
      `market/index_samples?symbol=${encodeURIComponent(SYMBOL)}&from=${settled.open_second}&to=${settled.open_second}`,
    );
    expect(opened.message.list[0]).toMatchObject({ second: settled.open_second, price: settled.open_price });
    const outcome = Math.sign(Number(settled.end_price) - Number(settled.open_price));
    expect(settled.profit_result).toBe(outcome);
    expect(settled.payout).toBe(outcome === 1 ? '185' : outcome === 0 ? '100' : '0');
    expect(await byId('option-settled').getAttribute('data-result')).toBe(String(outcome));

    await byId('option-settled-close').click();
    await byId('option-tabs-delivered').click();
    await byId(`option-delivered-${order.id}`).waitFor();
    expect(ungroup(await text(`option-end-price-${order.id}`))).toBe(settled.end_price);
    expect(ungroup(await text(`option-open-price-${order.id}`))).toBe(settled.open_price);
    await shot('options-05-history-dark');

    // The option account shows what came back.
    await byId('option-buy-up').click();
    await expect
      .poll(async () => plain(await text('option-balance')), { timeout: 10_000 })
      .toBe(String(900 + Number(settled.payout)));
    await suite.page.keyboard.press('Escape');
  });

  it('looks right in the light theme', async () => {
    await suite.page.goto(url('/pages/option/detail'));
    await setTheme(suite.page, 'light');
    await byId('option-page').waitFor();
    await expect.poll(() => text('option-price')).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await shot('options-06-page-light');
    await byId('option-tabs-delivered').click();
    await byId('option-list-delivered').locator('article').first().waitFor();
    await shot('options-07-history-light');
    await fillOptionBuy(suite.page, 'down', DELIVERY_SECONDS, '50');
    await shot('options-08-buy-popup-light');
    await setTheme(suite.page, 'dark');
    expect(pageErrors).toEqual([]);
  });

  it('switched off while an option is pending: its holder still sees it count down, and it still delivers', async () => {
    const bought = await suite.stack.api<{ id: number }>(
      'microtrade/submit',
      { match_id: '1', currency_id: '3', type: '2', seconds: String(DELIVERY_SECONDS), number: '20' },
      suite.user.token,
    );
    expect(bought.type).toBe('ok');
    const id = bought.message.id;
    await suite.stack.admin('admin/products', { body: { options: '0' } });
    try {
      await suite.page.goto(url('/pages/option/detail'));
      await suite.page.reload();
      await byId('option-disabled').waitFor();
      await byId(`option-pending-${id}`).waitFor();
      await shot('options-09-off-pending-dark');
      const delivered = async () =>
        (
          await suite.stack.api<{ list: { id: number; status: string }[] }>(
            'microtrade/lists?status=delivered',
            undefined,
            suite.user.token,
          )
        ).message.list.find((o) => o.id === id)?.status;
      await expect.poll(delivered, { timeout: 30_000 }).toMatch(/^(settled|void)$/);
      // The result comes to the holder as it does with options on.
      await byId('option-settled').waitFor({ timeout: 15_000 });
      await byId('option-settled-close').click();
      await byId('option-tabs-delivered').click();
      await byId(`option-delivered-${id}`).waitFor({ timeout: 15_000 });
    } finally {
      await suite.stack.admin('admin/products', { body: { options: '1' } });
    }
    expect(pageErrors).toEqual([]);
  });
});
