import { describe, expect, it } from 'vitest';
import { screenshot } from '../src/browser.js';
import { HTML_LANG, keysShownRaw, LANGS } from '../src/h5-locales.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * A new user's first visit, as they would click through it on a phone: register by e-mail, log out,
 * get sent to login by a protected page and brought back, change the password, set the fund password,
 * then every language and both themes. Screenshots of each page are kept as artifacts.
 */

// The visitor registers on the phone, with a first password, then changes it.
const suite = phoneSuite({ name: 'e2e', registered: false });
const { url, byId, input, sendCode, pageErrors, email } = suite;
const firstPassword = 'first-pass-1';
const newPassword = 'second-pass-2';
const toast = () => suite.page.locator('.adm-toast-main');
// Expressions run in the page; strings, because this project is typed for Node, not the DOM.
const stored = (key: string) => suite.page.evaluate(`localStorage.getItem(${JSON.stringify(key)})`) as Promise<string | null>;
const htmlLang = () => suite.page.evaluate('document.documentElement.lang') as Promise<string>;
const theme = () => suite.page.evaluate('document.documentElement.dataset.theme') as Promise<string | undefined>;

async function untranslatedKeys(): Promise<string[]> {
  const text = await suite.page.locator('body').innerText();
  const found = keysShownRaw(text);
  if (/\berrors\.[a-z_]+/.test(text)) found.push('errors.*');
  return found;
}

async function logIn(password: string) {
  await byId('login-tab-email').click();
  await input('login-account').fill(email);
  await input('login-password').fill(password);
  await byId('login-submit').click();
}

