import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot, setTheme, settledScreenshot as shot } from '../src/browser.js';
import { consoleSignIn, openConsolePage } from '../src/console.js';
import { signInWelcomed } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';
import { enrolOperator } from '../src/server-process.js';

/**
 * Help centre and online support, two browser contexts: a user on a phone opens the chat from home's
 * online-service button and writes; a support agent (an operator with the support role) answers from
 * the console's chat desk; the user sees the answer live, with read receipts; a markup payload shows
 * as text on both sides; an answer sent while the user is elsewhere shows as an unread badge on home
 * and in the history when the chat opens again. Also the FAQ (categories, search, an article, an
 * unknown article) and feedback. Screenshots in both themes.
 */

// The user's phone and the support agent's console tab (the agent signs in there); the console's uncaught
// errors count as the phone's do.
const suite = phoneSuite({ name: 'chat', desk: { errors: true } });
const { url, byId, pageErrors, email: userEmail, password } = suite;
let user: Page;
let agent: Page;
let agentTotp: string;

const agentEmail = `agent.${Date.now()}@example.test`;
const agentPassword = 'agent-password-12345';
const PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';

/** The texts of the chat's stored messages on the phone, in order. */
const chatTexts = () => user.locator('[data-testid="chat-message"] [data-testid="chat-text"]').allTextContents();

