import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { adjustBalance, auditActions, openConsolePage, verifyLedgerInConsole } from '../src/console.js';
import { registerByEmail } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * New-coin subscription end to end: an operator defines a project in the console; a user (funded by
 * an adjustment) finds it from home, is refused below the minimum, subscribes; the operator closes
 * the subscription, runs the allocation and launches the coin; the user sees the subscription
 * launched with its coins and returns, and the new coin — locked for the lock-up — in assets.
 * Screenshots of each page in the dark and the light theme.
 */

const stamp = Date.now().toString(36).toUpperCase();
const CODE = `PUB${stamp.slice(-5)}`.replace(/[^A-Z0-9]/g, 'X');

const suite = phoneSuite({
  name: 'publication',
  env: { MARKET_HISTORY_DAYS: '1', MARKET_DAILY_HISTORY_DAYS: '30' },
  // The embedded database is single-threaded: the market's history backfill would hold up console
  // actions on a busy 2-core machine, so the steps start once the feed is live.
  price: 'BTC/USDT',
  // The user registers on the phone.
  registered: false,
  desk: { width: 1440, signedIn: true },
});
const { url, byId, shot, input, pageErrors, email, password } = suite;
const text = async (id: string) => ((await byId(id).first().textContent()) ?? '').trim();

/**
 * Keeps a screenshot in both themes, returning to dark; `ready` is scrolled into view, and `again`
 * restores what a theme's reload cleared (a typed amount).
 */
async function shots(name: string, ready: string, again: () => Promise<void> = async () => {}) {
  const show = async () => {
    await byId(ready).first().waitFor();
    await again();
    await byId(ready).first().scrollIntoViewIfNeeded();
  };
  await show();
  await shot(`${name}-dark`);
  await setTheme(suite.page, 'light');
  await show();
  await shot(`${name}-light`);
  await setTheme(suite.page, 'dark');
  await show();
}

/** A `datetime-local` value, local time, `minutes` from now. */
function localTime(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Clicks and waits for the console's success toast (throws with the error toast's text instead). */
async function consoleAct(trigger: ReturnType<Page['getByTestId']>, success: RegExp) {
  await suite.ops.evaluate(`document.querySelectorAll('.ant-message-notice').forEach((n) => n.setAttribute('data-seen', '1'))`);
  await trigger.click();
  const fresh = suite.ops.locator('.ant-message-notice:not([data-seen])');
  const outcome = await Promise.race([
    fresh
      .locator('.ant-message-success')
      .filter({ hasText: success })
      .waitFor({ timeout: 20_000 })
      .then(() => 'ok'),
    fresh
      .locator('.ant-message-error')
      .waitFor({ timeout: 20_000 })
      .then(() => 'error'),
  ]);
  if (outcome !== 'ok') throw new Error(`console refused: ${await fresh.locator('.ant-message-error').last().textContent()}`);
}

/** Fills a console form field by test id, whether the id is on the input or on its wrapper. */
async function fillField(testId: string, value: string) {
  const field = suite.ops.getByTestId(testId);
  const isInput = await field.evaluate((el) => ['INPUT', 'TEXTAREA'].includes((el as { tagName: string }).tagName));
  await (isInput ? field : field.locator('input')).fill(value);
}

const projectRow = () => suite.ops.getByTestId(`subscription-row-${CODE}`);

/** Runs one step of the project from its row, through the confirmation dialog. */
async function projectStep(button: string, success: RegExp) {
  await openConsolePage(suite.ops, '/subscription');
  await suite.ops.getByTestId('list-refresh').click();
  await projectRow().getByTestId(button).click();
  await consoleAct(suite.ops.getByTestId('confirm-ok'), success);
}

