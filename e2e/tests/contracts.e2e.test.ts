import { describe, expect, it } from 'vitest';
import { screenshot, setTheme } from '../src/browser.js';
import { openConsolePage, withConsoleTab } from '../src/console.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * Perpetual contracts on a phone, against the built server with its simulated feed: a user with
 * 1,000 USDT in the contract account opens a long on BTC/USDT with stop-profit and stop-loss, watches
 * its PnL follow the index (pushed over the socket), closes it after confirming, and finds it in the
 * history with the balance matching the position's figures exactly. Screenshots in both themes.
 */

const SYMBOL = 'BTC/USDT';

const suite = phoneSuite({ name: 'contracts', price: SYMBOL, funded: { contract: '1000' }, signedIn: true });
const { url, byId, shot, input, text, pageErrors } = suite;

/** Exact arithmetic on plain decimals, in 10^-8 units. */
const units = (value: string) => {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const n = BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
  return negative ? -n : n;
};
const plain = (shown: string) => shown.replace(/[^\d.-]/g, '');
/** "60,145.86" → "60145.86": prices are shown with thousands separators. */
const ungroup = (shown: string) => shown.replace(/,/g, '');

type Position = {
  id: number;
  status_name: string;
  open_price: string;
  margin: string;
  fee: string;
  close_fee: string | null;
  profits: string | null;
  close_price: string | null;
  close_reason: string | null;
  liquidation_price: string | null;
};

