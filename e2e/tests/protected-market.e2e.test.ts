import { beforeAll, describe, expect, it } from 'vitest';
import { setTheme } from '../src/browser.js';
import { signInByEmail } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * Deep books and protected market orders on a phone, against the built server with its simulated feed
 * and market maker: the home markets list finds pairs by search and category; a market sell larger than
 * BTC/USDT's whole bid ladder shows its estimate (average price, fee, the part the 5 % band leaves
 * unfilled) before it is confirmed, fills within the band only, says so in the toast, and is listed as
 * partially filled, never as cancelled. Screenshots in both themes.
 */

const SYMBOL = 'BTC/USDT';

const suite = phoneSuite({ name: 'protected', price: SYMBOL });
const { url, byId, shot, input, text, pageErrors, email, password } = suite;
const consoleLines: string[] = [];

type Depth = { bids: [string, string][]; asks: [string, string][] };
const depth = async () => (await suite.stack.api<Depth>(`market/depth?symbol=${encodeURIComponent(SYMBOL)}&limit=100`)).message;

describe('H5: markets search and protected market orders', () => {
  beforeAll(() => {
    suite.page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  });

  it('lists ten pairs on home, found by search and by category', async () => {
    await signInByEmail(suite.page, suite.stack.baseUrl, email, password);
    await byId('home-markets').waitFor();
    const rows = byId('home-markets').locator('[data-testid^="home-pair-"]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(10);

    await input('home-markets-search').fill('dog');
    await expect.poll(() => rows.count()).toBe(1);
    await byId('home-pair-DOGE_USDT').waitFor();
    await input('home-markets-search').fill('nothing-like-it');
    await expect.poll(() => text('home-markets-no-match')).toBe('No pairs match “nothing-like-it”');
    await input('home-markets-search').fill('');

    await byId('home-markets-category-meme').click();
    await expect.poll(() => rows.count()).toBe(1);
    await byId('home-markets-category-layer1').click();
    await byId('home-pair-SOL_USDT').waitFor();
    expect(await byId('home-pair-XRP_USDT').count()).toBe(0);
    const toList = () => byId('home-markets').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await toList();
    await shot('protected-01-home-layer1-dark');
    await setTheme(suite.page, 'light');
    await byId('home-markets-category-layer1').click();
    await byId('home-pair-SOL_USDT').waitFor();
    await toList();
    await shot('protected-02-home-layer1-light');
    await setTheme(suite.page, 'dark');
    await byId('home-markets-category-all').click();
  });

  it('estimates a market sell past the whole ladder, fills it within the band and says what was cancelled', async () => {
    // Wait for the market maker's full BTC/USDT ladder: at least 20 levels and 250,000 USDT a side.
    let book: Depth = { bids: [], asks: [] };
    await expect
      .poll(
        async () => {
          book = await depth();
          return book.bids.length;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThanOrEqual(20);
    // A stray bid far under the book (another user's 0.01 BTC at 1,000): the band must keep it out of reach.
    const other = await suite.stack.registerEmail(`stray.${Date.now()}@example.test`, password);
    await suite.stack.fund(other.id, 'coin', '100');
    const stray = await suite.stack.api<{ id: number }>(
      'coin/trade',
      { legal_id: '3', currency_id: '1', type: '1', target_price: '1000', amount: '0.01' },
      other.token,
    );
    expect(stray.type).toBe('ok');
    const notional = book.bids.reduce((s, [p, q]) => s + Number(p) * Number(q), 0);
    expect(notional).toBeGreaterThan(250_000);
    const sellAll = Math.ceil(book.bids.reduce((s, [, q]) => s + Number(q), 0) + 1);
    await suite.stack.admin(`admin/users/${suite.user.id}/adjust`, {
      body: { currency_id: '1', account: 'coin', amount: String(sellAll), reason: 'e2e funding' },
    });

    await suite.page.goto(url(`/pages/trade/index?symbol=${encodeURIComponent(SYMBOL)}`));
    await suite.page.reload();
    await byId('trade-page').waitFor();
    await byId('order-side-sell').click();
    await byId('order-kind-market').click();
    await expect.poll(() => text('order-available')).toBe(`${sellAll} BTC`);
    await input('order-amount').fill(String(sellAll));
    await byId('order-submit').click();

    // The estimate: an average price, a fee, the band's lowest price, and the part it would leave.
    await expect.poll(() => text('order-estimate-avg'), { timeout: 10_000 }).toMatch(/^[\d,]+\.\d{2} USDT$/);
    expect(await text('order-estimate-fee')).toMatch(/^[\d,]+(\.\d+)? USDT$/);
    expect(await text('order-estimate-limit')).toMatch(/^[\d,]+\.\d{2} USDT$/);
    await expect.poll(() => text('order-estimate-rest')).toMatch(/^About [\d.,]+ BTC would not be filled within the band$/);
    await shot('protected-03-estimate-dark');
    await suite.page.evaluate(`(() => {
      const seen = [];
      window.__toasts = seen;
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('.adm-toast-main')) {
          const text = (el.textContent || '').trim();
          if (text && seen[seen.length - 1] !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await suite.page.locator('.adm-dialog-button', { hasText: 'Sell BTC' }).click();

    // The toast: what traded, what did not, and why (every toast text is recorded: they are brief).
    const toasts = async () => (await suite.page.evaluate('window.__toasts')) as string[];
    try {
      await expect
        .poll(async () => (await toasts()).find((t) => t.startsWith('Partially filled')), { timeout: 20_000 })
        .toMatch(
          /^Partially filled: [\d.,]+ BTC traded, [\d.,]+ BTC not filled\. The rest was beyond the price protection band \(5(\.00)?%/,
        );
    } catch (error) {
      throw new Error(`toasts: ${JSON.stringify(await toasts())}\nconsole:\n${consoleLines.join('\n')}`, { cause: error });
    }

    // The stray bid is still on the book, untouched.
    const open = await suite.stack.api<{ list: { id: number; filled: string }[] }>(
      'coin/list?status=waiting',
      undefined,
      other.token,
    );
    expect(open.message.list.find((o) => o.id === stray.message.id)).toMatchObject({ filled: '0' });

    // Listed as partially filled, with the reason.
    await byId('trade-tab-history').click();
    await byId('orders-history-status-partially_filled').click();
    const card = byId('orders-history-list').locator('[data-status="partially_filled"]');
    await expect.poll(() => card.count(), { timeout: 10_000 }).toBe(1);
    const id = ((await card.getAttribute('data-testid')) ?? '').replace('order-', '');
    expect(await text(`order-status-${id}`)).toBe('Partially filled');
    expect(await text(`order-reason-${id}`)).toMatch(/price protection band/);
    await byId('orders-history-status-cancelled').click();
    await byId('orders-history').getByTestId('empty-state').waitFor();
    await byId('orders-history-status-partially_filled').click();
    await card.waitFor();
    await shot('protected-04-partially-filled-dark');
    await setTheme(suite.page, 'light');
    await byId('trade-tab-history').click();
    await byId('orders-history-status-partially_filled').click();
    await card.waitFor();
    await shot('protected-05-partially-filled-light');
    await setTheme(suite.page, 'dark');
  });

  it('threw no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
