import type { Browser, Locator, Page } from 'playwright-core';
import { deskTab } from './browser.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, ADMIN_TOTP_SECRET } from './stack.js';
import { nextTotpCode } from './totp.js';

/**
 * Drives the operators' console (apps/admin) the way an operator would: through its pages, buttons
 * and confirmation dialogs, never by calling the API. Every selector is a `data-testid` the console
 * puts there for this module, so a restyled page does not break the tests.
 *
 * Review helpers find the user's row by e-mail (or any text of the row) in the pending list and act
 * on the first match; a user with several pending items is reviewed newest-listed first. Each helper
 * returns once the console confirms the action, and throws with the server's message if it refused.
 */

// Generous: on a busy 2-core machine a console request behind a database write can take seconds.
const DEFAULT_TIMEOUT = 30_000;

export type ConsoleOptions = { timeout?: number };

/**
 * Signs in at `${baseUrl}/admin/` and waits for the signed-in layout. The seeded super admin
 * (stack.ts ADMIN_EMAIL) signs in with an authenticator code computed from ADMIN_TOTP_SECRET; another
 * operator with two-factor sign-in passes `totpSecret`.
 */
export async function consoleSignIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  totpSecret: string | undefined = email === ADMIN_EMAIL ? ADMIN_TOTP_SECRET : undefined,
): Promise<void> {
  await page.goto(`${baseUrl.replace(/\/$/, '')}/admin/#/login`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  if (totpSecret) await page.getByTestId('login-totp').fill(await nextTotpCode(baseUrl, totpSecret));
  await page.getByTestId('login-submit').click();
  await Promise.race([
    page.getByTestId('current-admin').waitFor({ timeout: DEFAULT_TIMEOUT }),
    page
      .getByTestId('login-error')
      .waitFor({ timeout: DEFAULT_TIMEOUT })
      .then(async () => {
        throw new Error(`console sign-in failed: ${await page.getByTestId('login-error').textContent()}`);
      }),
  ]);
}

/**
 * Opens a console tab in `browser` (1280 px wide), signs the seeded super admin in at `baseUrl`, hands
 * the tab to `act` and closes it afterwards, whether `act` succeeded or not.
 */
export async function withConsoleTab(browser: Browser, baseUrl: string, act: (ops: Page) => Promise<void>): Promise<void> {
  const { context, page } = await deskTab(browser, { width: 1280 });
  try {
    await consoleSignIn(page, baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD);
    await act(page);
  } finally {
    await context.close();
  }
}

/** Opens a console route (`/deposits`, `/users/5` …) in the signed-in tab, without reloading the app. */

export async function openConsolePage(page: Page, path: string): Promise<void> {
  const url = new URL(page.url());
  if (!url.pathname.startsWith('/admin')) throw new Error('openConsolePage: sign in with consoleSignIn first');
  // A review drawer left open by an earlier step would cover the list this navigation is for.
  // It may already be closing (animating out), so a click that finds nothing is not an error.
  const close = page.locator('.ant-drawer-close:visible');
  const deadline = Date.now() + 5_000;
  while ((await close.count()) > 0 && Date.now() < deadline) {
    await close
      .first()
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await page.waitForTimeout(100);
  }
  const hash = `#${path.startsWith('/') ? path : `/${path}`}`;
  // A string expression: this package is typed for Node, without the DOM's globals.
  await page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);
}

/**
 * Marks the toasts on screen now, so the outcome of the next action is not confused with an earlier
 * one still fading out (a toast lives about three seconds).
 */
async function markToasts(page: Page): Promise<void> {
  await page.evaluate(`document.querySelectorAll('.ant-message-notice').forEach((n) => n.setAttribute('data-seen', '1'))`);
}

/**
 * Clicks the control that performs an action and waits for the console's receipt: its success toast,
 * or the error toast the API client shows when the server refuses (then throws with the server's text).
 */
async function act(page: Page, trigger: Locator, success: RegExp, timeout: number): Promise<string> {
  await markToasts(page);
  await trigger.click();
  const fresh = page.locator('.ant-message-notice:not([data-seen])');
  // Info counts as done too: "nothing changed" is a receipt, not a failure.
  const ok = fresh.locator('.ant-message-success, .ant-message-info').filter({ hasText: success }).last();
  const failed = fresh.locator('.ant-message-error').last();
  const which = await Promise.race([
    ok.waitFor({ timeout }).then(() => 'ok' as const),
    failed.waitFor({ timeout }).then(() => 'error' as const),
  ]).catch(async (cause) => {
    // An error identical to an earlier one updates that (marked) toast in place: report it rather than time out.
    const last = await page
      .locator('.ant-message-error')
      .last()
      .textContent({ timeout: 500 })
      .catch(() => null);
    throw last ? new Error(`the console reported: ${last.trim()}`) : cause;
  });
  if (which === 'error') throw new Error(`the console reported: ${((await failed.textContent()) ?? '').trim()}`);
  return ((await ok.textContent()) ?? '').trim();
}

