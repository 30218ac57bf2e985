import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phoneContext, screenshot, setTheme, settledScreenshot as shot } from '../src/browser.js';
import { consoleSignIn, openConsolePage } from '../src/console.js';
import { phonePage, signInWelcomed } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from '../src/stack.js';

/**
 * The referral programme and notices on phones, against the built server (simulated feed, market
 * maker and rebate worker running as `npm start` runs them): an operator publishes an announcement in
 * the console; the inviter opens the promotion page (code, link, poster) and shares the link; a friend
 * opens it in another browser, registers with the pre-filled code and makes a market buy against the
 * market maker; the inviter then sees the rebate (20 % of the friend's fee, exactly) in the page and in
 * the ledger. The friend reads the announcement from home's ticker; markup in it shows as text.
 * Screenshots of promotion, poster and notices in both themes.
 */

// The inviter's phone and the operator's console; the friend's phone (another browser context) comes below.
const suite = phoneSuite({ name: 'inviter', price: 'BTC/USDT', desk: { width: 1280 } });
const { url, pageErrors, email: inviterEmail, password } = suite;
let friendContext: BrowserContext;
let inviter: Page;
let friend: Page;
let operator: Page;

const stamp = Date.now();
const friendEmail = `friend.${stamp}@example.test`;
const TITLE = `Maintenance window ${stamp}`;
const BODY = 'Trading pauses at 02:00 UTC for ten minutes.\n<b>Not bold</b> <script>window.__x = 1</script>';

let friendId = 0;
let shareUrl = '';
/** When the friend's order was reported filled, to measure how soon the rebate shows. */
let filledAt = 0;

const input = (page: Page, id: string) => page.locator(`[data-testid="${id}"] input`);
const text = async (page: Page, id: string) => ((await page.getByTestId(id).first().textContent()) ?? '').trim();

/** Hundred-millionths of a plain decimal: exact arithmetic for the expected rebate. */
const units = (value: string) => {
  const [whole = '0', fraction = ''] = value.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
};

