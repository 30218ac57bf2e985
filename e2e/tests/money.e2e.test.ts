import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvePending, rejectPending, setBankDeposit } from '../src/console.js';
import { HTML_LANG, keysShownRaw, LANGS } from '../src/h5-locales.js';
import { registerByEmail } from '../src/h5-session.js';
import { phoneSuite } from '../src/phone-suite.js';

/**
 * A new user's money journey on a phone, with an operator reviewing in the console (a second browser
 * context, driven through e2e/src/console.ts): register, pass basic and advanced verification, deposit
 * with a proof picture, see it credited, transfer to the contract account and back, set the fund
 * password, add a withdrawal address, withdraw, see the withdrawal rejected and the funds unfrozen,
 * bind a bank card. Screenshots of every page are kept as artifacts.
 */

/** A valid 1×1 PNG: the server recognises images by their first bytes. */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** The TRC20 USDT contract's address: well formed, with a valid base58check checksum. */
const TRC20_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FUND_PASSWORD = '246810';
const REJECT_REASON = 'Destination flagged by the compliance check';

let files: string;
let proofPng: string;
let hugePng: string;

// The user registers on the phone; the operator reviews in the console.
const suite = phoneSuite({ name: 'money', registered: false, desk: { signedIn: true } });
const { url, open, byId, shot, input, sendCode, pageErrors, email, password } = suite;
const toast = () => suite.page.locator('.adm-toast-main');
const dialogButton = (text: string) => suite.page.locator('.adm-dialog-button', { hasText: text });
const theme = () => suite.page.evaluate('document.documentElement.dataset.theme') as Promise<string | undefined>;
const htmlLang = () => suite.page.evaluate('document.documentElement.lang') as Promise<string>;

/** The translation keys shown raw on the page, and any word of the money pages' key families. */
async function untranslatedKeys(): Promise<string[]> {
  const text = await suite.page.locator('body').innerText();
  const found = keysShownRaw(text);
  if (/\b(errors|money|assets|deposit|withdraw|records|transfer|verification|bank|address|upload)\.[a-z_]+\b/.test(text))
    found.push('raw key');
  return found;
}

/** The coin account's USDT row on the assets tab: available and frozen as shown. */
async function usdtOnAssets(account = 'coin') {
  await open('/pages/assets/index', 'assets-page');
  if (account !== 'coin') await byId(`assets-tab-${account}`).click();
  const row = `balance-${account}-USDT`;
  await byId(row).waitFor();
  return {
    available: (await byId(`${row}-available`).textContent())?.trim(),
    frozen: (await byId(`${row}-frozen`).textContent())?.trim(),
  };
}