describe('new-coin subscription: subscribe, allocate, launch, find the coin', () => {
  it('an operator defines a project in the console', async () => {
    await openConsolePage(suite.ops, '/subscription');
    await suite.ops.getByTestId('subscription-new').click();
    const form = suite.ops.getByTestId('subscription-form');
    await form.waitFor();
    await fillField('subscription-form-code', CODE);
    await fillField('subscription-form-name', 'Publication Test Coin');
    await fillField('subscription-form-price', '0.5');
    await fillField('subscription-form-supply', '1000');
    await fillField('subscription-form-min', '10');
    await fillField('subscription-form-max', '800');
    await fillField('subscription-form-start', localTime(-5));
    await fillField('subscription-form-end', localTime(120));
    await fillField('subscription-form-launch', localTime(180));
    await fillField('subscription-form-lock', '2');
    await fillField('subscription-form-intro-en', 'A coin listed by the browser test. Subscribe in USDT.');
    await fillField('subscription-form-intro-zh', '浏览器测试上线的新币，使用USDT认购。');
    await consoleAct(suite.ops.getByTestId('subscription-form-submit'), new RegExp(`Project ${CODE} created`));
    await expect
      .poll(async () => projectRow().getByTestId('subscription-row-phase').getAttribute('data-phase'))
      .toBe('subscribing');
    await screenshot(suite.ops, 'publication-console-01-created');
  });

  it('a funded user finds the project from home and subscribes; too little is refused', async () => {
    await registerByEmail(suite.page, suite.stack.baseUrl, email, password, suite.stack.latestCode);
    // Filed in the console by one operator, approved by a second (four eyes).
    await suite.stack.secondOperator(
      await adjustBalance(suite.ops, email, { currency: 'USDT', amount: '1000', reason: 'Funds for the subscription test' }),
    );

    await byId('home-publication').click();
    await byId('publication-page').waitFor();
    const card = suite.page.locator(`[data-testid="publication-project"][data-code="${CODE}"]`);
    await card.waitFor();
    await expect.poll(() => card.getByTestId('publication-project-phase').getAttribute('data-phase')).toBe('subscribing');
    await shots('publication-01-index', 'publication-projects');

    await card.click();
    await byId('publication-details-page').waitFor();
    expect(await text('publication-code')).toBe(CODE);
    expect(await text('publication-introduction')).toContain('browser test');
    await shots('publication-02-details', 'publication-subscribe');

    await byId('publication-subscribe').click();
    await byId('publication-purchase-page').waitFor();
    await expect.poll(() => text('publication-available')).toContain('1,000');
    await input('publication-amount').fill('5');
    await byId('publication-submit').click();
    await expect.poll(() => text('publication-amount-error')).toMatch(/below the minimum/i);
    await input('publication-amount').fill('120');
    // 120 USDT at 0.5 a coin: 240 coins expected.
    await expect.poll(() => text('publication-expected')).toBe(`240 ${CODE}`);
    await shots('publication-03-purchase', 'publication-submit', async () => {
      await input('publication-amount').fill('120');
      await expect.poll(() => text('publication-expected')).toBe(`240 ${CODE}`);
    });
    await byId('publication-submit').click();
    // A last look before the amount is frozen: cancelling sends nothing.
    await byId('publication-confirm').waitFor();
    expect(await text('publication-confirm-amount')).toBe('120 USDT');
    expect(await text('publication-confirm-coins')).toBe(`240 ${CODE}`);
    await byId('publication-confirm-cancel').click();
    await byId('publication-confirm').waitFor({ state: 'hidden' });
    expect(suite.page.url()).toContain('purchase');
    await byId('publication-submit').click();
    await byId('publication-confirm-ok').click();

    const order = suite.page.getByTestId('publication-order').first();
    await order.waitFor({ timeout: 15_000 });
    expect(await order.getAttribute('data-phase')).toBe('subscribing');
    expect(await order.getByTestId('publication-order-amount').textContent()).toBe('120 USDT');
    await shots('publication-04-mine-subscribing', 'publication-orders');

    // The amount is frozen in the coin account.
    await suite.page.goto(url('/pages/assets/index'));
    await byId('balance-coin-USDT').waitFor();
    await expect.poll(() => text('balance-coin-USDT-frozen')).toBe('120');
  });

  it('the operator closes, allocates and launches in the console; every step is audited', async () => {
    await projectStep('subscription-close', new RegExp(`Subscription to ${CODE} closed`));
    await expect
      .poll(async () => projectRow().getByTestId('subscription-row-phase').getAttribute('data-phase'))
      .toBe('under_review');
    await projectStep('subscription-allocate', new RegExp(`${CODE} allocated: 240 coins`));
    await expect.poll(async () => projectRow().getByTestId('subscription-row-phase').getAttribute('data-phase')).toBe('passed');
    await projectStep('subscription-launch', new RegExp(`${CODE} launched: coins credited and the ${CODE}/USDT pair is listed`));
    await expect.poll(async () => projectRow().getByTestId('subscription-row-phase').getAttribute('data-phase')).toBe('launched');
    await suite.ops
      .locator('.ant-modal-confirm')
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await suite.ops
      .locator('.ant-message-notice')
      .first()
      .waitFor({ state: 'detached', timeout: 10_000 })
      .catch(() => undefined);
    await screenshot(suite.ops, 'publication-console-02-launched');
    for (const action of [
      'subscription.create',
      'subscription.close',
      'subscription.allocate',
      'subscription.launch',
      'subscription.list_pair',
    ]) {
      expect(await auditActions(suite.ops, action)).toContain(action);
    }
  });

  it('the user sees the subscription launched with its returns, and the locked coin in assets', async () => {
    await suite.page.goto(url('/pages/publication/index?tab=mine'));
    await suite.page.reload();
    const order = suite.page.getByTestId('publication-order').first();
    await order.waitFor();
    await expect.poll(() => order.getAttribute('data-phase')).toBe('launched');
    expect(await order.getByTestId('publication-order-quantity').textContent()).toBe(`240 ${CODE}`);
    await order.getByTestId('publication-order-locked').waitFor();
    await order.getByTestId('publication-order-rate').waitFor();
    await shots('publication-05-mine-launched', 'publication-orders');

    await suite.page.goto(url('/pages/assets/index'));
    await suite.page.reload();
    const row = `balance-coin-${CODE}`;
    await byId(row).waitFor({ timeout: 15_000 });
    await expect.poll(() => text(`${row}-frozen`)).toBe('240');
    expect(await text(`${row}-available`)).toBe('0');
    await expect.poll(() => text('balance-coin-USDT-frozen')).toBe('0');
    await shots('publication-06-assets-new-coin', row);
    expect(pageErrors).toEqual([]);
  });

  it('leaves the ledger sound', async () => {
    const verdict = await verifyLedgerInConsole(suite.ops);
    expect(verdict.sound, verdict.verdict).toBe(true);
  });
});