describe('H5 community: referral programme and notices', () => {
  beforeAll(async () => {
    ({ page: inviter, ops: operator } = suite);
    friendContext = await phoneContext(suite.browser);
    friend = await phonePage(friendContext, pageErrors);
  });

  afterAll(() => friendContext?.close());

  it('lets an operator publish an announcement in the console', async () => {
    await consoleSignIn(operator, suite.stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await openConsolePage(operator, '/news');
    await operator.getByTestId('news-new').click();
    await operator.getByTestId('news-title-en').fill(TITLE);
    await operator.getByTestId('news-body-en').fill(BODY);
    await screenshot(operator, 'community-01-console-news-editor');
    await operator.getByTestId('news-save').click();
    await operator.getByTestId('news-table').getByText(TITLE).waitFor({ timeout: 15_000 });
    await operator.locator('.ant-drawer-open').waitFor({ state: 'detached', timeout: 5_000 });
    await operator.waitForTimeout(300);
    await screenshot(operator, 'community-01-console-news-list');
    await openConsolePage(operator, '/referral');
    await operator.getByTestId('referral-default-ratio').waitFor();
    await expect.poll(() => operator.getByTestId('referral-default-ratio').inputValue()).toBe('0.2');
    await screenshot(operator, 'community-02-console-referral');
  });

  it('shows the inviter their code, link and poster', async () => {
    await signInWelcomed(inviter, suite.stack.baseUrl, inviterEmail, password);
    await inviter.getByTestId('quick-share').click();
    await inviter.getByTestId('promotion-page').waitFor();
    await expect.poll(() => text(inviter, 'promotion-code'), { timeout: 15_000 }).toMatch(/^[A-Z2-9]{7}$/);
    shareUrl = await text(inviter, 'promotion-link');
    const code = await text(inviter, 'promotion-code');
    expect(shareUrl).toBe(`${suite.stack.baseUrl}/h5/#/pages/user/login/register?code=${code}`);
    expect(await text(inviter, 'promotion-invited')).toBe('0');
    expect(await text(inviter, 'promotion-ratio')).toBe('20.00%');
    await shot(inviter, 'community-03-promotion-dark');
    await setTheme(inviter, 'light');
    await inviter.getByTestId('promotion-code').waitFor();
    await shot(inviter, 'community-04-promotion-light');

    await inviter.getByTestId('promotion-poster').click();
    await inviter.getByTestId('poster-image').waitFor({ timeout: 15_000 });
    // A real PNG was drawn (the QR code of the link with the code under it).
    const size = await inviter.evaluate(
      `(() => { const img = document.querySelector('[data-testid="poster-image"]'); return [img.naturalWidth, img.naturalHeight]; })()`,
    );
    expect(size).toEqual([600, 900]);
    await shot(inviter, 'community-05-poster-light');
    await inviter.getByTestId('poster-close').click();
    await setTheme(inviter, 'dark');
  });

  it('lets a friend register through the link with the code filled in, and trade', async () => {
    await friend.goto(shareUrl);
    await friend.getByTestId('register-page').waitFor();
    const code = shareUrl.split('code=')[1]!;
    await expect.poll(() => input(friend, 'register-invite').inputValue()).toBe(code);
    await friend.getByTestId('register-tab-email').click();
    await expect.poll(() => input(friend, 'register-invite').inputValue()).toBe(code);
    await input(friend, 'register-account').fill(friendEmail);
    await friend.getByTestId('register-send-code').click();
    await input(friend, 'register-code').fill(await suite.stack.latestCode(friendEmail));
    await input(friend, 'register-password').fill(password);
    await input(friend, 'register-re-password').fill(password);
    await friend.getByTestId('register-agree').click();
    await friend.getByTestId('register-submit').click();
    await expect.poll(() => text(friend, 'welcome-account'), { timeout: 15_000 }).toBe(friendEmail);

    const users = (await suite.stack.admin(`admin/users?q=${encodeURIComponent(friendEmail)}`)) as { list: { id: number }[] };
    friendId = users.list[0]!.id;
    await suite.stack.fund(friendId, 'coin', '500');
    const invite = await suite.stack.api<{ invited: number }>('user/invite', undefined, suite.user.token);
    expect(invite.message.invited).toBe(1);

    await friend.goto(url('/pages/trade/index'));
    await friend.getByTestId('trade-page').waitFor();
    await friend.getByTestId('order-side-buy').click();
    await friend.getByTestId('order-kind-market').click();
    await input(friend, 'order-total').fill('100');
    await friend.getByTestId('order-submit').click();
    // A market order is confirmed on its estimate first.
    await friend.getByTestId('order-estimate').waitFor({ timeout: 10_000 });
    await friend.locator('.adm-dialog-button', { hasText: 'Buy BTC' }).click();
    await expect.poll(() => friend.locator('.adm-toast-main').textContent(), { timeout: 15_000 }).toBe('Order filled');
    filledAt = Date.now();
  });

  it('credits the inviter 20 % of the friend’s fee, and the page shows it', async () => {
    // The friend's own order tells their fee.
    const friendToken = (await friend.evaluate(`(() => {
      for (const key of Object.keys(localStorage)) {
        const match = (localStorage.getItem(key) ?? '').match(/"token":"([^"]+)"/);
        if (match) return match[1];
      }
      return '';
    })()`)) as string;
    expect(friendToken).not.toBe('');
    const orders = await suite.stack.api<{ list: { fee: string; status: string }[] }>('coin/list', undefined, friendToken);
    const fee = orders.message.list.find((o) => o.status === 'completed')!.fee;
    expect(units(fee)).toBeGreaterThan(0n);
    // 20 % of the fee, rounded down to USDT's 6 decimals (the rest waits as a pending reward).
    const exact = units(fee) * 20n; // hundred-millionths × 100
    const expected = (exact / 100n / 100n) * 100n; // to micro-units (6 decimals) in hundred-millionths
    const plain = (v: bigint) => {
      const digits = v.toString().padStart(9, '0');
      const fraction = digits.slice(-8).replace(/0+$/, '');
      return fraction ? `${digits.slice(0, -8)}.${fraction}` : digits.slice(0, -8);
    };

    // The worker follows the ledger within about a second.
    await expect
      .poll(
        async () =>
          (await suite.stack.api<{ returns: { total: string }[] }>('user/invite', undefined, suite.user.token)).message.returns[0]
            ?.total,
        { timeout: 10_000 },
      )
      .toBe(plain(expected));
    // An upper bound (it includes reading the friend's order): printed as a figure, never asserted on.
    console.log(`rebate_visible_within_ms: ${Date.now() - filledAt}`);

    await inviter.goto(url('/pages/promotion/index'));
    await inviter.reload();
    await expect.poll(() => text(inviter, 'promotion-invited'), { timeout: 15_000 }).toBe('1');
    await inviter.getByTestId('promotion-tab-rebates').click();
    await inviter.getByTestId('rebate-row').first().waitFor({ timeout: 15_000 });
    await shot(inviter, 'community-06-rebates-dark');
    await inviter.getByTestId('promotion-tab-invitees').click();
    await inviter.getByTestId('invitee-row').first().waitFor();
    await inviter.getByTestId('promotion-tab-ranking').click();
    await inviter.getByTestId('ranking-row').first().waitFor();
    expect(await text(inviter, 'promotion-rank')).toBe('1');
    await shot(inviter, 'community-07-ranking-dark');

    // The console's ledger check still balances with the rebate in it.
    const check = (await suite.stack.admin('admin/ledger/verify')) as { sound: boolean; faults: unknown[] };
    expect(check).toEqual({ sound: true, faults: [] });
  });

  it('lets an operator make the inviter a partner with a ratio of their own', async () => {
    await openConsolePage(operator, '/referral');
    await operator.getByTestId('referral-user-id').fill(String(suite.user.id));
    await operator.getByTestId('referral-user-save').waitFor({ timeout: 15_000 });
    await operator.locator('.ant-form-item:has-text("Status") .ant-select').click();
    await operator.locator('.ant-select-item-option[title="Partner"]').click();
    await operator.getByTestId('referral-user-ratio').fill('0.5');
    await operator.getByTestId('referral-user-save').click();
    await operator.getByTestId('referral-partners').getByText(inviterEmail).waitFor({ timeout: 15_000 });
    await screenshot(operator, 'community-12-console-partner');

    await inviter.goto(url('/pages/promotion/index'));
    await inviter.reload();
    await expect.poll(() => text(inviter, 'promotion-status'), { timeout: 15_000 }).toBe('Partner');
    expect(await text(inviter, 'promotion-ratio')).toBe('50.00%');
    await shot(inviter, 'community-13-promotion-partner-dark');
  });

  it('shows the announcement on home and in notices, as text', async () => {
    await friend.goto(url('/pages/index/index'));
    await friend.reload();
    await expect.poll(() => text(friend, 'home-notice-title'), { timeout: 15_000 }).toBe(TITLE);
    await shot(friend, 'community-08-home-ticker-dark');
    await friend.getByTestId('home-notice-title').click();
    await friend.getByTestId('notice-article').waitFor();
    expect(await text(friend, 'notice-title')).toBe(TITLE);
    expect(await text(friend, 'notice-body')).toBe(BODY.trim());
    // The markup is shown literally, never run.
    expect(await friend.evaluate('window.__x')).toBeUndefined();
    expect(await friend.locator('[data-testid="notice-body"] b').count()).toBe(0);
    await shot(friend, 'community-09-notice-detail-dark');

    await friend.goto(url('/pages/notice/index'));
    await friend.getByTestId('news-row').first().waitFor();
    await setTheme(friend, 'light');
    await friend.getByTestId('news-row').first().waitFor();
    await shot(friend, 'community-10-notices-light');
    await friend.getByTestId('notice-tab-messages').click();
    await friend.getByTestId('message-list').or(friend.getByTestId('empty-state')).first().waitFor();
    await shot(friend, 'community-11-messages-light');
    expect(pageErrors).toEqual([]);
  });
});
