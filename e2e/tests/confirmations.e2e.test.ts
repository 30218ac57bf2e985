import { describe, expect, it } from 'vitest';
import { setTheme } from '../src/browser.js';
import { fillOptionBuy } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * The last look before money moves, on a phone against the built server: opening a contract shows its
 * leverage, margin, fees, estimated liquidation price and a risk notice, and "don't ask again" holds for
 * that user; buying an option shows direction, stake, period and payout. Cancelling either sends
 * nothing: no position, no order, the balances as they were. (Subscribing is confirmed in
 * publication.e2e.test.ts, where a project exists.)
 */

const SYMBOL = 'BTC/USDT';
const PAIR_ID = 1;
const DELIVERY_SECONDS = 42;

const suite = phoneSuite({
  name: 'confirm',
  price: SYMBOL,
  // Verified (options need it), 1,000 USDT in the contract and the option accounts.
  verified: 'Careful Trader',
  funded: { contract: '1000', option: '1000' },
  optionPeriod: { seconds: DELIVERY_SECONDS, profitRatio: '80', maxNum: '500' },
  signedIn: true,
});
const { url, byId, shot, input, text, pageErrors } = suite;

type Position = { id: number; status_name: string };

async function positions(): Promise<Position[]> {
  const [holding, entrusted] = await Promise.all(
    ['1', '0'].map((status) => suite.stack.api<{ list: Position[] }>('lever/my_trade', { status }, suite.user.token)),
  );
  return [...(holding?.message.list ?? []), ...(entrusted?.message.list ?? [])];
}

async function contractBalance(): Promise<string> {
  return (await suite.stack.api<{ balance: { available: string } }>('lever/deal', {}, suite.user.token)).message.balance
    .available;
}

async function pendingOptions(): Promise<number> {
  const reply = await suite.stack.api<{ list: unknown[] }>('microtrade/lists?status=open', undefined, suite.user.token);
  return reply.message.list.length;
}

