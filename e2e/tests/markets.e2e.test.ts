import { describe, expect, it } from 'vitest';
import { pullDown, setTheme } from '../src/browser.js';
import { HTML_LANG, keysShownRaw, LANGS } from '../src/h5-locales.js';
import { signInWelcomed } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * Markets on a phone, against the built server with its simulated feed (the default feed of
 * `npm start`): a user logs in, sees home prices move, opens the chart and watches it fill and
 * update, trades on the spot book (a limit buy that rests and is cancelled, a market buy that fills
 * against the operator's market maker) and sees balances and order history change. Screenshots of
 * home, trade and K-line in both themes.
 */

const SYMBOL = 'BTC/USDT';
const KEY = 'BTC_USDT';
const FUNDING = '1000';

// The feed starts after the server's first reply and backfills its history: wait for a price.
const suite = phoneSuite({ name: 'markets', price: SYMBOL });
const { url, open, byId, shot, input, text, pageErrors, email, password } = suite;
const toast = () => suite.page.locator('.adm-toast-main');
/** "1,234.56 USDT" → "1234.56". */
const amountOf = (shown: string) => shown.replace(/[^\d.]/g, '');

/** A public API call (GET), or a POST when there is a body. */
type Pair = { symbol: string; now_price: string | null; legal_id: number; currency_id: number };

async function btc(): Promise<Pair | undefined> {
  const reply = await suite.stack.api<{ quotation: Pair[] }[]>('currency/quotation_new');
  return reply.message.flatMap((g) => g.quotation).find((p) => p.symbol === SYMBOL);
}

/** Waits for loaders and toasts to go and a short settle, then keeps a screenshot. */
/** Hundred-millionths of a unit of a plain decimal ("53.989" → 5398900000n): exact test arithmetic. */
function units(value: string): bigint {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

/** Back from hundred-millionths to plain text without trailing zeros. */
function fromUnits(value: bigint): string {
  const digits = value.toString().padStart(9, '0');
  const whole = digits.slice(0, -8);
  const fraction = digits.slice(-8).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/** Thousands grouped, as the app shows amounts. */
const group = (plain: string) => {
  const [whole = '0', fraction] = plain.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
};

/** The figure the form shows as available ("1,000 USDT" → "1000"). */
const available = async () => amountOf(await text('order-available'));

describe('H5 markets: home prices, K-line, spot trading', () => {
  it('logs in and sees the home prices move, labelled as demo data', async () => {
    await signInWelcomed(suite.page, suite.stack.baseUrl, email, password);

    await byId('home-markets').waitFor();
    for (const id of ['quick-deposit', 'quick-withdraw', 'quick-share', 'quick-service', 'home-publication']) {
      await byId(id).waitFor();
    }
    await expect.poll(() => text(`home-price-${KEY}`)).toMatch(/^\d[\d,]*\.\d{2}$/);
    expect(await text('home-markets-demo')).toBe('Demo market data');
    expect(await text('home-gainers-demo')).toBe('Demo market data');
    // Only rising pairs are gainers: the board lists them, or says none rose.
    await suite.page.locator('[data-testid="home-gainer-1"], [data-testid="home-gainers-empty"]').first().waitFor();
    // The socket's tickers replace the figures as they come: the price changes on its own.
    const first = await text(`home-price-${KEY}`);
    await expect.poll(() => text(`home-price-${KEY}`), { timeout: 30_000, interval: 250 }).not.toBe(first);
    await shot('markets-01-home-dark');

    await setTheme(suite.page, 'light');
    await byId(`home-price-${KEY}`).waitFor();
    await expect.poll(() => text(`home-price-${KEY}`)).toMatch(/^\d[\d,]*\.\d{2}$/);
    await shot('markets-02-home-light');
    await setTheme(suite.page, 'dark');
  });

  it('pulls to refresh on home', async () => {
    await byId('home-markets').waitFor();
    const refreshed = suite.page.waitForResponse((r) => r.url().includes('/api/currency/quotation_new'), { timeout: 10_000 });
    // A real touch drag down from the top of the page (antd-mobile's pull-to-refresh follows touches).
    await pullDown(suite.page, 140, 440);
    await refreshed;
  });

  it('opens the K-line chart, which fills and follows the feed', async () => {
    await byId(`home-pair-${KEY}`).click();
    await byId('trade-page').waitFor();
    await expect.poll(() => text('trade-symbol')).toBe(SYMBOL);
    await byId('trade-open-kline').click();
    await byId('kline-page').waitFor();
    const chart = byId('kline-chart');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    // A month of 1-minute history is backfilled: the first page is full.
    await expect.poll(async () => Number(await chart.getAttribute('data-bars'))).toBeGreaterThanOrEqual(300);
    expect(await text('kline-demo')).toBe('Demo market data');
    // The live 1-minute candle moves with the feed (socket `kline` events).
    const close = await chart.getAttribute('data-last-close');
    await expect.poll(() => chart.getAttribute('data-last-close'), { timeout: 30_000, interval: 250 }).not.toBe(close);
    await shot('markets-03-kline-1m-dark');

    // Every interval loads its candles.
    for (const interval of ['5min', '30min', '60min', '1day', '1week', '1mon', 'time']) {
      await byId(`kline-interval-${interval}`).click();
      await expect.poll(() => chart.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
      expect(Number(await chart.getAttribute('data-bars')), interval).toBeGreaterThan(0);
    }
    // Two years of daily history: the weekly and monthly candles exist too; time-share is a line.
    await shot('markets-04-kline-timeshare-dark');
    await byId('kline-interval-1day').click();
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await byId('kline-main-BOLL').click();
    await byId('kline-sub-MACD').click();
    await expect.poll(() => byId('kline-main-BOLL').getAttribute('aria-pressed')).toBe('true');
    await shot('markets-05-kline-1d-boll-macd-dark');
    for (const name of ['EMA', 'MA']) await byId(`kline-main-${name}`).click();
    for (const name of ['KDJ', 'RSI', 'VOL']) await byId(`kline-sub-${name}`).click();
    await byId('kline-interval-1min').click();
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');

    await setTheme(suite.page, 'light');
    await expect.poll(() => chart.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await shot('markets-06-kline-light');
    await setTheme(suite.page, 'dark');
  });

  it('checks an order on the phone before sending it', async () => {
    await suite.stack.admin(`admin/users/${suite.user.id}/adjust`, {
      body: { currency_id: '3', account: 'coin', amount: FUNDING, reason: 'e2e funding' },
    });
    await open(`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`, 'trade-page');
    await expect.poll(() => available()).toBe(FUNDING);
    expect(await text('trade-demo')).toBe('Demo market data');

    await input('order-amount').fill('');
    await byId('order-submit').click();
    await expect.poll(() => text('order-amount-error')).toBe('Please enter the amount');
    await input('order-price').fill('60000.005');
    await expect.poll(() => text('order-price-error')).toBe('The price must be a multiple of 0.01');
    await input('order-price').fill('60000');
    await input('order-amount').fill('0.000015');
    await expect.poll(() => text('order-amount-error')).toBe('The amount must be a multiple of 0.00001');
    await input('order-amount').fill('1');
    await expect.poll(() => text('order-amount-error')).toBe('Insufficient balance');
    await byId('order-side-sell').click();
    await input('order-amount').fill('0.01');
    await byId('order-submit').click();
    await expect.poll(() => text('order-amount-error')).toBe('Not enough sellable balance');
    await shot('markets-07-trade-checks');
    await byId('order-side-buy').click();

    // The shortcuts fill an amount the balance can pay, fee included, on the lot grid.
    await input('order-price').fill('60000');
    await byId('order-pct-100').click();
    await expect.poll(() => input('order-amount').inputValue()).toBe('0.01665');
    await byId('order-pct-25').click();
    await expect.poll(() => input('order-amount').inputValue()).toBe('0.00416');
    await input('order-amount').fill('');
  });

  it("asks for the trade page's market list once, while the app's code is still loading", async () => {
    await suite.page.goto(url(`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`));
    const asked: string[] = [];
    const onRequest = (request: { url: () => string }) => {
      if (request.url().includes('/api/currency/quotation_new')) asked.push(request.url());
    };
    suite.page.on('request', onRequest);
    try {
      await suite.page.reload();
      await expect.poll(() => text('trade-price')).toMatch(/^[\d,]+\.\d{2}$/);
      // The boot script started the request; the app took its reply instead of asking again.
      const early = await suite.page.evaluate(() => {
        const replies = (globalThis as { __h5EarlyReplies?: { replies: Record<string, unknown> } }).__h5EarlyReplies;
        return replies ? Object.keys(replies.replies) : null;
      });
      expect(early).toEqual([]);
      expect(asked).toHaveLength(1);
    } finally {
      suite.page.off('request', onRequest);
    }
  });

  it('switches pairs from the sheet and keeps favourites', async () => {
    await byId('trade-pair').click();
    await byId('pair-switcher').waitFor();
    await byId('pair-star-ETH_USDT').click();
    await expect.poll(() => byId('pair-star-ETH_USDT').getAttribute('aria-pressed')).toBe('true');
    await byId('pair-switcher-category-favourites').click();
    await byId('pair-option-ETH_USDT').waitFor();
    expect(await byId('pair-option-BTC_USDT').count()).toBe(0);
    await shot('markets-08-pair-switcher');
    await byId('pair-option-ETH_USDT').click();
    await expect.poll(() => text('trade-symbol')).toBe('ETH/USDT');
    await expect.poll(() => text('order-available')).toBe('1,000 USDT');
    // The favourite is stored on the server: a fresh page still has it.
    await open('/pages/trade/index', 'trade-page');
    await expect.poll(() => text('trade-symbol')).toBe('ETH/USDT');
    await byId('trade-pair').click();
    await expect.poll(() => byId('pair-star-ETH_USDT').getAttribute('aria-pressed')).toBe('true');
    await byId('pair-star-ETH_USDT').click();
    await expect.poll(() => byId('pair-star-ETH_USDT').getAttribute('aria-pressed')).toBe('false');
    await byId('pair-option-BTC_USDT').click();
    await expect.poll(() => text('trade-symbol')).toBe(SYMBOL);
  });

  it('places a limit buy that rests on the book, then cancels it', async () => {
    const now = (await btc())?.now_price ?? '0';
    // Ten per cent under the market: no ask is that low, so the order rests.
    const price = String(Math.floor(Number(now) * 0.9));
    const amount = '0.001';
    await byId('order-kind-limit').click();
    await input('order-price').fill(price);
    await input('order-amount').fill(amount);
    // price × 0.001, shown as the order's total.
    await expect.poll(() => text('order-total-value')).toBe(`${group(fromUnits(BigInt(price) * 100_000n))} USDT`);
    await byId('order-submit').click();
    await expect.poll(() => toast().textContent()).toBe('Order placed');

    const card = byId('orders-open-list').locator('[data-status="waiting"]');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    const orderId = ((await card.getAttribute('data-testid')) ?? '').replace('order-', '');
    expect(orderId).toMatch(/^\d+$/);
    // The order's cost is frozen with the fee at the larger rate (0.1 %): price × 0.001 × 1.001.
    const frozen = BigInt(price) * 100_100n;
    await expect.poll(() => available()).toBe(fromUnits(units(FUNDING) - frozen));
    await shot('markets-09-trade-limit-resting');

    await byId(`order-cancel-${orderId}`).click();
    await suite.page.locator('.adm-dialog-button', { hasText: 'Cancel order' }).click();
    await expect.poll(() => toast().textContent()).toBe('Order cancelled');
    await byId('orders-open').getByTestId('empty-state').waitFor();
    await expect.poll(() => available()).toBe(FUNDING);

    await byId('trade-tab-history').click();
    await byId('orders-history-status-cancelled').click();
    await expect.poll(() => byId(`order-status-${orderId}`).textContent()).toBe('Cancelled');
    expect(await text(`order-reason-${orderId}`)).toBe('Cancelled by you');
  });

  it('places a market buy that fills against the market maker, and the balances follow', async () => {
    await byId('order-side-buy').click();
    await byId('order-kind-market').click();
    await input('order-total').fill('100');
    await byId('order-submit').click();
    // A market order is confirmed on an estimate from the book: average price and fee.
    await expect.poll(() => text('order-estimate-avg'), { timeout: 10_000 }).toMatch(/^[\d,]+\.\d{2} USDT$/);
    await suite.page.locator('.adm-dialog-button', { hasText: 'Buy BTC' }).click();
    await expect.poll(() => toast().textContent(), { timeout: 10_000 }).toBe('Order filled');

    await byId('trade-tab-history').click();
    await byId('orders-history-status-completed').click();
    const filled = byId('orders-history-list').locator('[data-status="completed"]');
    await expect.poll(() => filled.count(), { timeout: 10_000 }).toBe(1);
    const id = ((await filled.getAttribute('data-testid')) ?? '').replace('order-', '');
    // What it cost: the quote traded plus the fee (which carries any rounding), at most the total given.
    // The card shows the fill at USDT's display places; the exact figures come from the order itself.
    expect(await text(`order-filled-total-${id}`)).toMatch(/^[\d,]+(\.\d{1,2})? USDT$/);
    const pair = (await btc())!;
    const orders = await suite.stack.api<{ list: { id: number; filled: string; filled_total: string; fee: string }[] }>(
      `coin/list?legal_id=${pair.legal_id}&currency_id=${pair.currency_id}&status=completed&page=1&limit=20`,
      undefined,
      suite.user.token,
    );
    const exact = orders.message.list.find((o) => String(o.id) === id)!;
    const spent = units(exact.filled_total) + units(exact.fee);
    expect(spent).toBeGreaterThan(0n);
    expect(spent).toBeLessThanOrEqual(units('100'));
    const usdtLeft = fromUnits(units(FUNDING) - spent);
    await byId('order-side-buy').click();
    await expect.poll(() => available()).toBe(usdtLeft);

    // The coin bought is now sellable: what the order filled.
    await byId('order-side-sell').click();
    await expect.poll(() => available()).toBe(exact.filled);

    // The assets page agrees.
    await open('/pages/assets/index', 'assets-page');
    // It shows USDT in cents, cut (never rounded up).
    const [whole, fraction = ''] = usdtLeft.split('.');
    const cents = fraction.slice(0, 2).replace(/0+$/, '');
    await expect
      .poll(async () => amountOf((await byId('balance-coin-USDT-available').textContent()) ?? ''))
      .toBe(cents ? `${whole}.${cents}` : whole);

    // The trade appears in the pair's latest trades, and the book has the market maker's quotes.
    await open(`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`, 'trade-page');
    await byId('trade-tab-trades').click();
    await byId('recent-trades').waitFor();
    await byId('book-ask-0').waitFor();
    await byId('book-bid-0').waitFor();
    await byId('trade-tab-history').click();
    await shot('markets-10-trade-dark');
    await setTheme(suite.page, 'light');
    await byId('book-ask-0').waitFor();
    await byId('trade-tab-history').click();
    await shot('markets-11-trade-light');
    await setTheme(suite.page, 'dark');
  });

  it('shows the depth and the order history on the K-line page', async () => {
    await open(`/pages/trade/kline?symbol=${encodeURIComponent(SYMBOL)}`, 'kline-page');
    await expect.poll(() => byId('kline-chart').getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    await byId('depth-bids').waitFor();
    await byId('depth-asks').waitFor();
    await suite.page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await shot('markets-12-kline-depth-dark');
    await byId('kline-tab-history').click();
    await byId('orders-history-list').waitFor();
    await suite.page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await shot('markets-13-kline-history-dark');
    await setTheme(suite.page, 'light');
    await byId('kline-tab-history').click();
    await byId('orders-history-list').waitFor();
    await suite.page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    await shot('markets-14-kline-history-light');
    await setTheme(suite.page, 'dark');
  });

  it('shows the market pages in all seven languages without a raw key', async () => {
    const rawKeys = async () => {
      const shown = await suite.page.locator('body').innerText();
      const found = keysShownRaw(shown);
      if (/\b(market|trade|chart|refresh)\.[a-z_]+\b/.test(shown)) found.push('raw key');
      return found;
    };
    for (const lang of LANGS) {
      await suite.page.goto(url('/pages/settings/language/language'));
      await byId(`lang-${lang}`).click();
      await expect.poll(() => suite.page.evaluate('document.documentElement.lang')).toBe(HTML_LANG[lang]);
      for (const [path, id] of [
        ['/pages/index/index', `home-price-${KEY}`],
        [`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`, 'book-ask-0'],
        [`/pages/trade/kline?symbol=${encodeURIComponent(SYMBOL)}`, 'depth-chart'],
      ] as const) {
        await suite.page.goto(url(path));
        await byId(id).waitFor();
        await suite.page.waitForTimeout(200);
        expect(await rawKeys(), `${lang} ${path}`).toEqual([]);
      }
      await suite.page.goto(url(`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`));
      await byId('book-ask-0').waitFor();
      await byId('order-submit').click();
      await byId('order-amount-error').waitFor();
      await shot(`markets-15-trade-${lang}`);
    }
    await suite.page.goto(url('/pages/settings/language/language'));
    await byId('lang-en').click();
    await expect.poll(() => suite.page.evaluate('document.documentElement.lang')).toBe('en');
  });

  it('threw no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
