// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PairView } from '../../../lib/market-api';
import type { WalletList } from '../../../lib/wallet-api';
import { btcUsdt } from '../../../test/btc-usdt';
import { mockApi, renderPage } from '../../../test/render-page';
import { OrderForm } from './order-form';

const pair: PairView = {
  ...btcUsdt,
  logo: '',
  change: '0',
  volume: '0',
  amount: '0',
  high: null,
  low: null,
  lot_size: '0.00001',
  min_amount: '0.0001',
  maker_fee_rate: '0.0008',
  taker_fee_rate: '0.001',
  price_band: '0.05',
  open_coin_trade: 1,
  open_lever: 0,
  open_microtrade: 0,
  demo: false,
};

const coin = (currency_id: number, currency_name: string, available: string, decimals: number) => ({
  currency_id,
  currency_name,
  icon: '',
  decimals,
  available,
  frozen: '0',
  total: available,
  usdt_value: '0',
  enabled: true,
});
const wallet: WalletList = {
  total_usdt: '1000',
  demo_prices: false,
  accounts: [{ account: 'coin', total_usdt: '1000', balances: [coin(3, 'USDT', '1000', 6), coin(1, 'BTC', '0.5', 8)] }],
};

const render = (props: { wallet?: WalletList; seedPrice?: string | null } = {}) =>
  renderPage(
    <OrderForm
      pair={pair}
      seedPrice={props.seedPrice === undefined ? '60000' : props.seedPrice}
      side="buy"
      onSide={() => {}}
      wallet={props.wallet}
      picked={null}
    />,
  );

const inputOf = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

describe('OrderForm', () => {
  it('shows an empty price and nothing available while the price and the wallet are on their way', async () => {
    mockApi(() => undefined);
    await render({ seedPrice: null });
    expect(inputOf('order-price').value).toBe('');
    expect(screen.getByTestId('order-available').textContent).toBe('0 USDT');
    expect(screen.getByTestId('order-total-value').textContent).toBe('—');
  });

  it("starts from the pair's last price and shows the quote balance and the order's total", async () => {
    mockApi(() => undefined);
    await render({ wallet });
    expect(inputOf('order-price').value).toBe('60000');
    expect(screen.getByTestId('order-available').textContent).toBe('1,000 USDT');
    fireEvent.change(inputOf('order-amount'), { target: { value: '0.01' } });
    expect(screen.getByTestId('order-total-value').textContent).toBe('600 USDT');
  });

  it('says the amount is missing and sends nothing', async () => {
    const api = mockApi(() => undefined);
    await render({ wallet });
    fireEvent.click(screen.getByTestId('order-submit'));
    expect((await screen.findByTestId('order-amount-error')).textContent).toBe('Please enter the amount');
    expect(screen.getByTestId('order-amount').className).toContain('trade-form__control--error');
    expect(api.calls).toEqual([]);
  });

  it('sends a limit buy at the typed price and amount', async () => {
    const api = mockApi((call) => (call.path === 'coin/trade' ? { status: 'waiting', filled: '0' } : undefined));
    await render({ wallet });
    fireEvent.change(inputOf('order-amount'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByTestId('order-submit'));
    await waitFor(() => expect(api.callsTo('POST', 'coin/trade')).toHaveLength(1));
    expect(api.callsTo('POST', 'coin/trade')[0]?.body).toMatchObject({
      type: 1,
      order_type: 'limit',
      target_price: '60000',
      amount: '0.01',
    });
  });
});