describe('H5 help centre and online support chat', () => {
  beforeAll(async () => {
    ({ page: user, ops: agent } = suite);
    // The agent: an operator with the support role, with a second factor like every role.
    await suite.stack.admin('admin/operators', { body: { email: agentEmail, password: agentPassword, role: 'support' } });
    agentTotp = await enrolOperator(suite.stack.baseUrl, agentEmail, agentPassword);

    await signInWelcomed(user, suite.stack.baseUrl, userEmail, password);
    await setTheme(user, 'dark');
  });

  it('shows the FAQ by category, searches it and opens an article; an unknown article is a clear dead end', async () => {
    await user.goto(url('/pages/help/center/center'));
    await byId('help-center-page').waitFor();
    await byId('help-category-withdrawals').click();
    await expect
      .poll(() => byId('help-article').allTextContents())
      .toEqual([expect.stringContaining('How do I withdraw?'), expect.stringContaining('Withdrawal fees and minimums')]);
    await shot(user, 'support-01-faq-dark');
    await user.locator('.adm-search-bar input').fill('fund password');
    await user.locator('.adm-search-bar input').press('Enter');
    await expect.poll(() => byId('help-article').first().textContent()).toContain('What is the fund password?');
    await byId('help-article').first().click();
    await byId('help-article-detail').waitFor();
    await expect.poll(() => byId('help-article-detail').textContent()).toContain('6-digit');
    await shot(user, 'support-02-article-dark');

    await user.goto(url('/pages/help/center/detail?id=999999'));
    await byId('help-article-missing').waitFor();
    await user.goto(url('/pages/help/center/detail?id=abc'));
    await byId('help-article-missing').waitFor();
  });

  it('refuses empty feedback on the phone and sends real feedback', async () => {
    await user.goto(url('/pages/help/center/center?tab=feedback'));
    await byId('help-feedback').waitFor();
    await byId('feedback-submit').click();
    await expect.poll(() => byId('feedback-error').textContent()).toMatch(/required/i);
    await user
      .locator('[data-testid="feedback-content"] textarea:not([readonly])')
      .fill('The price chart froze after I switched language.');
    await byId('feedback-submit').click();
    await expect.poll(() => byId('feedback-item').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => byId('feedback-item').first().textContent()).toContain('Waiting for a reply');
    await shot(user, 'support-03-feedback-dark');
  });

  it('a user writes from home’s online-service button; the agent answers in the console; the user sees it live', async () => {
    await user.goto(url('/pages/index/index'));
    await byId('quick-service').click();
    await byId('chat').waitFor();
    await expect.poll(() => byId('chat').getAttribute('data-connection'), { timeout: 15_000 }).toBe('online');
    await byId('chat-greeting').waitFor();
    await user.locator('[data-testid="chat-input"] textarea:not([readonly])').fill('Hello, my deposit has not arrived yet.');
    await byId('chat-send').click();
    await expect.poll(chatTexts, { timeout: 10_000 }).toEqual(['Hello, my deposit has not arrived yet.']);
    await user.locator('[data-testid="chat-input"] textarea:not([readonly])').fill(PAYLOAD);
    await byId('chat-send').click();
    await expect.poll(chatTexts, { timeout: 10_000 }).toEqual(['Hello, my deposit has not arrived yet.', PAYLOAD]);
    // Shown as the characters it is: no element was created from it, no script ran.
    expect(await user.evaluate('window.__xss')).toBeUndefined();
    expect(await user.locator('[data-testid="chat-list"] img[src="x"]').count()).toBe(0);
    expect(await byId('chat-receipt').allTextContents()).toEqual(['Delivered', 'Delivered']);

    // The agent signs in (support role) and finds the conversation in the queue, unread.
    await consoleSignIn(agent, suite.stack.baseUrl, agentEmail, agentPassword, agentTotp);
    await openConsolePage(agent, '/chat');
    const row = agent.getByTestId('desk-conversation').filter({ hasText: userEmail });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => row.getByTestId('desk-conversation-unread').textContent()).toBe('2');
    await row.click();
    await agent.getByTestId('desk-conversation-panel').waitFor();
    await expect.poll(() => agent.getByTestId('desk-verification').textContent()).toBe('Not verified');
    await expect
      .poll(() => agent.getByTestId('desk-message-text').allTextContents())
      .toEqual(['Hello, my deposit has not arrived yet.', PAYLOAD]);
    expect(await agent.evaluate('window.__xss')).toBeUndefined();
    await agent.getByTestId('desk-assign').click();
    await expect.poll(() => agent.getByTestId('desk-assigned').textContent()).toContain(agentEmail);

    // Opening it read the user's messages: the phone shows the receipts without a reload.
    await expect.poll(() => byId('chat-receipt').allTextContents(), { timeout: 10_000 }).toEqual(['Read', 'Read']);

    await agent.locator('[data-testid="desk-reply-input"]').fill('Thanks for waiting, we are checking your deposit now.');
    await agent.getByTestId('desk-reply-send').click();
    await expect
      .poll(() => user.locator('[data-testid="chat-message"][data-sender="agent"] [data-testid="chat-text"]').allTextContents(), {
        timeout: 10_000,
      })
      .toEqual(['Thanks for waiting, we are checking your deposit now.']);
    // The phone read it while on screen: the desk shows the agent's message as read.
    await expect
      .poll(() => agent.locator('[data-testid="desk-message"][data-sender="agent"]').last().textContent(), { timeout: 10_000 })
      .toContain('read');
    await shot(user, 'support-04-chat-dark');
    await screenshot(agent, 'support-05-console-desk');
  });

  it('an answer sent while the user is elsewhere shows as an unread badge on home and in the history on open', async () => {
    await user.goto(url('/pages/index/index'));
    await byId('home-page').waitFor();
    await agent.locator('[data-testid="desk-reply-input"]').fill('Your deposit is credited now.');
    await agent.getByTestId('desk-reply-send').click();
    await agent
      .locator('[data-testid="desk-message-text"]', { hasText: 'Your deposit is credited now.' })
      .waitFor({ timeout: 10_000 });
    await user.reload();
    await expect.poll(() => byId('quick-service-unread').textContent(), { timeout: 15_000 }).toBe('1');
    await shot(user, 'support-06-home-badge-dark');

    await setTheme(user, 'light');
    await byId('quick-service').click();
    await expect
      .poll(chatTexts, { timeout: 15_000 })
      .toEqual([
        'Hello, my deposit has not arrived yet.',
        PAYLOAD,
        'Thanks for waiting, we are checking your deposit now.',
        'Your deposit is credited now.',
      ]);
    await shot(user, 'support-07-chat-light');
    // Seen on screen: the badge is gone.
    await user.goto(url('/pages/index/index'));
    await byId('home-page').waitFor();
    await expect.poll(() => byId('quick-service-unread').count(), { timeout: 15_000 }).toBe(0);

    await user.goto(url('/pages/help/center/center'));
    await byId('help-articles').waitFor();
    await shot(user, 'support-08-faq-light');
  });

  it('the agent answers feedback; the user reads the reply', async () => {
    await openConsolePage(agent, '/feedback');
    const row = agent.locator('[data-testid="feedback-table"] tr', { hasText: userEmail });
    await row.getByTestId('feedback-open').click();
    await agent.getByTestId('feedback-reply-input').fill('Thanks! Fixed in the next release.');
    await agent.getByTestId('feedback-reply-send').click();
    await agent.locator('.ant-message-success').waitFor();

    await user.goto(url('/pages/help/center/center?tab=feedback'));
    await expect
      .poll(() => byId('feedback-reply').first().textContent(), { timeout: 10_000 })
      .toContain('Fixed in the next release.');
    await shot(user, 'support-09-feedback-reply-light');
    expect(pageErrors).toEqual([]);
  });
});
