import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { openConsolePage } from '../src/console.js';
import { signInWelcomed } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * Operator content on phones: the support chat opens with the greeting the operator wrote in the
 * console, and a message sent outside the hours set there gets the automatic reply saying when the
 * team is back; home's bank deposit entry is hidden until the operator sets bank details, then opens
 * the bank deposit form; the console says which languages of an announcement are shown in English.
 * Screenshots in both themes.
 */

// The operator's tab is signed in; its uncaught errors count as the phone's do.
const suite = phoneSuite({ name: 'content', desk: { signedIn: true, errors: true } });
const { url, byId, shot, pageErrors, email, password } = suite;
const GREETING = 'Welcome to the exchange help desk. Ask us anything about your account.';
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

/** Opens home afresh (a new start, no cached reply) and waits for the reply that decides the bank deposit entry. */
async function openHome() {
  await suite.page.goto(url('/pages/index/index'));
  const decided = suite.page.waitForResponse((r) => r.url().includes('/api/wallet/bank_deposit'));
  await suite.page.reload();
  await byId('home-page').waitFor();
  await decided;
  await byId('quick-deposit').waitFor();
}

describe('operator content: chat greeting and hours, bank deposit entry, languages', () => {
  beforeAll(async () => {
    await signInWelcomed(suite.page, suite.stack.baseUrl, email, password);
    await setTheme(suite.page, 'dark');
  });

  it('hides the bank deposit entry until bank details are set, then opens the bank deposit form', async () => {
    await openHome();
    expect(await byId('home-vip').count()).toBe(0);
    await byId('home-publication').waitFor();
    await shot('content-01-home-no-bank-dark');

    await suite.stack.admin('admin/bank-deposit', {
      body: { bank_name: 'Harbour Bank', account_name: 'Exchange Ltd', account_number: '6222000033334444' },
    });
    await openHome();
    await byId('home-vip').waitFor();
    await shot('content-02-home-bank-dark');
    await setTheme(suite.page, 'light');
    await byId('home-vip').waitFor();
    await shot('content-03-home-bank-light');
    await byId('home-vip').click();
    await byId('deposit-bank-info').waitFor({ timeout: 15_000 });
    expect(await byId('deposit-bank-account').textContent()).toBe('6222000033334444');
    expect(suite.page.url()).toContain('mode=bank');
    await shot('content-04-deposit-bank-light');
    await setTheme(suite.page, 'dark');
  });

  it('opens the chat with the operator’s greeting and replies automatically outside the hours', async () => {
    // Open one day only, two days from now (UTC): now is outside the hours whatever the time.
    const openDay = WEEKDAYS[(new Date().getUTCDay() + 2) % 7]!;
    await openConsolePage(suite.ops, '/chat/greeting');
    await suite.ops.getByTestId('chat-greeting-save').waitFor();
    await suite.ops.getByTestId('chat-greeting-en').fill(GREETING);
    await suite.ops.getByRole('tab', { name: '日本語' }).click();
    await suite.ops.getByTestId('chat-greeting-jp').fill('取引所のヘルプデスクへようこそ。');
    await expect
      .poll(() => suite.ops.getByTestId('chat-greeting-fallback').textContent())
      .toBe('English shown for: kr, esp, zh, hk, th');
    await suite.ops.getByTestId('chat-hours-on').click();
    await suite.ops.getByTestId(`chat-hours-${openDay}`).check();
    await screenshot(suite.ops, 'content-05-console-chat-greeting');
    await suite.ops.getByTestId('chat-greeting-save').click();
    await suite.ops.getByText('Chat greeting and hours saved.').waitFor();

    await suite.page.goto(url('/pages/help/center/chat'));
    await byId('chat').waitFor();
    await expect.poll(() => byId('chat').getAttribute('data-connection'), { timeout: 15_000 }).toBe('online');
    expect(await byId('chat-greeting').textContent()).toContain(GREETING);
    expect(await byId('chat-away').textContent()).toMatch(/^Our team is away right now and back at .+\. Leave a message/);
    await suite.page.locator('[data-testid="chat-input"] textarea:not([readonly])').fill('Is anyone there?');
    await byId('chat-send').click();
    const reply = suite.page.locator('[data-testid="chat-message"][data-sender="system"] [data-testid="chat-text"]');
    await reply.waitFor({ timeout: 10_000 });
    expect(await reply.textContent()).toMatch(
      /^Thanks for your message\. Our support team is offline right now and will be back on .+ \(UTC\)\./,
    );
    expect(
      await suite.page.locator('[data-testid="chat-message"][data-sender="user"] [data-testid="chat-text"]').allTextContents(),
    ).toEqual(['Is anyone there?']);
    await shot('content-06-chat-away-dark');
    await setTheme(suite.page, 'light');
    await byId('chat-greeting').waitFor();
    await shot('content-07-chat-away-light');

    // The desk shows the automatic reply as such, not as an agent's message.
    await openConsolePage(suite.ops, '/chat');
    await suite.ops.getByTestId('desk-conversation').filter({ hasText: email }).click();
    await suite.ops.locator('[data-testid="desk-message"][data-sender="system"]').waitFor();
    expect(await suite.ops.locator('[data-testid="desk-message"][data-sender="system"]').textContent()).toContain(
      'automatic reply',
    );
  });

  it('says in the console which languages of an announcement are shown in English', async () => {
    const created = (await suite.stack.admin('admin/news', {
      body: {
        published: true,
        texts: {
          en: { title: 'New pairs', body: 'More pairs are open.' },
          zh: { title: '新交易对', body: '更多交易对已开放。' },
        },
      } as never,
    })) as { id: number };
    await openConsolePage(suite.ops, '/news');
    const cell = suite.ops.locator('[data-testid^="news-langs-"]').first();
    await expect.poll(() => cell.textContent(), { timeout: 10_000 }).toBe('English shown for: jp, kr, esp, hk, th');
    await screenshot(suite.ops, 'content-08-console-news-languages');

    // A Japanese reader gets the English text, marked as such; a Chinese reader gets the Chinese one.
    for (const [lang, title, fallback] of [
      ['jp', 'New pairs', true],
      ['zh', '新交易对', false],
    ] as const) {
      await suite.page.evaluate(`localStorage.setItem('lang', '${lang}')`);
      await suite.page.goto(url(`/pages/index/notice/notice?id=${created.id}`));
      await suite.page.reload();
      await expect.poll(() => byId('notice-title').textContent(), { timeout: 10_000 }).toBe(title);
      expect(await byId('notice-shown-in-english').count()).toBe(fallback ? 1 : 0);
      if (fallback) {
        expect(await byId('notice-article').getAttribute('lang')).toBe('en');
        await shot('content-09-notice-english-fallback-light');
      }
    }
    await suite.page.evaluate(`localStorage.setItem('lang', 'en')`);
    expect(pageErrors).toEqual([]);
  });
});
