import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskTab, launchBrowser, phoneContext, screenshot } from '../src/browser.js';
import { approvePending, auditActions, consoleSignIn, openConsolePage, openUser } from '../src/console.js';
import { phonePage } from '../src/h5-session.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Stack, startStack } from '../src/stack.js';
import { closeSuite } from '../src/teardown.js';
import { nextTotpCode } from '../src/totp.js';

/**
 * Operations in the browser: a finance operator enrols an authenticator from the console's
 * QR page, signs in with a TOTP code and approves a withdrawal; the super admin (also signing in with
 * TOTP) finds it in the audit log and publishes the proof of liabilities; the user checks their leaf
 * in the H5 app, which verifies the Merkle path itself, and reviews their devices and sign-ins.
 */

let stack: Stack;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let desk: BrowserContext;
let ops: Page;
const pageErrors: string[] = [];

const email = `ops.user.${Date.now()}@example.test`;
const password = 'ops-user-pass-1';
const FUND_PASSWORD = '246810';
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FINANCE_EMAIL = `finance.${Date.now()}@example.test`;
const FINANCE_PASSWORD = 'finance-pass-12';
const TX_HASH = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
let financeSecret = '';
let userToken = '';

const byId = (id: string) => page.getByTestId(id);

/** Calls the user API as the signed-in test user (setup the browser test does not need to click through). */
async function userApi<T>(path: string, body?: Record<string, string>): Promise<T> {
  const res = await fetch(`${stack.baseUrl}/api/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: userToken, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const reply = (await res.json()) as { type: string; message: T };
  if (reply.type !== 'ok') throw new Error(`${path} failed: ${JSON.stringify(reply)}`);
  return reply.message;
}

/** Registers an e-mail user through the API with this test's password; returns their token and id. */
const register = (address: string) => stack.registerEmail(address, password);

/** A verified user with 100 USDT, a fund password, an address and a pending 20 USDT withdrawal. */
async function userWithPendingWithdrawal(): Promise<void> {
  const reg = await register(email);
  userToken = reg.token;
  const userId = reg.id;
  await userApi('user/real_name', { country: 'DE', name: 'Erika Mustermann', card_id: 'L01X00T47' });
  const pending = (await stack.admin('admin/identity?status=pending')) as { list: { id: number; user: { id: number } }[] };
  const check = pending.list.find((r) => r.user.id === userId)!;
  await stack.admin(`admin/identity/${check.id}/approve`, { body: {} });
  await stack.admin(`admin/users/${userId}/adjust`, { body: { currency_id: '3', amount: '100', reason: 'e2e funding' } });
  await userApi('sms_mail', { user_string: email, scene: 'pay_password' });
  await userApi('user/e_pwd', { password: FUND_PASSWORD, re_password: FUND_PASSWORD, code: await stack.latestCode(email) });
  await userApi('sms_mail', { user_string: email, scene: 'address' });
  const address = await userApi<{ id: number }>('wallet/addaddress', {
    currency: '3',
    type: 'TRC20',
    address: TRC20_ADDRESS,
    pay_password: FUND_PASSWORD,
    code: await stack.latestCode(email),
  });
  await userApi('wallet/out', { currency: '3', number: '20', address_id: String(address.id), pay_password: FUND_PASSWORD });
}

describe('operations: console roles with TOTP, audit, proof of liabilities, user security', () => {
  beforeAll(async () => {
    // The daily proof job stays off: the test publishes the day's snapshot on demand, after funding.
    stack = await startStack({ PROOF_JOB: '0' });
    browser = await launchBrowser();
    ({ context: desk, page: ops } = await deskTab(browser, { errors: pageErrors }));
    phone = await phoneContext(browser);
    page = await phonePage(phone, pageErrors);
    await userWithPendingWithdrawal();
    // Two more customers with USDT, so the user's leaf has a real path to the root.
    for (const [name, amount] of [
      ['other1', '50'],
      ['other2', '25.5'],
    ] as const) {
      const other = await register(`${name}.${Date.now()}@example.test`);
      await stack.admin(`admin/users/${other.id}/adjust`, { body: { currency_id: '3', amount, reason: 'e2e funding' } });
    }
    await stack.admin('admin/operators', { body: { email: FINANCE_EMAIL, password: FINANCE_PASSWORD, role: 'finance' } });
  });

  afterAll(() => closeSuite(stack, browser, desk, phone));

  it('makes a new finance operator set up an authenticator from a QR code before anything else', async () => {
    await ops.goto(`${stack.baseUrl}/admin/#/login`);
    await ops.getByTestId('login-email').fill(FINANCE_EMAIL);
    await ops.getByTestId('login-password').fill(FINANCE_PASSWORD);
    await ops.getByTestId('login-submit').click();
    await ops.getByTestId('totp-card').waitFor();
    // Every other page is closed to an enrolment-only session.
    await openConsolePage(ops, '/withdrawals');
    await ops.getByTestId('forbidden-page').waitFor();
    await openConsolePage(ops, '/security');
    await ops.getByTestId('totp-start').click();
    await ops.getByTestId('totp-qr').locator('svg').waitFor();
    financeSecret = ((await ops.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(financeSecret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(ops, 'operations-01-console-totp-enrol');
    await ops.getByTestId('totp-code').fill(await nextTotpCode(stack.baseUrl, financeSecret));
    await ops.getByTestId('totp-enable').click();
    await expect.poll(() => ops.getByTestId('totp-status').textContent()).toBe('On');
    await ops.getByRole('button', { name: 'Sign out' }).click();
    await ops.getByTestId('login-email').waitFor();
  });

  it('signs the finance operator in with a TOTP code, shows only finance pages, and approves the withdrawal', async () => {
    // Without the code, the right password gets the same generic refusal as a wrong one: password and
    // code are checked together, so nobody learns which of them was right.
    await ops.getByTestId('login-email').fill(FINANCE_EMAIL);
    await ops.getByTestId('login-password').fill(FINANCE_PASSWORD);
    await ops.getByTestId('login-submit').click();
    await expect.poll(() => ops.getByTestId('login-error').textContent()).toMatch(/Wrong account or password/);
    // A fresh form: the helper watches for a new error message.
    await ops.reload();
    await consoleSignIn(ops, stack.baseUrl, FINANCE_EMAIL, FINANCE_PASSWORD, financeSecret);
    await expect.poll(() => ops.getByTestId('current-admin').textContent()).toBe(`${FINANCE_EMAIL} (finance)`);
    const menu = (await ops.locator('.ant-menu-item').allTextContents()).map((s) => s.trim());
    expect(menu).toContain('Withdrawals');
    expect(menu).not.toContain('Operators');
    expect(menu).not.toContain('Audit log');
    await openConsolePage(ops, '/operators');
    await ops.getByTestId('forbidden-page').waitFor();
    await screenshot(ops, 'operations-02-console-finance-forbidden');
    const id = await approvePending(ops, 'withdrawal', email, { 'tx-hash': TX_HASH });
    expect(id).toBeGreaterThan(0);
    await screenshot(ops, 'operations-03-console-withdrawal-approved');
  });

  it('signs the super admin in with TOTP and finds the approval in the audit log', async () => {
    await ops.getByRole('button', { name: 'Sign out' }).click();
    await ops.getByTestId('login-email').waitFor();
    await consoleSignIn(ops, stack.baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    const actions = await auditActions(ops, 'withdrawal.approve');
    expect(actions[0]).toBe('withdrawal.approve');
    const row = ops.getByTestId('audit-table').locator('tr.ant-table-row').first();
    await expect.poll(() => row.textContent()).toContain(FINANCE_EMAIL);
    await row.click();
    await expect.poll(() => ops.getByTestId('audit-after').first().textContent()).toContain(TX_HASH);
    await screenshot(ops, 'operations-04-console-audit');
    await openConsolePage(ops, '/operators');
    await ops.getByTestId('operators-table').locator('tr.ant-table-row').filter({ hasText: FINANCE_EMAIL }).waitFor();
    await screenshot(ops, 'operations-05-console-operators');
  });

  it('publishes the proof of liabilities from the console', async () => {
    await openConsolePage(ops, '/proof');
    await ops.getByTestId('proof-run').click();
    await ops.getByTestId('proof-day').waitFor();
    const usdt = ops.getByTestId('proof-roots').locator('tr.ant-table-row').filter({ hasText: 'USDT' });
    // 100 funded, 20 paid out with a 1 USDT fee: the user's 79, plus the other two customers' 50 and 25.5.
    await expect.poll(() => usdt.textContent()).toContain('154.5');
    await screenshot(ops, 'operations-06-console-proof');
  });

  it('lets the user verify their leaf in the browser, in both themes', async () => {
    await page.goto(`${stack.baseUrl}/h5/#/pages/user/login/login`);
    await byId('login-tab-email').click();
    await page.locator('[data-testid="login-account"] input').fill(email);
    await page.locator('[data-testid="login-password"] input').fill(password);
    await byId('login-submit').click();
    await byId('login-page').waitFor({ state: 'detached', timeout: 15_000 });
    await page.goto(`${stack.baseUrl}/h5/#/pages/assets/index`);
    await byId('assets-proof-icon').click();
    await byId('proof-page').waitFor();
    const leaf = byId('proof-leaf-USDT');
    await expect.poll(() => leaf.getAttribute('data-state'), { timeout: 15_000 }).toBe('ok');
    await expect(leaf.getByTestId('proof-verdict').textContent()).resolves.toBe('Verified');
    await expect(leaf.getByTestId('proof-balance').textContent()).resolves.toBe('79');
    // Three leaves: the path climbs two levels (or one, when this leaf is the odd one carried up).
    expect(await leaf.getByTestId('proof-path').locator('li').count()).toBeGreaterThan(0);
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await screenshot(page, 'operations-07-h5-proof-dark');
    await page.goto(`${stack.baseUrl}/h5/#/pages/settings/index`);
    await byId('settings-theme').click();
    await page.goto(`${stack.baseUrl}/h5/#/pages/assets/proof`);
    await expect.poll(() => byId('proof-leaf-USDT').getAttribute('data-state'), { timeout: 15_000 }).toBe('ok');
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await screenshot(page, 'operations-08-h5-proof-light');
    await page.goto(`${stack.baseUrl}/h5/#/pages/settings/index`);
    await byId('settings-theme').click();
  });

  it('shows the user their devices and sign-ins and signs the other devices out', async () => {
    // The API session from the setup is another device.
    await page.goto(`${stack.baseUrl}/h5/#/pages/settings/security/index`);
    await byId('security-devices').click();
    await byId('account-security-page').waitFor();
    await expect.poll(() => byId('session-item').count()).toBe(2);
    await expect.poll(() => byId('login-record').count()).toBe(1);
    await screenshot(page, 'operations-09-h5-devices');
    await byId('sign-out-others').click();
    await page.locator('.adm-dialog-button', { hasText: 'Sign out all other devices' }).click();
    await expect.poll(() => byId('session-item').count()).toBe(1);
    const res = await fetch(`${stack.baseUrl}/api/user/center`, { headers: { authorization: userToken } });
    expect(((await res.json()) as { type: string }).type).toBe('999');
  });

  it('freezes the account from the console; the user signs in restricted and is told why', async () => {
    await openUser(ops, email);
    await ops.getByTestId('freeze-reason').fill('Please contact support about your last withdrawal');
    await ops.getByTestId('freeze-submit').click();
    await ops.getByTestId('confirm-ok').click();
    await ops.getByTestId('unfreeze-submit').waitFor();
    await page.goto(`${stack.baseUrl}/h5/#/pages/user/login/login`);
    await byId('login-tab-email').click();
    await page.locator('[data-testid="login-account"] input').fill(email);
    await page.locator('[data-testid="login-password"] input').fill(password);
    await byId('login-submit').click();
    await expect
      .poll(() => byId('login-frozen').textContent())
      .toBe(
        'This account is frozen: Please contact support about your last withdrawal. You can still see, close and cancel what you hold; new trades, purchases and withdrawals are blocked.',
      );
    // The reason stays in a dialog until the user has read it (no toast covers it).
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
    await screenshot(page, 'operations-10-h5-frozen');
  });

  it('threw no uncaught error in the pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