describe('H5 confirmations: contract opening and option buying', () => {
  it('shows leverage, margin, liquidation price and the risk before opening a contract; cancelling opens nothing', async () => {
    await suite.page.goto(url('/pages/lever/index'));
    await byId('lever-page').waitFor();
    await expect.poll(() => text('lever-price')).toMatch(/^[\d,]+\.\d{2}$/);
    await input('lever-lots').fill('1');
    await byId('lever-multiple-20').click();
    const before = await contractBalance();

    await byId('lever-submit').click();
    await byId('lever-confirm').waitFor();
    expect(await text('lever-confirm-leverage')).toBe('20×');
    expect(await text('lever-confirm-side')).toBe('Long');
    expect(await text('lever-confirm-margin')).toMatch(/^[\d,]+(\.\d+)? USDT$/);
    expect(await text('lever-confirm-fee')).toMatch(/USDT$/);
    // A long at 20× is liquidated below the entry: the estimate is a grouped price under the current one.
    const liquidation = Number((await text('lever-confirm-liquidation')).replace(/[≈,\s]/g, ''));
    const entry = Number((await text('lever-confirm-entry')).replace(/[≈,\s]/g, ''));
    expect(liquidation).toBeGreaterThan(0);
    expect(liquidation).toBeLessThan(entry);
    expect(await text('lever-confirm-notice')).toMatch(/20× .*lose the whole margin/);
    await shot('confirm-01-contract-dark');

    await byId('lever-confirm-cancel').click();
    await byId('lever-confirm').waitFor({ state: 'hidden' });
    // Cancelled: no position and not a cent moved.
    await suite.page.waitForTimeout(500);
    expect(await positions()).toEqual([]);
    expect(await contractBalance()).toBe(before);
  });

  it('opens after confirming, and "don\'t ask again" holds for this user', async () => {
    await byId('lever-submit').click();
    await byId('lever-confirm').waitFor();
    await byId('lever-confirm-skip').click();
    await byId('lever-confirm-ok').click();
    await expect.poll(async () => (await positions()).length, { timeout: 15_000 }).toBe(1);
    expect(await suite.page.evaluate(`localStorage.getItem('confirm_skip.contract_open.${suite.user.id}')`)).toBe('1');

    // Next time the figures are not asked for again: the order goes straight through.
    await byId('lever-submit').click();
    await expect.poll(async () => (await positions()).length, { timeout: 15_000 }).toBe(2);
    // (Two positions without a second tap on "Open long": the sheet was not in the way.)
    await byId('lever-confirm').waitFor({ state: 'hidden', timeout: 5_000 });

    // Another account on this phone is still asked: the choice is keyed by the user's id.
    expect(await suite.page.evaluate(`localStorage.getItem('confirm_skip.contract_open.${suite.user.id + 1}')`)).toBeNull();
  });

  it('shows direction, stake, period and payout before buying an option; cancelling buys nothing', async () => {
    await suite.page.goto(url('/pages/option/detail'));
    await byId('option-page').waitFor();
    await byId(`option-pair-${PAIR_ID}`).waitFor();
    await byId('option-buy-up').click();
    await byId('option-buy-popup').waitFor();
    await byId(`option-time-${DELIVERY_SECONDS}`).click();

    // Above the time's maximum (and above the balance): the limit is named, not "insufficient balance".
    await input('option-stake').fill('5000');
    await byId('option-buy-confirm').click();
    await expect.poll(() => text('option-buy-error')).toBe('Maximum purchase limit 1 – 500 USDT');

    await input('option-stake').fill('100');
    await byId('option-buy-confirm').click();
    await byId('option-confirm').waitFor();
    expect(await text('option-confirm-direction')).toBe('Up');
    expect(await text('option-confirm-stake')).toBe('100 USDT');
    expect(await text('option-confirm-period')).toMatch(/42/);
    expect(await text('option-confirm-payout')).toBe('180 USDT');
    expect(await text('option-confirm-notice')).toMatch(/100%/);
    await shot('confirm-02-option-dark');

    await byId('option-confirm-cancel').click();
    await byId('option-confirm').waitFor({ state: 'hidden' });
    await suite.page.waitForTimeout(500);
    expect(await pendingOptions()).toBe(0);
    expect(await text('option-balance')).toBe('1,000 USDT');

    const bought = suite.page.waitForResponse((r) => r.url().includes('/api/microtrade/submit'));
    await byId('option-buy-confirm').click();
    await byId('option-confirm-ok').click();
    expect(((await (await bought).json()) as { type: string }).type).toBe('ok');
    await expect.poll(() => pendingOptions()).toBe(1);
  });

  it('looks right in the light theme', async () => {
    await setTheme(suite.page, 'light');
    await byId('option-page').waitFor();
    await byId(`option-pair-${PAIR_ID}`).waitFor();
    await fillOptionBuy(suite.page, 'down', DELIVERY_SECONDS, '50');
    await byId('option-buy-confirm').click();
    await byId('option-confirm').waitFor();
    await shot('confirm-03-option-light');
    await byId('option-confirm-cancel').click();
    await suite.page.keyboard.press('Escape');

    // A fresh user's choice is not shared: clear this one's to see the contract sheet again.
    await suite.page.evaluate(`localStorage.removeItem('confirm_skip.contract_open.${suite.user.id}')`);
    await suite.page.goto(url('/pages/lever/index'));
    await byId('lever-page').waitFor();
    await expect.poll(() => text('lever-price')).toMatch(/^[\d,]+\.\d{2}$/);
    await byId('lever-side-short').click();
    await byId('lever-submit').click();
    await byId('lever-confirm').waitFor();
    expect(await text('lever-confirm-side')).toBe('Short');
    await shot('confirm-04-contract-light');
    await byId('lever-confirm-cancel').click();
    await setTheme(suite.page, 'dark');
    expect(pageErrors).toEqual([]);
  });
});
