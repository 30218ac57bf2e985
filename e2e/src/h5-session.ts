import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { launchBrowser, phoneContext, settledScreenshot } from './browser.js';

/** Lookups by test id on the page `current()` returns: read late, since suites open their page in beforeAll. */
export function testIds(current: () => Page): {
  byId: (id: string) => Locator;
  input: (id: string) => Locator;
  text: (id: string) => Promise<string>;
  shot: (name: string) => Promise<string>;
  /** Presses a send-code button and waits until it counts down: the code is on its way. */
  sendCode: (buttonId: string) => Promise<void>;
} {
  const byId = (id: string) => current().getByTestId(id);
  return {
    byId,
    input: (id) => current().locator(`[data-testid="${id}"] input`),
    text: async (id) => ((await byId(id).textContent()) ?? '').trim(),
    shot: (name) => settledScreenshot(current(), name),
    sendCode: async (buttonId) => {
      await byId(buttonId).click();
      await expect.poll(() => byId(buttonId).textContent()).toMatch(/Resend in \d+ s/);
    },
  };
}

/** A new page in `context` whose uncaught errors land in `errors` (a suite asserts there were none). */
export async function phonePage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(String(error)));
  return page;
}

/** A browser with one phone-sized tab; with `errors`, the tab's uncaught errors land there. */
export async function launchPhone(errors?: string[]): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const context = await phoneContext(browser);
  const page = errors ? await phonePage(context, errors) : await context.newPage();
  return { browser, context, page };
}

/**
 * Opens `href` with a fresh document (a reload after the navigation), so every query of the page
 * starts from the server, and waits for `readyTestId`.
 */
export async function openFresh(page: Page, href: string, readyTestId: string, timeout?: number): Promise<void> {
  await page.goto(href);
  await page.reload();
  await page.getByTestId(readyTestId).waitFor({ timeout });
}

/** Fills the option buy form: the direction, the delivery time (its seconds) and the stake. */
export async function fillOptionBuy(page: Page, direction: 'up' | 'down', seconds: number, stake: string): Promise<void> {
  await page.getByTestId(`option-buy-${direction}`).click();
  await page.getByTestId(`option-time-${seconds}`).click();
  await page.locator('[data-testid="option-stake"] input').fill(stake);
}

/** Signs in on the H5 login page with the e-mail tab, and waits until the app has left that page. */
export async function signInByEmail(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/h5/#/pages/user/login/login`);
  await page.getByTestId('login-tab-email').click();
  await page.locator('[data-testid="login-account"] input').fill(email);
  await page.locator('[data-testid="login-password"] input').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => !u.hash.includes('/login'), { timeout: 15_000 });
}

/**
 * Signs in by e-mail and waits until the home page welcomes the account by exactly that address. A
 * locator wait rather than `expect.poll`, so a suite's `beforeAll` can sign in with it too.
 */
export async function signInWelcomed(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await signInByEmail(page, baseUrl, email, password);
  const exactly = new RegExp(`^\\s*${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  await page.getByTestId('welcome-account').filter({ hasText: exactly }).first().waitFor({ timeout: 15_000 });
}

/**
 * Registers on the phone by e-mail as a new user does: asks for the code (the button counts down), reads it
 * with `latestCode`, ticks the terms, and waits for the home page to welcome the account.
 */
export async function registerByEmail(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  latestCode: (target: string) => Promise<string>,
): Promise<void> {
  const { byId, input, sendCode } = testIds(() => page);
  await page.goto(`${baseUrl}/h5/#/pages/user/login/choose`);
  await byId('choose-register-email').click();
  await byId('register-page').waitFor();
  await input('register-account').fill(email);
  await sendCode('register-send-code');

  await input('register-code').fill(await latestCode(email));
  await input('register-password').fill(password);
  await input('register-re-password').fill(password);
  await byId('register-agree').click();
  await byId('register-submit').click();
  await expect.poll(() => byId('welcome-account').textContent(), { timeout: 15_000 }).toBe(email);
}