describe('H5 sign-up, sign-in and account security', () => {
  it('shows the home tab to a visitor, with the menu and the five tabs', async () => {
    await suite.page.goto(url('/'));
    // The first page of a fresh server competes with the market feed's first backfill for the CPU.
    await expect.poll(() => byId('welcome-login').isVisible(), { timeout: 30_000 }).toBe(true);
    for (const tab of ['home', 'currency', 'trade', 'lock', 'assets'])
      await expect(byId(`tab-${tab}`).isVisible()).resolves.toBe(true);
    await screenshot(suite.page, 'auth-00-home-guest');

    await byId('home-menu').click();
    await byId('menu-settings').waitFor();
    await screenshot(suite.page, 'auth-00-menu-guest');
    await byId('menu-close').click();
    await byId('side-menu').waitFor({ state: 'hidden' });

    // A protected tab asks for a login first.
    await byId('tab-assets').click();
    await suite.page.waitForURL(/pages\/user\/login\/login\?backpage=%2Fpages%2Fassets%2Findex&backtype=2/);
  });

  it('refuses mismatched passwords and an unticked agreement, then registers by e-mail', async () => {
    await suite.page.goto(url('/pages/user/login/choose'));
    await byId('choose-register-email').click();
    await byId('register-page').waitFor();
    await screenshot(suite.page, 'auth-01-register');

    await input('register-account').fill(email);
    await input('register-code').fill('123456');
    await input('register-password').fill(firstPassword);
    await input('register-re-password').fill('something-else');
    await byId('register-submit').click();
    await expect.poll(() => byId('register-re-password-error').textContent()).toMatch(/the two passwords do not match/i);
    await expect(byId('register-agree-error').textContent()).resolves.toMatch(/you have not agreed to the terms/i);
    await screenshot(suite.page, 'auth-02-register-errors');

    await sendCode('register-send-code');
    const code = await suite.stack.latestCode(email);
    await input('register-code').fill(code);
    await input('register-re-password').fill(firstPassword);
    await byId('register-agree').click();
    await byId('register-submit').click();

    await expect.poll(() => byId('welcome-account').textContent(), { timeout: 15_000 }).toBe(email);
    await screenshot(suite.page, 'auth-03-home-registered');
  });

  it('logs out from settings', async () => {
    await byId('home-menu').click();
    await expect.poll(() => byId('menu-welcome').textContent()).toContain(email);
    await screenshot(suite.page, 'auth-04-menu-user');
    await byId('menu-settings').click();
    await byId('settings-page').waitFor();
    await screenshot(suite.page, 'auth-05-settings');

    await byId('settings-about').click();
    await expect.poll(() => byId('about-version').textContent()).toContain('3.5.8');
    await screenshot(suite.page, 'auth-05-about');
    await suite.page.locator('.about-sheet .adm-button').click();
    await byId('about-sheet').waitFor({ state: 'hidden' });

    await byId('settings-logout').click();
    await suite.page.locator('.adm-dialog-button', { hasText: 'Log out' }).click();
    await byId('settings-login').waitFor();
    expect(await stored('auth')).toBeNull();
  });

  it('sends a visitor of a protected page to login and back to that page', async () => {
    await suite.page.goto(url('/pages/settings/security/index'));
    await suite.page.waitForURL(/#\/pages\/user\/login\/login\?backpage=%2Fpages%2Fsettings%2Fsecurity%2Findex&backtype=1$/);
    await byId('login-page').waitFor();
    await screenshot(suite.page, 'auth-06-login');

    await logIn(firstPassword);
    await byId('security-page').waitFor();
    expect(suite.page.url()).toMatch(/#\/pages\/settings\/security\/index$/);
    await expect.poll(() => byId('security-pay-hint').isVisible()).toBe(true);
    await screenshot(suite.page, 'auth-07-security');
    const auth = JSON.parse((await stored('auth')) ?? '{}') as Record<string, unknown>;
    expect(Object.keys(auth).sort()).toEqual(['expires_at', 'token', 'user']);
    expect(await stored('version')).toBe('3.5.8');
  });

  it('changes the login password, which ends the session, and logs in with the new one', async () => {
    await byId('security-change-password').click();
    await byId('change-password-page').waitFor();
    await input('cp-old').fill(firstPassword);
    await input('cp-new').fill(newPassword);
    await input('cp-confirm').fill(newPassword);
    await screenshot(suite.page, 'auth-08-change-password');
    await byId('cp-submit').click();

    await byId('login-page').waitFor();
    expect(suite.page.url()).not.toContain('backpage');
    expect(await stored('auth')).toBeNull();

    await logIn(firstPassword);
    // The server's own message (localized there), shown as the app's toast.
    await expect.poll(() => toast().textContent()).toMatch(/account or password/i);
    await input('login-password').fill(newPassword);
    await byId('login-submit').click();
    await expect.poll(() => byId('welcome-account').textContent(), { timeout: 15_000 }).toBe(email);
  });

  it('sets the fund password with a code sent to the own e-mail', async () => {
    await suite.page.goto(url('/pages/settings/security/index'));
    await byId('security-change-pay-password').click();
    await byId('change-pay-password-page').waitFor();
    await expect.poll(() => byId('pp-code').locator('..').textContent()).toContain('e***@example.test');

    await input('pp-password').fill('12345');
    await byId('pp-submit').click();
    await expect.poll(() => byId('pp-password-error').textContent()).toMatch(/6 digits/);

    await sendCode('pp-send-code');
    const code = await suite.stack.latestCode(email);
    await input('pp-password').fill('246810');
    await input('pp-re-password').fill('246810');
    await input('pp-code').fill(code);
    await screenshot(suite.page, 'auth-09-fund-password');
    await byId('pp-submit').click();

    await byId('security-page').waitFor();
    await expect.poll(() => byId('security-pay-state').textContent()).toBe('Set');
    expect(await byId('security-pay-hint').count()).toBe(0);
    await screenshot(suite.page, 'auth-10-security-done');
  });

  it('shows the account with its invite code and the contact left to bind', async () => {
    await suite.page.goto(url('/pages/settings/account/index'));
    await expect.poll(() => byId('account-email').textContent()).toBe(email);
    await expect(byId('bind-form').isVisible()).resolves.toBe(true);
    await screenshot(suite.page, 'auth-11-account');

    // An e-mail account binds a phone: the code goes to that phone (the outbox keys it as +86…).
    await byId('bind-area-code').click();
    await byId('area-code-86').click();
    await input('bind-account').fill('13800138000');
    await sendCode('bind-send-code');
    await input('bind-code').fill(await suite.stack.latestCode('+8613800138000'));
    await byId('bind-submit').click();
    await expect.poll(() => byId('account-phone').textContent()).toBe('+86 13800138000');
    expect(await byId('bind-form').count()).toBe(0);
    await screenshot(suite.page, 'auth-11-account-bound');
  });

  it('asks before leaving from a root tab on the first back press', async () => {
    await suite.page.goto(url('/pages/index/index'));
    // A fresh load, as a user opening the app: home is then the root of the in-app page stack.
    await suite.page.reload();
    await byId('welcome-account').click(); // a user activation, which the exit guard waits for
    await suite.page.evaluate('history.back()');
    await expect.poll(() => toast().textContent()).toMatch(/press again to exit/i);
    expect(suite.page.url()).toMatch(/#\/pages\/index\/index$/);
  });

  it('speaks all seven languages without a raw key on screen', async () => {
    for (const lang of LANGS) {
      await suite.page.goto(url('/pages/settings/language/language'));
      await byId(`lang-${lang}`).click();
      await expect.poll(() => htmlLang()).toBe(HTML_LANG[lang]);
      expect(await stored('lang')).toBe(lang);

      for (const [path, id] of [
        ['/pages/settings/index', 'settings-page'],
        ['/pages/settings/security/index', 'security-page'],
        ['/pages/index/index', 'home-page'],
      ] as const) {
        await suite.page.goto(url(path));
        await byId(id).waitFor();
        await suite.page.waitForTimeout(150);
        expect(await untranslatedKeys(), `${lang} ${path}`).toEqual([]);
      }
      await screenshot(suite.page, `auth-12-home-${lang}`);
      await suite.page.goto(url('/pages/user/login/register'));
      await byId('register-submit').click();
      await byId('register-account-error').waitFor();
      expect(await untranslatedKeys(), `${lang} register errors`).toEqual([]);
      await screenshot(suite.page, `auth-13-register-errors-${lang}`);
    }
    await suite.page.goto(url('/pages/settings/language/language'));
    await byId('lang-en').click();
    await expect.poll(() => htmlLang()).toBe('en');
  });

  it('switches between the dark and the light theme and remembers it', async () => {
    await suite.page.goto(url('/pages/settings/index'));
    await byId('settings-page').waitFor();
    expect(await theme()).toBe('dark');
    await byId('settings-theme').click();
    await expect.poll(() => theme()).toBe('light');
    expect(await stored('theme')).toBe('light');
    await screenshot(suite.page, 'auth-14-settings-light');

    for (const [path, id, name] of [
      ['/pages/index/index', 'home-page', 'auth-15-home-light'],
      ['/pages/settings/security/index', 'security-page', 'auth-16-security-light'],
      ['/pages/settings/account/index', 'account-page', 'auth-17-account-light'],
      ['/pages/lever/index', 'lever-symbol', 'auth-18-lever-light'],
    ] as const) {
      await suite.page.goto(url(path));
      await byId(id).waitFor();
      await suite.page.waitForTimeout(300);
      await screenshot(suite.page, name);
    }
    await suite.page.reload();
    await byId('lever-symbol').waitFor();
    expect(await theme()).toBe('light');

    await suite.page.goto(url('/pages/settings/index'));
    await byId('settings-theme').click();
    await expect.poll(() => theme()).toBe('dark');
    await suite.page.goto(url('/pages/promotion/index'));
    await byId('promotion-code').waitFor();
    await screenshot(suite.page, 'auth-19-promotion-dark');
  });

  it('resets a forgotten password in two steps and logs in with it', async () => {
    await suite.page.goto(url('/pages/user/login/forgetPassword'));
    await byId('forget-page').waitFor();
    await byId('forget-tab-email').click();
    await byId('forget-next').click();
    await expect.poll(() => byId('forget-account-error').textContent()).toMatch(/e-mail/i);
    await input('forget-account').fill(email);
    await sendCode('forget-send-code');
    const code = await suite.stack.latestCode(email);
    await input('forget-code').fill(code);
    await screenshot(suite.page, 'auth-20-forget-step1');
    await byId('forget-next').click();
    await byId('forget-password').waitFor();
    await input('forget-password').fill('third-pass-3');
    await input('forget-re-password').fill('third-pass-4');
    await byId('forget-submit').click();
    await expect.poll(() => byId('forget-re-password-error').textContent()).toMatch(/the two passwords do not match/i);
    await input('forget-re-password').fill('third-pass-3');
    await screenshot(suite.page, 'auth-21-forget-step2');
    await byId('forget-submit').click();

    await byId('login-page').waitFor();
    await logIn('third-pass-3');
    await expect.poll(() => byId('welcome-account').textContent(), { timeout: 15_000 }).toBe(email);
  });

  it('offers the language switch and the country list on the login page', async () => {
    await suite.page.goto(url('/pages/user/login/login'));
    await byId('login-page').waitFor();
    await byId('login-language').click();
    await byId('lang-th').waitFor();
    await suite.page.waitForTimeout(400); // the sheet's slide-in
    await screenshot(suite.page, 'auth-22-login-languages');
    await byId('lang-esp').click();
    await expect.poll(() => htmlLang()).toBe('es');
    await expect.poll(() => byId('login-submit').textContent()).toBe('Iniciar sesión');

    await byId('login-area-code').click();
    await byId('area-code-86').waitFor();
    await suite.page.locator('.area-code-popup input').fill('86');
    await screenshot(suite.page, 'auth-23-area-codes');
    await byId('area-code-86').click();
    await expect.poll(() => byId('login-area-code').textContent()).toBe('+86');
    await screenshot(suite.page, 'auth-24-login-phone-esp');

    await byId('login-language').click();
    await byId('lang-en').click();
    await expect.poll(() => htmlLang()).toBe('en');
  });

  it('clears the cache after confirming, keeping the login and the language', async () => {
    await suite.page.goto(url('/pages/settings/index'));
    await suite.page.evaluate('localStorage.setItem("quotes-cache", "[]")');
    await byId('settings-clear-cache').click();
    await suite.page.locator('.adm-dialog-button', { hasText: 'Confirm' }).click();
    await expect.poll(() => toast().textContent()).toMatch(/cache cleared/i);
    expect(await stored('quotes-cache')).toBeNull();
    expect(await stored('auth')).not.toBeNull();
    expect(await stored('lang')).toBe('en');
  });

  it('shows a load error with a working retry when a page chunk fails', async () => {
    await suite.page.goto(url('/pages/index/index'));
    await suite.page.reload(); // a fresh module map, in which the language page has not been loaded yet
    await byId('home-page').waitFor();
    await suite.page.route('**/static/js/language-page-*.js', (route) => route.abort());
    await byId('home-language').click();
    await byId('load-error').waitFor();
    await screenshot(suite.page, 'auth-25-load-error');
    await suite.page.unroute('**/static/js/language-page-*.js');
    await byId('load-retry').click();
    await byId('language-page').waitFor();
  });

  it('threw no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