/**
 * The first table row containing `text`. Lists refresh on their own only every 30 s, so while the row
 * is missing this clicks the page's Refresh button (something created it a moment ago, through the API).
 */
async function findRow(page: Page, tableTestId: string, text: string, timeout: number): Promise<Locator> {
  const row = page.getByTestId(tableTestId).locator('tr.ant-table-row').filter({ hasText: text }).first();
  const deadline = Date.now() + timeout;
  await page.getByTestId(tableTestId).waitFor({ timeout });
  for (;;) {
    try {
      await row.waitFor({ timeout: 1_500 });
      return row;
    } catch {
      if (Date.now() > deadline) throw new Error(`no row containing "${text}" in ${tableTestId}`);
      await page.getByTestId('list-refresh').click();
    }
  }
}

/** The id a toast names ("Deposit #12 approved …"), so a test can match it with the user's records. */
function idIn(text: string): number {
  const match = /#(\d+)/.exec(text);
  return match ? Number(match[1]) : Number.NaN;
}

/** The confirmation dialog's OK button: every money action goes through one. */
const confirmButton = (page: Page) => page.getByTestId('confirm-ok');

// ---------------------------------------------------------------- review queues

/**
 * The queues an operator reviews one item at a time: deposits, withdrawals and identity checks. Each
 * lists its items at `path`, in the table `table`, and opens one in `${item}-drawer` from the row's
 * `${item}-open` button, where the item is approved (the receipt says `approved`) or rejected (the
 * receipt names it as `noun`: "Deposit #12 rejected").
 */