describe('H5 contracts: open a long with stops, watch PnL move, close it', () => {
  it('shows the contract tab with the live index, labelled as demo data, and checks the form', async () => {
    await byId('tab-trade').click();
    await byId('lever-page').waitFor();
    // The header names the pair once lever/deal has answered.
    await expect.poll(() => text('lever-symbol')).toBe(SYMBOL);
    await expect.poll(() => text('lever-price')).toMatch(/^[\d,]+\.\d{2}$/);
    expect(await text('lever-demo')).toBe('Demo market data');
    expect(plain(await text('lever-balance'))).toBe('1000');
    await expect.poll(() => text('empty-state')).toBe('No open positions');

    for (const lots of ['0', '1.5']) {
      await input('lever-lots').fill(lots);
      await byId('lever-submit').click();
      await expect.poll(() => text('lever-lots-error')).toBe('Lots must be a whole number of at least 1');
    }

    await input('lever-lots').fill('2');
    await byId('lever-multiple-20').click();
    await byId('lever-stop-switch').click();
    await byId('lever-submit').click();
    await expect.poll(() => text('lever-stop_profit-error')).toBe('Enter a stop-profit or stop-loss price');
    await shot('contracts-01-form-dark');
  });

  it('opens a long with stop-profit and stop-loss, and its PnL follows the index', async () => {
    const price = Number(plain(await text('lever-price')));
    await input('lever-stop_profit').fill((price * 0.9).toFixed(2));
    await byId('lever-submit').click();
    await expect
      .poll(() => text('lever-stop_profit-error'))
      .toBe('Stop-profit must be above the entry and current price for a long, below both for a short');
    await input('lever-stop_profit').fill((price * 1.2).toFixed(2));
    await input('lever-stop_loss').fill((price * 0.8).toFixed(2));
    // Margin for 2 lots of 0.01 BTC at 20×: price × 0.02 / 20.
    await expect.poll(() => text('lever-cost-margin')).toMatch(/USDT$/);
    await byId('lever-submit').click();
    // Leverage, margin and the liquidation price are shown once more before the position opens.
    await byId('lever-confirm').waitFor();
    expect(await text('lever-confirm-leverage')).toBe('20×');
    await byId('lever-confirm-ok').click();

    const card = suite.page.locator('[data-testid^="lever-position-"]').first();
    await card.waitFor({ timeout: 15_000 });
    const id = Number((await card.getAttribute('data-testid'))!.replace('lever-position-', ''));
    const opened = (await suite.stack.api<{ list: Position[] }>('lever/my_trade', { status: '1' }, suite.user.token)).message
      .list[0]!;
    expect(opened.id).toBe(id);
    expect(ungroup(await text(`lever-open-${id}`))).toBe(opened.open_price);
    expect(ungroup(await text(`lever-liquidation-${id}`))).toBe(opened.liquidation_price);
    expect(ungroup(await text(`lever-stop-profit-${id}`))).toBe((price * 1.2).toFixed(2));
    expect(ungroup(await text(`lever-stop-loss-${id}`))).toBe((price * 0.8).toFixed(2));
    await expect.poll(() => text(`lever-risk-${id}`)).toMatch(/^\d+\.\d{2}%$/);

    // The index moves: PnL and current price change on their own (the server pushes the marks).
    const firstPnl = await text(`lever-pnl-${id}`);
    const firstPrice = await text(`lever-current-${id}`);
    await expect
      .poll(async () => `${await text(`lever-current-${id}`)} ${await text(`lever-pnl-${id}`)}`, {
        timeout: 45_000,
        interval: 250,
      })
      .not.toBe(`${firstPrice} ${firstPnl}`);
    // PnL = (current − entry) × 0.02 BTC exactly, as shown (both figures come from the same push; a
    // push between the two reads is simply read again).
    await expect
      .poll(async () => {
        const current = plain(await text(`lever-current-${id}`));
        const pnl = plain(await text(`lever-pnl-${id}`));
        return units(pnl) === ((units(current) - units(opened.open_price)) * 2n) / 100n;
      })
      .toBe(true);
    await shot('contracts-02-holding-dark');
    await setTheme(suite.page, 'light');
    await byId(`lever-position-${id}`).waitFor();
    await shot('contracts-03-holding-light');
    await setTheme(suite.page, 'dark');
  });

  it('closes it after confirming, at the index with the closing fee, and shows it in the history', async () => {
    const card = suite.page.locator('[data-testid^="lever-position-"]').first();
    await card.waitFor();
    const id = Number((await card.getAttribute('data-testid'))!.replace('lever-position-', ''));
    await byId(`lever-close-${id}`).click();
    const confirm = suite.page.locator('.adm-dialog-button', { hasText: 'Close' });
    await confirm.waitFor();
    await shot('contracts-04-close-confirm-dark');
    await confirm.click();
    await byId(`lever-position-${id}`).waitFor({ state: 'detached', timeout: 15_000 });

    const closed = (await suite.stack.api<{ list: Position[] }>('lever/my_trade', { status: '3' }, suite.user.token)).message
      .list[0]!;
    expect(closed).toMatchObject({ id, status_name: 'closed', close_reason: 'user' });
    // The balance is exactly 1000 − opening fee + PnL − closing fee.
    const deal = await suite.stack.api<{ balance: { available: string; frozen: string } }>('lever/deal', {}, suite.user.token);
    const expected = units('1000') - units(closed.fee) + units(closed.profits!) - units(closed.close_fee!);
    expect(units(deal.message.balance.available)).toBe(expected);
    expect(deal.message.balance.frozen).toBe('0');

    await byId('lever-tab-history').click();
    await byId(`lever-position-${id}`).waitFor();
    expect(ungroup(await text(`lever-current-${id}`))).toBe(closed.close_price);
    expect(await text(`lever-reason-${id}`)).toBe('You');
    await expect.poll(async () => plain(await text('lever-balance'))).toBe(deal.message.balance.available);
    await shot('contracts-05-history-dark');
    await setTheme(suite.page, 'light');
    await byId('lever-tab-history').click();
    await byId(`lever-position-${id}`).waitFor();
    await shot('contracts-06-history-light');
    await setTheme(suite.page, 'dark');
    expect(pageErrors).toEqual([]);
  });

  it('an operator switches contracts off in the console: opening is refused, the tab of a user holding nothing vanishes; on again', async () => {
    await withConsoleTab(suite.browser, suite.stack.baseUrl, async (ops) => {
      await openConsolePage(ops, '/contracts');
      // The seeded rules of BTC/USDT, editable; the positions list is read-only (no action buttons).
      await expect.poll(() => ops.getByTestId('contract-1-contract_size').inputValue()).toBe('0.01');
      await ops.getByTestId('contract-positions-status').click();
      await ops.locator('.ant-select-item-option', { hasText: 'Closed' }).click();
      await ops.getByTestId('contract-positions').getByText('closed', { exact: true }).first().waitFor();
      expect(
        await ops
          .getByTestId('contract-positions')
          .locator('button', { hasText: /close|liquidat|edit/i })
          .count(),
      ).toBe(0);
      await screenshot(ops, 'contracts-07-console-rules-positions');

      await openConsolePage(ops, '/products');
      const toggle = ops.getByTestId('product-switch-contracts');
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
      await screenshot(ops, 'contracts-08-console-switches');

      // Only opening is refused; what a user holds stays theirs to see and close (none held here).
      const refused = await suite.stack.api(
        'lever/submit',
        { legal_id: '3', currency_id: '1', type: '1', share: '1', multiple: '10' },
        suite.user.token,
      );
      expect(refused.error).toBe('product_disabled');
      expect((await suite.stack.api('lever/deal', {}, suite.user.token)).type).toBe('ok');
      await suite.page.goto(url('/pages/index/index'));
      await suite.page.reload();
      await byId('tab-home').waitFor();
      await expect.poll(() => byId('tab-trade').count()).toBe(0);
      await shot('contracts-09-tab-hidden-dark');

      await toggle.click();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      await suite.page.reload();
      await byId('tab-trade').waitFor();
    });
  });

  it('switched off while a position is held: the holder keeps the tab in closing-only mode and closes it', async () => {
    const body = { legal_id: '3', currency_id: '1', type: '1', share: '1', multiple: '10' };
    expect((await suite.stack.api('lever/submit', body, suite.user.token)).type).toBe('ok');
    const held = (await suite.stack.api<{ list: Position[] }>('lever/my_trade', { status: '1' }, suite.user.token)).message
      .list[0]!;
    await suite.stack.admin('admin/products', { body: { contracts: '0' } });
    try {
      expect((await suite.stack.api('lever/submit', body, suite.user.token)).error).toBe('product_disabled');
      await suite.page.goto(url('/pages/index/index'));
      await suite.page.reload();
      await byId('tab-trade').click();
      await byId('lever-closing-only').waitFor({ timeout: 15_000 });
      expect(await byId('lever-submit').count()).toBe(0);
      await byId(`lever-position-${held.id}`).waitFor({ timeout: 15_000 });
      await shot('contracts-10-holder-closing-only-dark');

      await byId(`lever-close-${held.id}`).click();
      await suite.page.locator('.adm-dialog-button', { hasText: 'Close' }).click();
      await byId(`lever-position-${held.id}`).waitFor({ state: 'detached', timeout: 15_000 });
      const closed = (await suite.stack.api<{ list: Position[] }>('lever/my_trade', { status: '3' }, suite.user.token)).message
        .list;
      expect(closed.find((p) => p.id === held.id)).toMatchObject({ status_name: 'closed', close_reason: 'user' });
      expect(pageErrors).toEqual([]);
    } finally {
      await suite.stack.admin('admin/products', { body: { contracts: '1' } });
    }
  });
});