describe('H5 money: verification, deposit, transfer, withdrawal', () => {
  beforeAll(async () => {
    files = mkdtempSync(join(tmpdir(), 'h5-money-'));
    proofPng = join(files, 'proof.png');
    writeFileSync(proofPng, Buffer.from(PNG_1X1, 'base64'));
    // Over the 5 MB limit (a PNG signature, then padding): refused on the phone before any upload.
    hugePng = join(files, 'huge.png');
    writeFileSync(hugePng, Buffer.concat([Buffer.from(PNG_1X1, 'base64'), Buffer.alloc(6 * 1024 * 1024)]));
  });

  afterAll(() => {
    if (files) rmSync(files, { recursive: true, force: true });
  });

  it('registers a new user by e-mail and shows empty assets', async () => {
    await registerByEmail(suite.page, suite.stack.baseUrl, email, password, suite.stack.latestCode);

    await byId('tab-assets').click();
    await byId('assets-summary').waitFor();
    await expect.poll(() => byId('assets-total').textContent()).toBe('0.00');
    for (const account of ['coin', 'option', 'contract', 'trust']) await byId(`assets-tab-${account}`).waitFor();
    await shot('money-01-assets-empty');

    // Hiding small balances leaves nothing to show, and the choice survives a reload.
    await byId('assets-hide-small').click();
    await byId('assets-empty').waitFor();
    await suite.page.reload();
    await byId('assets-empty').waitFor();
    await expect(byId('assets-hide-small').getAttribute('aria-checked')).resolves.toBe('true');
    await shot('money-02-assets-hide-small');
    await byId('assets-hide-small').click();
    await byId('balance-coin-USDT').waitFor();
  });

  it('refuses a withdrawal before verification and sends the user to verify', async () => {
    await open('/pages/assets/withdraw/detail?currency=3', 'withdraw-detail-page');
    await byId('withdraw-verify-first').waitFor();
    await byId('withdraw-pay-password-first').waitFor();
    await shot('money-03-withdraw-unverified');
  });

  it('passes basic verification, approved in the console', async () => {
    await open('/pages/verification/index', 'verification-page');
    await expect.poll(() => byId('verify-basic').getAttribute('data-status')).toBe('none');
    await expect(byId('verify-advanced-blocked').textContent()).resolves.toMatch(/basic verification first/i);
    await shot('money-04-verification-none');

    await byId('verify-basic-start').click();
    await byId('verification-basic-page').waitFor();
    await byId('vb-submit').click();
    await expect.poll(() => byId('vb-name-error').textContent()).toMatch(/required/i);
    await byId('vb-country').click();
    await suite.page.locator('.area-code-popup input').fill('germ');
    await byId('vb-country-DE').click();
    await input('vb-name').fill('Ada Money');
    await input('vb-card-id').fill('L01X00T47');
    await shot('money-05-verification-basic');
    await byId('vb-submit').click();

    await byId('verification-page').waitFor();
    await expect.poll(() => byId('verify-basic').getAttribute('data-status')).toBe('pending');
    await shot('money-06-verification-pending');

    await approvePending(suite.ops, 'identity', email, {}, { tier: 'basic' });
    await open('/pages/verification/index', 'verification-page');
    await expect.poll(() => byId('verify-basic').getAttribute('data-status')).toBe('verified');
    await expect(byId('verify-basic-name').textContent()).resolves.toBe('Ada Money');
  });

  it('passes advanced verification with three photos, approved in the console', async () => {
    await byId('verify-advanced-start').click();
    await byId('verification-advanced-page').waitFor();

    // Too large: refused before sending, with the spec's message.
    await byId('va-front-input').setInputFiles(hugePng);
    await expect.poll(() => byId('va-front-error').textContent()).toMatch(/over the allowed size \(5 MB\)/i);
    await shot('money-07-upload-too-large');

    await suite.page.locator('[data-testid="va-address"] textarea').first().fill('1 Ledger Street, 10115 Berlin, Germany');
    for (const photo of ['va-front', 'va-back', 'va-hand']) {
      await byId(`${photo}-input`).setInputFiles(proofPng);
      await expect.poll(() => byId(photo).getAttribute('data-state')).toBe('done');
    }
    // Removing asks first; the picture goes only when confirmed.
    await byId('va-hand-remove').click();
    await dialogButton('Cancel').click();
    expect(await byId('va-hand').getAttribute('data-state')).toBe('done');
    await byId('va-hand-remove').click();
    await dialogButton('Remove').click();
    await expect.poll(() => byId('va-hand').getAttribute('data-state')).toBe('empty');
    await byId('va-submit').click();
    await expect.poll(() => byId('va-hand-field-error').textContent()).toMatch(/upload the image/i);
    await byId('va-hand-input').setInputFiles(proofPng);
    await expect.poll(() => byId('va-hand').getAttribute('data-state')).toBe('done');
    await shot('money-08-verification-advanced');
    await byId('va-submit').click();

    await byId('verification-page').waitFor();
    await expect.poll(() => byId('verify-advanced').getAttribute('data-status')).toBe('pending');
    await approvePending(suite.ops, 'identity', email, {}, { tier: 'advanced' });
    await open('/pages/verification/index', 'verification-page');
    await expect.poll(() => byId('verify-advanced').getAttribute('data-status')).toBe('verified');
    await shot('money-09-verification-verified');
  });

  it('deposits USDT with a proof picture and sees it credited after the console approves', async () => {
    await suite.page.goto(url('/pages/index/index'));
    await byId('quick-deposit').click();
    await byId('deposit-page').waitFor();
    await shot('money-10-deposit-coins');
    await byId('deposit-coin-USDT').click();
    await byId('deposit-charge-page').waitFor();
    await byId('deposit-chain-TRC20').waitFor();
    // Bank deposits are off until the operator enables them: no mode switch.
    expect(await byId('deposit-mode').count()).toBe(0);
    const address = ((await byId('deposit-address').textContent()) ?? '').trim();
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await expect(byId('deposit-qr').locator('svg').count()).resolves.toBe(1);
    await shot('money-11-deposit-address');

    // Copy: the clipboard when allowed; the select-able fallback when the clipboard API fails.
    await suite.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.stack.baseUrl });
    await byId('deposit-copy').click();
    await expect.poll(() => toast().textContent()).toMatch(/copied/i);
    await suite.page.evaluate(
      `Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } })`,
    );
    await byId('deposit-copy').click();
    await expect.poll(() => byId('copy-fallback').textContent()).toBe(address);
    await expect(suite.page.locator('.adm-dialog-title').textContent()).resolves.toMatch(/copy failed, please copy it manually/i);
    await shot('money-11-deposit-copy-fallback');
    await dialogButton('Close').click();
    await byId('copy-fallback').waitFor({ state: 'detached' });

    // The coin's deposit minimum shows before typing, and the form holds to it.
    await suite.page.getByText('Minimum deposit: 10 USDT.').waitFor();
    await byId('deposit-submit').click();
    await expect.poll(() => byId('deposit-amount-error').textContent()).toMatch(/please enter the amount/i);
    await expect(byId('deposit-proof-field-error').textContent()).resolves.toMatch(/upload the image/i);
    await input('deposit-amount').fill('5');
    await byId('deposit-submit').click();
    await expect.poll(() => byId('deposit-amount-error').textContent()).toMatch(/minimum/i);
    // The error sits next to the rule, not instead of it.
    await expect(byId('deposit-amount-hint').textContent()).resolves.toContain('Minimum deposit: 10 USDT.');
    await shot('money-12a-deposit-error-with-hint');
    await input('deposit-amount').fill('100');
    await byId('deposit-proof-input').setInputFiles(proofPng);
    await expect.poll(() => byId('deposit-proof').getAttribute('data-state')).toBe('done');
    await shot('money-12-deposit-charge');
    await byId('deposit-submit').click();

    await byId('records-page').waitFor();
    await expect.poll(() => byId('deposit-row').first().getAttribute('data-status')).toBe('pending');
    await expect(byId('deposit-row-status').first().textContent()).resolves.toBe('Under review');
    await shot('money-13-deposit-pending');

    await approvePending(suite.ops, 'deposit', email, { credited: '100', fee: '0' });
    await open('/pages/assets/record', 'records-page');
    await expect.poll(() => byId('deposit-row').first().getAttribute('data-status')).toBe('approved');
    await expect(byId('deposit-row-status').first().textContent()).resolves.toBe('Approved');
    await shot('money-14-deposit-approved');

    await expect(usdtOnAssets()).resolves.toEqual({ available: '100', frozen: '0' });
    await expect.poll(() => byId('assets-total').textContent()).toBe('100.00');
  });

  it('shows the assets tab in the dark and the light theme', async () => {
    expect(await theme()).toBe('dark');
    await shot('money-15-assets-dark');
    await byId('balance-coin-USDT').click();
    await byId('asset-detail').waitFor();
    await expect(byId('asset-detail-available').textContent()).resolves.toBe('100');
    await shot('money-16-asset-detail');
    await suite.page
      .locator('.adm-mask')
      .first()
      .click({ position: { x: 10, y: 10 } });
    await byId('asset-detail').waitFor({ state: 'detached' });

    await open('/pages/settings/index', 'settings-page');
    await byId('settings-theme').click();
    await expect.poll(() => theme()).toBe('light');
    await open('/pages/assets/index', 'assets-page');
    await byId('balance-coin-USDT').waitFor();
    await shot('money-17-assets-light');
    await open('/pages/assets/deposit/charge?currency=3', 'deposit-charge-page');
    await byId('deposit-qr').waitFor();
    await shot('money-18-deposit-light');
    await open('/pages/settings/index', 'settings-page');
    await byId('settings-theme').click();
    await expect.poll(() => theme()).toBe('dark');
  });

  it('offers a bank-card deposit once the operator enables it', async () => {
    await setBankDeposit(suite.ops, {
      bank_name: 'Demo Bank AG',
      account_name: 'Exchange Ltd',
      account_number: 'DE89370400440532013000',
    });
    await open('/pages/assets/deposit/charge?currency=3', 'deposit-charge-page');
    await byId('deposit-mode-bank').click();
    await expect.poll(() => byId('deposit-bank-account').textContent()).toBe('DE89370400440532013000');
    await byId('deposit-submit').click();
    await expect.poll(() => byId('deposit-bank-name-error').textContent()).toMatch(/required/i);
    await input('deposit-card-number').fill('1234');
    await byId('deposit-submit').click();
    await expect.poll(() => byId('deposit-card-number-error').textContent()).toMatch(/not valid/i);
    await shot('money-19-deposit-bank');
  });

  it('transfers to the contract account and back', async () => {
    await open('/pages/assets/index', 'assets-page');
    await byId('assets-action-transfer').click();
    await byId('transfer-page').waitFor();
    await expect.poll(() => byId('transfer-available').textContent()).toBe('Available: 100 USDT');
    await byId('transfer-submit').click();
    await expect.poll(() => byId('transfer-amount-error').textContent()).toMatch(/please enter the amount/i);
    await input('transfer-amount').fill('100.5');
    await byId('transfer-submit').click();
    await expect.poll(() => byId('transfer-amount-error').textContent()).toMatch(/insufficient balance/i);
    await input('transfer-amount').fill('1.1234567');
    await expect.poll(() => byId('transfer-amount-error').textContent()).toMatch(/too many decimal places/i);
    await byId('transfer-all').click();
    await expect(input('transfer-amount').inputValue()).resolves.toBe('100');
    // "To" never offers the account the money leaves.
    await byId('transfer-to').click();
    await byId('transfer-to-option-option').waitFor();
    expect(await byId('transfer-to-option-coin').count()).toBe(0);
    await byId('transfer-to-option-contract').click();
    await byId('transfer-to-option-option').waitFor({ state: 'hidden' });
    // Picking the target as the source swaps the two instead of allowing a same-account transfer.
    await byId('transfer-from').click();
    await byId('transfer-from-option-contract').click();
    await expect.poll(() => byId('transfer-from').textContent()).toBe('Contract account');
    await byId('transfer-swap').click();
    await expect.poll(() => byId('transfer-from').textContent()).toBe('Coin account');
    await expect(byId('transfer-to').textContent()).resolves.toBe('Contract account');
    await input('transfer-amount').fill('40');
    await shot('money-20-transfer');
    await byId('transfer-submit').click();
    await expect.poll(() => toast().textContent()).toMatch(/transfer completed/i);
    await expect.poll(() => byId('transfer-available').textContent()).toBe('Available: 60 USDT');

    await expect(usdtOnAssets('contract')).resolves.toEqual({ available: '40', frozen: '0' });
    await shot('money-21-assets-contract');

    await open('/pages/assets/transfer/index?from=contract&currency=3', 'transfer-page');
    await expect.poll(() => byId('transfer-available').textContent()).toBe('Available: 40 USDT');
    await byId('transfer-all').click();
    await byId('transfer-submit').click();
    await expect.poll(() => byId('transfer-available').textContent()).toBe('Available: 0 USDT');
    await expect(usdtOnAssets()).resolves.toEqual({ available: '100', frozen: '0' });

    await open('/pages/assets/transfer/record', 'transfer-record-page');
    await expect.poll(() => byId('transfer-row').count()).toBe(2);
    await expect(byId('transfer-row-direction').first().textContent()).resolves.toBe('Contract account → Coin account');
    await shot('money-22-transfer-records');

    await open('/pages/assets/tradeAccount?type=coin', 'trade-account-page');
    await expect.poll(() => byId('ledger-row').count()).toBe(3);
    await expect(byId('ledger-row').nth(2).getAttribute('data-reason')).resolves.toBe('deposit');
    await shot('money-23-trade-account');
  });

  it('sets the fund password and adds a withdrawal address with a code', async () => {
    await open('/pages/assets/withdraw/detail?currency=3', 'withdraw-detail-page');
    await byId('withdraw-set-pay-password').click();
    await byId('change-pay-password-page').waitFor();
    await sendCode('pp-send-code');
    await input('pp-password').fill(FUND_PASSWORD);
    await input('pp-re-password').fill(FUND_PASSWORD);
    await input('pp-code').fill(await suite.stack.latestCode(email));
    await byId('pp-submit').click();

    await byId('withdraw-detail-page').waitFor();
    await expect.poll(() => byId('withdraw-pay-password-first').count()).toBe(0);
    expect(await byId('withdraw-verify-first').count()).toBe(0);
    await expect.poll(() => byId('withdraw-no-address').textContent()).toMatch(/set a withdrawal address first/i);
    await shot('money-24-withdraw-no-address');
    await byId('withdraw-no-address').click();

    await byId('address-create-page').waitFor();
    await expect.poll(() => byId('address-chain-TRC20').getAttribute('aria-selected')).toBe('true');
    await byId('address-submit').click();
    await expect.poll(() => byId('address-address-error').textContent()).toMatch(/enter the address/i);
    await input('address-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T');
    await input('address-label').fill('My TRON wallet');
    await input('address-pay-password').fill(FUND_PASSWORD);
    await sendCode('address-send-code');
    await input('address-code').fill(await suite.stack.latestCode(email));
    await byId('address-submit').click();
    // The server checks the TRON checksum: one changed letter is refused, under the field.
    await expect.poll(() => byId('address-address-error').textContent()).toMatch(/not valid/i);
    await input('address-address').fill(TRC20_ADDRESS);
    await shot('money-25-address-create');
    await byId('address-submit').click();

    await byId('withdraw-detail-page').waitFor();
    await byId('withdraw-address-pick').waitFor();
  });

  it('withdraws, and gets the funds back when the console rejects it', async () => {
    await expect.poll(() => byId('withdraw-left').textContent()).toBe('3 of 3');
    await expect(byId('withdraw-fee').textContent()).resolves.toBe('1 USDT');
    await expect(byId('withdraw-min').textContent()).resolves.toBe('10 USDT');
    // The only saved address is already chosen: a user who has one is never told to set one.
    await expect.poll(() => byId('withdraw-address-pick').textContent()).toContain('My TRON wallet');
    await byId('withdraw-submit').click();
    await expect.poll(() => byId('withdraw-amount-error').textContent()).toMatch(/please enter the amount/i);
    await expect(byId('withdraw-pay-password-error').textContent()).resolves.toMatch(/6 digits/);
    expect(await byId('withdraw-address-error').count()).toBe(0);
    expect(await suite.page.getByText(/set a withdrawal address first/i).count()).toBe(0);
    await byId('withdraw-all').click();
    await expect(input('withdraw-amount').inputValue()).resolves.toBe('99');
    await input('withdraw-amount').fill('5');
    await expect.poll(() => byId('withdraw-amount-error').textContent()).toMatch(/below the minimum/i);
    await input('withdraw-amount').fill('20');
    await expect.poll(() => byId('withdraw-receive').textContent()).toBe('20 USDT');
    await expect(byId('withdraw-total').textContent()).resolves.toBe('21 USDT');
    await input('withdraw-remark').fill('first withdrawal');
    await input('withdraw-pay-password').fill(FUND_PASSWORD);
    await shot('money-26-withdraw');
    await byId('withdraw-submit').click();

    await byId('records-page').waitFor();
    await expect.poll(() => byId('withdraw-row').first().getAttribute('data-status')).toBe('pending');
    await shot('money-27-withdraw-pending');
    await expect(usdtOnAssets()).resolves.toEqual({ available: '79', frozen: '21' });
    await shot('money-28-assets-frozen');

    await rejectPending(suite.ops, 'withdrawal', email, REJECT_REASON);
    await expect(usdtOnAssets()).resolves.toEqual({ available: '100', frozen: '0' });
    await open('/pages/assets/record?tab=withdraw', 'records-page');
    await expect.poll(() => byId('withdraw-row').first().getAttribute('data-status')).toBe('rejected');
    await expect(byId('withdraw-row-status').first().textContent()).resolves.toBe('Rejected');
    await expect(byId('withdraw-row-reason').first().textContent()).resolves.toBe(`Reason: ${REJECT_REASON}`);
    await shot('money-29-withdraw-rejected');

    // A rejected request does not count towards the daily limit.
    await open('/pages/assets/withdraw/detail?currency=3', 'withdraw-detail-page');
    await expect.poll(() => byId('withdraw-left').textContent()).toBe('3 of 3');
  });

  it('binds a bank card and withdraws to it', async () => {
    await open('/pages/assets/withdraw/bank/bank', 'withdraw-bank-page');
    await byId('withdraw-bank-empty').waitFor();
    await byId('withdraw-bank-bind').click();
    await byId('bank-add-page').waitFor();
    await input('bank-holder-name').fill('Ada Money');
    await input('bank-card-number').fill('6222 0212 3456 7890');
    await input('bank-bank-name').fill('Demo Bank AG');
    await input('bank-swift').fill('deutdeff');
    await input('bank-iban').fill('GB82 WEST 1234 5698 7654 33');
    await byId('bank-submit').click();
    await expect.poll(() => byId('bank-iban-error').textContent()).toMatch(/not valid/i);
    await input('bank-iban').fill('GB82 WEST 1234 5698 7654 32');
    await input('bank-postal-code').fill('10115');
    await shot('money-30-bank-add');
    await byId('bank-submit').click();

    await byId('withdraw-bank-page').waitFor();
    await expect.poll(() => byId('withdraw-bank-card').textContent()).toContain('•••• 7890');
    await input('withdraw-amount').fill('30');
    await input('withdraw-pay-password').fill(FUND_PASSWORD);
    await expect.poll(() => byId('withdraw-total').textContent()).toBe('31 USDT');
    await shot('money-31-withdraw-bank');
    await byId('withdraw-submit').click();
    await byId('records-page').waitFor();
    await expect.poll(() => byId('withdraw-row').first().getAttribute('data-status')).toBe('pending');
    await expect(usdtOnAssets()).resolves.toEqual({ available: '69', frozen: '31' });

    await open('/pages/bankbind/index', 'bank-card-page');
    await expect.poll(() => byId('bank-card-masked').textContent()).toBe('•••• 7890');
    await shot('money-32-bank-card');
  });

  it('lists the address book and deletes an entry after confirming', async () => {
    await open('/pages/user/address/address', 'address-list-page');
    await expect.poll(() => byId('address-row').count()).toBe(1);
    await expect(byId('address-row-address').textContent()).resolves.toBe(TRC20_ADDRESS);
    await shot('money-33-address-book');
    await byId('address-delete').click();
    await dialogButton('Delete').click();
    await byId('address-empty').waitFor();
    await open('/pages/user/address/index', 'address-list-page');
    await byId('address-empty').waitFor();
  });

  it('links the menu to the money pages', async () => {
    await suite.page.goto(url('/pages/index/index'));
    for (const [entry, testId] of [
      ['withdraw', 'withdraw-page'],
      ['authentication', 'verification-page'],
      ['address', 'address-list-page'],
      ['records', 'records-page'],
    ] as const) {
      await suite.page.goto(url('/pages/index/index'));
      await byId('home-menu').click();
      await byId(`menu-${entry}`).click();
      await byId(testId).waitFor();
    }
  });

  it('shows the money pages in all seven languages without a raw key', async () => {
    for (const lang of LANGS) {
      await suite.page.goto(url('/pages/settings/language/language'));
      await byId(`lang-${lang}`).click();
      await expect.poll(() => htmlLang()).toBe(HTML_LANG[lang]);
      for (const [path, id] of [
        ['/pages/assets/index', 'balance-coin-USDT'],
        ['/pages/assets/withdraw/detail?currency=3', 'withdraw-summary'],
        ['/pages/assets/record?tab=withdraw', 'withdraw-row'],
        ['/pages/verification/index', 'verify-advanced'],
      ] as const) {
        await suite.page.goto(url(path));
        await byId(id).first().waitFor();
        await suite.page.waitForTimeout(150);
        expect(await untranslatedKeys(), `${lang} ${path}`).toEqual([]);
      }
      await shot(`money-34-verification-${lang}`);
      await suite.page.goto(url('/pages/assets/index'));
      await byId('balance-coin-USDT').waitFor();
      await suite.page.waitForTimeout(200);
      await shot(`money-35-assets-${lang}`);
    }
    await suite.page.goto(url('/pages/settings/language/language'));
    await byId('lang-en').click();
    await expect.poll(() => htmlLang()).toBe('en');
  });

  it('threw no uncaught error in the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