const QUEUES = {
  deposit: { path: '/deposits', table: 'deposits-table', noun: 'Deposit', approved: /Deposit #\d+ approved/ },
  withdrawal: {
    path: '/withdrawals',
    table: 'withdrawals-table',
    noun: 'Withdrawal',
    approved: /Withdrawal #\d+ marked as paid/,
  },
  identity: { path: '/identity', table: 'identity-table', noun: 'Verification', approved: /Verification #\d+ approved/ },
} as const;

export type Queue = keyof typeof QUEUES;

/**
 * What the drawer asks for before an item is approved, by the field's test id (`${item}-${field}`): the
 * amount a deposit credits and its fee, the transaction that paid a withdrawal; nothing for an identity check.
 */
export type ApprovalFields = {
  deposit: { credited: string; fee: string };
  withdrawal: { 'tx-hash': string };
  identity: Record<string, never>;
};

export type IdentityTier = 'basic' | 'advanced';

/** With `tier`, an identity check is looked for among that tier's submissions only. */
export type ReviewOptions = ConsoleOptions & { tier?: IdentityTier };

/** Opens the user's first pending item of the queue in its drawer (an identity check of `tier` if named). */
async function openPending(page: Page, item: Queue, userText: string, timeout: number, tier?: IdentityTier): Promise<Locator> {
  const { path, table } = QUEUES[item];
  const filter = tier === 'basic' ? '&tier=1' : tier === 'advanced' ? '&tier=2' : '';
  await openConsolePage(page, `${path}?status=pending${filter}`);
  const row = await findRow(page, table, userText, timeout);
  await row.getByTestId(`${item}-open`).click();
  const drawer = page.getByTestId(`${item}-drawer`);
  await drawer.waitFor({ timeout });
  return drawer;
}

/**
 * Approves the user's pending item (a deposit, a withdrawal marked as paid, an identity check), filling
 * the drawer's `fields` first, through the confirmation dialog. Returns the item's id.
 */
export async function approvePending<Q extends Queue>(
  page: Page,
  item: Q,
  userEmail: string,
  fields: ApprovalFields[Q],
  { tier, timeout = DEFAULT_TIMEOUT }: ReviewOptions = {},
): Promise<number> {
  const drawer = await openPending(page, item, userEmail, timeout, tier);
  for (const [field, value] of Object.entries(fields)) await drawer.getByTestId(`${item}-${field}`).fill(value);
  await drawer.getByTestId(`${item}-approve`).click();
  return idIn(await act(page, confirmButton(page), QUEUES[item].approved, timeout));
}

/**
 * Rejects the user's pending item with `reason`, through the confirmation dialog (a withdrawal's frozen
 * amount and fee return to available). Returns the item's id.
 */
export async function rejectPending(
  page: Page,
  item: Queue,
  userEmail: string,
  reason: string,
  { tier, timeout = DEFAULT_TIMEOUT }: ReviewOptions = {},
): Promise<number> {
  const drawer = await openPending(page, item, userEmail, timeout, tier);
  await drawer.getByTestId(`${item}-reject-reason`).fill(reason);
  await drawer.getByTestId(`${item}-reject`).click();
  return idIn(await act(page, confirmButton(page), new RegExp(`${QUEUES[item].noun} #\\d+ rejected`), timeout));
}

/**
 * Opens the user's pending advanced submission and waits until its three photos have loaded (the
 * console fetches them with the operator's token). Returns how many photos rendered as images.
 */
export async function identityPhotosShown(
  page: Page,
  userEmail: string,
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<number> {
  const drawer = await openPending(page, 'identity', userEmail, timeout, 'advanced');
  const photos = drawer.locator('[data-testid^="identity-photo-"]');
  await photos.nth(2).waitFor({ timeout });
  // Each photo settles as loaded, error or missing; wait until none is still loading.
  await drawer.locator('[data-testid^="identity-photo-"][data-state="loading"]').first().waitFor({ state: 'detached', timeout });
  return drawer.locator('[data-testid^="identity-photo-"][data-state="loaded"] img').count();
}

// ---------------------------------------------------------------- users

/** Searches the users list and opens the first user matching `query` (e-mail, phone …). */
export async function openUser(page: Page, query: string, { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {}): Promise<void> {
  await openConsolePage(page, `/users?q=${encodeURIComponent(query)}`);
  const row = await findRow(page, 'users-table', query, timeout);
  await row.getByTestId('user-open').click();
  await page.getByTestId('user-profile').waitFor({ timeout });
}

export type Adjustment = {
  /** Coin name as the console lists it: USDT, BTC, ETH, TRX. */
  currency: string;
  account?: 'coin' | 'option' | 'contract' | 'trust';
  /** Signed decimal string: "100" credits, "-2.5" debits. */
  amount: string;
  reason: string;
};

const ACCOUNT_LABELS = { coin: 'Coin', option: 'Option', contract: 'Contract', trust: 'Trust (wealth)' } as const;

async function choose(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
    .click();
}

/**
 * Files a manual adjustment on the user's page, through its confirmation dialog. It waits for a second
 * operator (four eyes): returns the request's id for them to approve.
 */
export async function adjustBalance(
  page: Page,
  userEmail: string,
  adjustment: Adjustment,
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<number> {
  await openUser(page, userEmail, { timeout });
  const card = page.getByTestId('adjust-card');
  await choose(page, card.getByTestId('adjust-currency'), adjustment.currency);
  await choose(page, card.getByTestId('adjust-account'), ACCOUNT_LABELS[adjustment.account ?? 'coin']);
  await card.getByTestId('adjust-amount').fill(adjustment.amount);
  await card.getByTestId('adjust-reason').fill(adjustment.reason);
  await card.getByTestId('adjust-submit').click();
  const toast = await act(page, confirmButton(page), /The adjustment is waiting for a second operator \(request #\d+/, timeout);
  return Number(/request #(\d+)/.exec(toast)?.[1]);
}

/**
 * The balances the user's page shows: `{ "coin:USDT": { available, frozen } … }`, as rendered
 * (trailing zeros trimmed). Opens the user first.
 */
export async function userBalances(
  page: Page,
  userEmail: string,
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<Record<string, { available: string; frozen: string }>> {
  await openUser(page, userEmail, { timeout });
  // The page hides zero balances by default; a test wants every (account, coin).
  const showZero = page.getByTestId('balances-show-zero');
  if ((await showZero.getAttribute('aria-checked')) !== 'true') await showZero.click();
  await page.locator('[data-testid="user-balances-state"][data-state="ready"]').waitFor({ state: 'attached', timeout });
  const rows = page.getByTestId('user-balances').locator('tr.ant-table-row');
  await rows.first().waitFor({ timeout });
  const out: Record<string, { available: string; frozen: string }> = {};
  for (const row of await rows.all()) {
    const cells = (await row.locator('td').allTextContents()).map((t) => t.trim());
    const [account = '', coin = '', available = '', frozen = ''] = cells;
    const key = Object.entries(ACCOUNT_LABELS).find(([, label]) => label === account)?.[0] ?? account;
    out[`${key}:${coin}`] = { available, frozen };
  }
  return out;
}

// ---------------------------------------------------------------- settings

/** Sets the platform's deposit address for one coin and chain (e.g. USDT, TRC20) and saves the table. */
export async function setDepositAddress(
  page: Page,
  coin: string,
  chain: string,
  address: string,
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<void> {
  await openConsolePage(page, '/settings');
  const input = page.getByTestId(`deposit-address-${coin}-${chain}`);
  await input.waitFor({ timeout });
  // Saving an unchanged table is a no-op the console only mentions; there is nothing to wait for.
  if ((await input.inputValue()) === address) return;
  await input.fill(address);
  // The change waits for a second operator (four eyes); the caller has it approved.
  await act(page, page.getByTestId('deposit-addresses-save'), /deposit-address change is waiting|No address changed/, timeout);
}

export type CoinRules = Partial<Record<'deposit_min' | 'withdraw_min' | 'withdraw_fee' | 'fallback_price', string>>;

/** Changes some of one coin's money rules and saves that coin's row. */
export async function setCoinRules(
  page: Page,
  coin: string,
  rules: CoinRules,
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<void> {
  await openConsolePage(page, '/settings');
  await page.getByTestId(`currency-${coin}-save`).waitFor({ timeout });
  for (const [field, value] of Object.entries(rules)) {
    if (value !== undefined) await page.getByTestId(`currency-${coin}-${field}`).fill(value);
  }
  await act(page, page.getByTestId(`currency-${coin}-save`), new RegExp(`${coin} rules saved`), timeout);
}

export type BankDetails = {
  bank_name: string;
  account_name: string;
  account_number: string;
  branch?: string;
  swift?: string;
  remark?: string;
};

/** Fills and saves the bank deposit details users see for bank transfers. */
export async function setBankDeposit(page: Page, details: BankDetails, { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {}) {
  await openConsolePage(page, '/settings');
  const ids: Record<keyof BankDetails, string> = {
    bank_name: 'bank-name',
    account_name: 'bank-account-name',
    account_number: 'bank-account-number',
    branch: 'bank-branch',
    swift: 'bank-swift',
    remark: 'bank-remark',
  };
  await page.getByTestId('bank-save').waitFor({ timeout });
  // The form fills in once the saved details arrive; wait for it to be enabled before typing.
  await page.getByTestId('bank-name').and(page.locator(':enabled')).waitFor({ timeout });
  for (const [key, value] of Object.entries(details) as [keyof BankDetails, string | undefined][]) {
    if (value !== undefined) await page.getByTestId(ids[key]).fill(value);
  }
  await act(page, page.getByTestId('bank-save'), /Bank deposit details saved/, timeout);
}

// ---------------------------------------------------------------- audit and ledger

/** The actions on the audit log's first page, newest first (optionally filtered by action). */
export async function auditActions(
  page: Page,
  action = '',
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<string[]> {
  await openConsolePage(page, action ? `/audit?action=${encodeURIComponent(action)}` : '/audit');
  const table = page.getByTestId('audit-table');
  await table.waitFor({ timeout });
  await page.getByTestId('list-refresh').click();
  await table.locator('.ant-spin-spinning').waitFor({ state: 'detached', timeout });
  // The list keeps the previous filter's rows on screen while this filter's load (no spinner then):
  // read until what is shown is this filter's answer.
  const matches = (shown: string) =>
    !action || (action.endsWith('.*') ? shown.startsWith(action.slice(0, -1)) : shown === action);
  const deadline = Date.now() + timeout;
  for (;;) {
    const shown = (await table.getByTestId('audit-action').allTextContents()).map((t) => t.trim());
    if (shown.every(matches) || Date.now() > deadline) return shown;
    await page.waitForTimeout(100);
  }
}

/** Runs the ledger check; `sound` is true when the console shows "sound", else `verdict` says how many faults. */
export async function verifyLedgerInConsole(
  page: Page,
  { timeout = DEFAULT_TIMEOUT }: ConsoleOptions = {},
): Promise<{ sound: boolean; verdict: string }> {
  await openConsolePage(page, '/ledger');
  await page.getByTestId('ledger-verify').click();
  const verdict = ((await page.getByTestId('ledger-verdict').textContent({ timeout })) ?? '').trim();
  return { sound: verdict === 'sound', verdict };
}
