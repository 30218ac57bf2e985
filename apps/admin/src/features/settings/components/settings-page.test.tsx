// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CurrencySetting } from '../../../lib/currencies';
import { expectSent } from '../../../test/expect-sent';
import { type ApiHandler, answerPost, mockReads, ok } from '../../../test/mock-api';
import { renderRefused } from '../../../test/refused-page';
import { renderPage } from '../../../test/render-page';
import type { DepositAddress } from '../api/settings';
import { SettingsPage } from './settings-page';

const addresses: DepositAddress[] = [
  { chain_id: 1, currency_id: 3, currency_name: 'USDT', chain: 'TRC20', address: 'TOLDaddress111', updated_at: null },
  { chain_id: 2, currency_id: 3, currency_name: 'USDT', chain: 'ERC20', address: null, updated_at: null },
];

const rules: CurrencySetting[] = [
  {
    currency_id: 3,
    currency_name: 'USDT',
    decimals: 6,
    deposit_min: '10.000000',
    withdraw_min: '20.000000',
    withdraw_fee: '1.000000',
    fallback_price: '1',
  },
  {
    currency_id: 1,
    currency_name: 'BTC',
    decimals: 8,
    deposit_min: '0.00010000',
    withdraw_min: '0.00100000',
    withdraw_fee: '0.00050000',
    fallback_price: '65000',
  },
];

function serve(extra: ApiHandler = () => undefined) {
  return mockReads(
    { '/admin/deposit-addresses': ok(addresses), '/admin/currency-settings': ok(rules), '/admin/bank-deposit': ok(null) },
    extra,
  );
}

const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;

describe('settings page', () => {
  it("shows each chain's address and each coin's rules as stored", async () => {
    const api = serve();
    renderPage(<SettingsPage />, { path: '/settings' });
    await waitFor(() => expect(input('deposit-address-USDT-TRC20').value).toBe('TOLDaddress111'));
    expect(input('deposit-address-USDT-ERC20').value).toBe('');
    await waitFor(() => expect(input('currency-BTC-withdraw_fee').value).toBe('0.0005'));
    expect(input('currency-BTC-fallback_price').value).toBe('65000');
    expect(input('currency-USDT-fallback_price').disabled).toBe(true);
    expect(api.unknown).toEqual([]);
  });

  it('sends only the changed deposit address and says the change waits for a second operator', async () => {
    const api = serve(
      answerPost('/admin/deposit-addresses', ok({ approval_id: 90, status: 'pending_approval', kind: 'deposit_address.set' })),
    );
    renderPage(<SettingsPage />, { path: '/settings' });
    await waitFor(() => expect(input('deposit-address-USDT-TRC20').value).toBe('TOLDaddress111'));
    fireEvent.change(input('deposit-address-USDT-ERC20'), { target: { value: '0xNEWaddress' } });
    fireEvent.click(screen.getByTestId('deposit-addresses-save'));

    expect((await api.sentOnce('POST', '/admin/deposit-addresses')).body).toEqual({
      addresses: [{ chain_id: 2, address: '0xNEWaddress' }],
    });
    expect(await screen.findByText(/The deposit-address change is waiting for a second operator \(request #90/)).toBeTruthy();
  });

  it('sends nothing when no address changed, or when one has a space in it', async () => {
    const api = serve();
    renderPage(<SettingsPage />, { path: '/settings' });
    await waitFor(() => expect(input('deposit-address-USDT-TRC20').value).toBe('TOLDaddress111'));
    fireEvent.click(screen.getByTestId('deposit-addresses-save'));
    expect(await screen.findByText('No address changed.')).toBeTruthy();

    fireEvent.change(input('deposit-address-USDT-TRC20'), { target: { value: 'T NEW' } });
    fireEvent.click(screen.getByTestId('deposit-addresses-save'));
    expect(await screen.findByText('An address has no spaces.')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it("saves one coin's rules, USDT's price always 1, and refuses a value that is not a number", async () => {
    const api = serve(answerPost('/admin/currency-settings', ok({ ...rules[0], withdraw_fee: '1.500000' })));
    renderPage(<SettingsPage />, { path: '/settings' });
    await waitFor(() => expect(input('currency-USDT-withdraw_fee').value).toBe('1'));

    fireEvent.change(input('currency-BTC-withdraw_fee'), { target: { value: 'lots' } });
    fireEvent.click(screen.getByTestId('currency-BTC-save'));
    await waitFor(() => expect(document.querySelector('.ant-form-item-has-error')).not.toBeNull());

    fireEvent.change(input('currency-USDT-withdraw_fee'), { target: { value: ' 1.5 ' } });
    fireEvent.click(screen.getByTestId('currency-USDT-save'));
    await expectSent(
      api.sentOnce('POST', '/admin/currency-settings'),
      {
        currency_id: 3,
        deposit_min: '10',
        withdraw_min: '20',
        withdraw_fee: '1.5',
        fallback_price: '1',
      },
      'USDT rules saved.',
    );
  });

  it("shows the server's refusal when the settings cannot be read", async () => {
    await renderRefused(<SettingsPage />, '/settings', 'Your role cannot read the settings.');
    expect(screen.queryByTestId('deposit-address-USDT-TRC20')).toBeNull();
  });
});
