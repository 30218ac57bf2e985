import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTab, launchBrowser, phoneContext, screenshot, setTheme, settledScreenshot as shot } from '../src/browser.js';
import { consoleSignIn, openConsolePage } from '../src/console.js';
import { phonePage, signInWelcomed } from '../src/h5-session.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack, startStack } from '../src/stack.js';
import { closeSuite } from '../src/teardown.js';

/**
 * Operator content on phones: the support chat opens with the greeting the operator wrote in the
 * console, and a message sent outside the hours set there gets the automatic reply saying when the
 * team is back; home's bank deposit entry is hidden until the operator sets bank details, then opens
 * the bank deposit form; the console says which languages of an announcement are shown in English.
 * Screenshots in both themes.
 */

let stack: Stack;
let browser: Browser;
let phone: BrowserContext;
let user: Page;
let operator: Page;
const pageErrors: string[] = [];

const stamp = Date.now();
const email = `content.${stamp}@example.test`;
const password = 'content-pass-1';
const GREETING = 'Welcome to the exchange help desk. Ask us anything about your account.';
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

const url = (hash: string) => `${stack.baseUrl}/h5/#${hash}`;
const byId = (id: string) => user.getByTestId(id);

/** Opens home afresh (a new start, no cached reply) and waits for the reply that decides the bank deposit entry. */
async function openHome() {
  await user.goto(url('/pages/index/index'));
  const decided = user.waitForResponse((r) => r.url().includes('/api/wallet/bank_deposit'));
  await user.reload();
  await byId('home-page').waitFor();
  await decided;
  await byId('quick-deposit').waitFor();
}

describe('operator content: chat greeting and hours, bank deposit entry, languages', () => {
  beforeAll(async () => {
    stack = await startStack();
    await stack.registerEmail(email, password);
    browser = await launchBrowser();
    phone = await phoneContext(browser);
    ({ page: operator } = await deskTab(browser, { errors: pageErrors }));
    user = await phonePage(phone, pageErrors);

    await signInWelcomed(user, stack.baseUrl, email, password);
    await setTheme(user, 'dark');
    await consoleSignIn(operator, stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
  });

  afterAll(() => closeSuite(stack, browser));

  it('hides the bank deposit entry until bank details are set, then opens the bank deposit form', async () => {
    await openHome();
    expect(await byId('home-vip').count()).toBe(0);
    await byId('home-publication').waitFor();
    await shot(user, 'content-01-home-no-bank-dark');

    await stack.admin('admin/bank-deposit', {
      body: { bank_name: 'Harbour Bank', account_name: 'Exchange Ltd', account_number: '6222000033334444' },
    });
    await openHome();
    await byId('home-vip').waitFor();
    await shot(user, 'content-02-home-bank-dark');
    await setTheme(user, 'light');
    await byId('home-vip').waitFor();
    await shot(user, 'content-03-home-bank-light');
    await byId('home-vip').click();
    await byId('deposit-bank-info').waitFor({ timeout: 15_000 });
    expect(await byId('deposit-bank-account').textContent()).toBe('6222000033334444');
    expect(user.url()).toContain('mode=bank');
    await shot(user, 'content-04-deposit-bank-light');
    await setTheme(user, 'dark');
  });

  it('opens the chat with the operator’s greeting and replies automatically outside the hours', async () => {
    // Open one day only, two days from now (UTC): now is outside the hours whatever the time.
    const openDay = WEEKDAYS[(new Date().getUTCDay() + 2) % 7]!;
    await openConsolePage(operator, '/chat/greeting');
    await operator.getByTestId('chat-greeting-save').waitFor();
    await operator.getByTestId('chat-greeting-en').fill(GREETING);
    await operator.getByRole('tab', { name: '日本語' }).click();
    await operator.getByTestId('chat-greeting-jp').fill('取引所のヘルプデスクへようこそ。');
    await expect
      .poll(() => operator.getByTestId('chat-greeting-fallback').textContent())
      .toBe('English shown for: kr, esp, zh, hk, th');
    await operator.getByTestId('chat-hours-on').click();
    await operator.getByTestId(`chat-hours-${openDay}`).check();
    await screenshot(operator, 'content-05-console-chat-greeting');
    await operator.getByTestId('chat-greeting-save').click();
    await operator.getByText('Chat greeting and hours saved.').waitFor();

    await user.goto(url('/pages/help/center/chat'));
    await byId('chat').waitFor();
    await expect.poll(() => byId('chat').getAttribute('data-connection'), { timeout: 15_000 }).toBe('online');
    expect(await byId('chat-greeting').textContent()).toContain(GREETING);
    expect(await byId('chat-away').textContent()).toMatch(/^Our team is away right now and back at .+\. Leave a message/);
    await user.locator('[data-testid="chat-input"] textarea:not([readonly])').fill('Is anyone there?');
    await byId('chat-send').click();
    const reply = user.locator('[data-testid="chat-message"][data-sender="system"] [data-testid="chat-text"]');
    await reply.waitFor({ timeout: 10_000 });
    expect(await reply.textContent()).toMatch(
      /^Thanks for your message\. Our support team is offline right now and will be back on .+ \(UTC\)\./,
    );
    expect(
      await user.locator('[data-testid="chat-message"][data-sender="user"] [data-testid="chat-text"]').allTextContents(),
    ).toEqual(['Is anyone there?']);
    await shot(user, 'content-06-chat-away-dark');
    await setTheme(user, 'light');
    await byId('chat-greeting').waitFor();
    await shot(user, 'content-07-chat-away-light');

    // The desk shows the automatic reply as such, not as an agent's message.
    await openConsolePage(operator, '/chat');
    await operator.getByTestId('desk-conversation').filter({ hasText: email }).click();
    await operator.locator('[data-testid="desk-message"][data-sender="system"]').waitFor();
    expect(await operator.locator('[data-testid="desk-message"][data-sender="system"]').textContent()).toContain(
      'automatic reply',
    );
  });

  it('says in the console which languages of an announcement are shown in English', async () => {
    const created = (await stack.admin('admin/news', {
      body: {
        published: true,
        texts: {
          en: { title: 'New pairs', body: 'More pairs are open.' },
          zh: { title: '新交易对', body: '更多交易对已开放。' },
        },
      } as never,
    })) as { id: number };
    await openConsolePage(operator, '/news');
    const cell = operator.locator('[data-testid^="news-langs-"]').first();
    await expect.poll(() => cell.textContent(), { timeout: 10_000 }).toBe('English shown for: jp, kr, esp, hk, th');
    await screenshot(operator, 'content-08-console-news-languages');

    // A Japanese reader gets the English text, marked as such; a Chinese reader gets the Chinese one.
    for (const [lang, title, fallback] of [
      ['jp', 'New pairs', true],
      ['zh', '新交易对', false],
    ] as const) {
      await user.evaluate(`localStorage.setItem('lang', '${lang}')`);
      await user.goto(url(`/pages/index/notice/notice?id=${created.id}`));
      await user.reload();
      await expect.poll(() => byId('notice-title').textContent(), { timeout: 10_000 }).toBe(title);
      expect(await byId('notice-shown-in-english').count()).toBe(fallback ? 1 : 0);
      if (fallback) {
        expect(await byId('notice-article').getAttribute('lang')).toBe('en');
        await shot(user, 'content-09-notice-english-fallback-light');
      }
    }
    await user.evaluate(`localStorage.setItem('lang', 'en')`);
    expect(pageErrors).toEqual([]);
  });
});
