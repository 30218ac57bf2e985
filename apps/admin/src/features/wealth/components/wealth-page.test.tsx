// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmSends, confirmText } from '../../../test/confirm-dialog';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { type ApiHandler, answerPost, firstPage, mockReads, ok } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { tableSpinner } from '../../../test/table-spinner';
import type { WealthOrder, WealthProduct } from '../api/wealth';
import { WealthPage } from './wealth-page';

const product: WealthProduct = {
  id: 5,
  currency_id: 3,
  currency_name: 'USDT',
  icon: '',
  decimals: 6,
  day: 30,
  interest_rate: '0.4',
  penalty_rate: '0.5',
  total_rate: '12',
  max_rate_30: '12',
  save_min: '100.000000',
  save_max: '50000.000000',
  total_cap: '1000000.000000',
  left: '874500.000000',
  status: 'active',
  sold: '125500.000000',
  sort: 1,
  orders: 37,
  hosting: '98000.000000',
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
};

const order: WealthOrder = {
  id: 812,
  product_id: 5,
  currency_id: 3,
  currency_name: 'USDT',
  decimals: 6,
  amount: '2500.000000',
  price: '1',
  day: 30,
  day_rate: '0.4',
  penalty_rate: '0.5',
  daily_income: '10',
  total_interest: '300',
  current_income: '40.000000',
  days_paid: 4,
  remaining_days: 26,
  status: 'hosting',
  paid_at: '2026-11-23T09:00:00Z',
  start_at: '2026-11-24T00:00:00.000Z',
  end_at: '2026-12-23T09:00:00Z',
  completed_at: null,
  damages: null,
  refund: null,
  redeem_damages: '325',
  redeem_refund: '2175',
  user: { id: 12, email: 'alice@example.test', phone: null },
};

function serve(products: WealthProduct[], extra: ApiHandler = () => undefined) {
  return mockReads(
    {
      '/admin/wealth/products': ok(products),
      '/admin/currency-settings': ok([
        { currency_id: 3, currency_name: 'USDT' },
        { currency_id: 1, currency_name: 'BTC' },
      ]),
    },
    extra,
  );
}

const products = () => screen.getByTestId('wealth-products-table');
const spinner = () => tableSpinner(products());

describe('wealth page', () => {
  it('shows a spinner, then each product with its yield, range, sales and status', async () => {
    serve([product, { ...product, id: 6, currency_name: 'BTC', status: 'paused', total_cap: null, sold: '0.5' }]);
    renderPage(<WealthPage />, { path: '/wealth' });
    expect(spinner()).not.toBeNull();

    const row = (await screen.findByTestId('wealth-edit-5')).closest('tr') as HTMLElement;
    expectTexts(row, ['0.4 %', '100 – 50000', '125500 / 1000000', '98000', 'On sale']);
    expect(screen.getByTestId('wealth-toggle-5').textContent).toBe('Pause');
    const paused = screen.getByTestId('wealth-edit-6').closest('tr') as HTMLElement;
    expect(within(paused).getByText('0.5 / no cap')).toBeTruthy();
    expect(screen.getByTestId('wealth-toggle-6').textContent).toBe('Resume');
    expect(spinner()).toBeNull();
  });

  it('says there is no product yet when the list is empty', async () => {
    serve([]);
    renderPage(<WealthPage />, { path: '/wealth' });
    expect(await within(products()).findByText('No products yet')).toBeTruthy();
  });

  it('refuses a new product without its amounts or with a zero-day cycle, and sends nothing', async () => {
    const api = serve([product]);
    renderPage(<WealthPage />, { path: '/wealth' });
    await screen.findByTestId('wealth-edit-5');
    fireEvent.click(screen.getByTestId('wealth-create'));
    expect(await screen.findByText('New financial product')).toBeTruthy();
    // A new product starts as a 15-day USDT product; the amounts and the yield are the operator's to fill in.
    expect((screen.getByTestId('wealth-field-day') as HTMLInputElement).value).toBe('15');
    fireEvent.change(screen.getByTestId('wealth-field-day'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('wealth-product-save'));
    expect(await screen.findByText('Whole days from 1 to 3650.')).toBeTruthy();
    expect(await screen.findByText('Enter the minimum.')).toBeTruthy();
    expect(await screen.findByText('Enter the maximum.')).toBeTruthy();
    expect(api.posts()).toEqual([]);
  });

  it('creates a product, its damages rate defaulting to the daily yield', async () => {
    const api = serve([product], answerPost('/admin/wealth/products', ok({ ...product, id: 9 })));
    renderPage(<WealthPage />, { path: '/wealth' });
    await screen.findByTestId('wealth-edit-5');
    fireEvent.click(screen.getByTestId('wealth-create'));
    fireEvent.change(await screen.findByTestId('wealth-field-min'), { target: { value: ' 50 ' } });
    fireEvent.change(screen.getByTestId('wealth-field-max'), { target: { value: '20000' } });
    fireEvent.change(screen.getByTestId('wealth-field-rate'), { target: { value: '0.35' } });
    fireEvent.click(screen.getByTestId('wealth-product-save'));
    await expectSent(
      api.sentOnce('POST', '/admin/wealth/products'),
      {
        currency_id: 3,
        day: '15',
        save_min: '50',
        save_max: '20000',
        interest_rate: '0.35',
        penalty_rate: '0.35',
        total_cap: '',
        sort: '0',
      },
      'Product #9 created.',
    );
  });

  it('pauses a product only after the dialog, sending the new status', async () => {
    const api = serve([product], answerPost('/admin/wealth/products/5/status', ok({ ...product, status: 'paused' })));
    renderPage(<WealthPage />, { path: '/wealth' });
    fireEvent.click(await screen.findByTestId('wealth-toggle-5'));
    expect(await confirmText()).toContain('Users can no longer buy it.');
    await expectSent(confirmSends(api, '/admin/wealth/products/5/status'), { status: 'paused' }, 'Product #5 paused.');
  });

  it("lists the users' orders and asks the server for the chosen status", async () => {
    const api = serve([product], (call) => {
      if (call.method !== 'GET' || call.path !== '/admin/wealth/orders') return undefined;
      const list = call.query.get('status') === 'redeemed' ? [] : [order];
      return firstPage(list);
    });
    renderPage(<WealthPage />, { path: '/wealth' });
    fireEvent.click(screen.getByText('Orders', { selector: '.ant-tabs-tab-btn' }));
    const orders = await screen.findByTestId('wealth-orders-table');
    expect(await within(orders).findByText('alice@example.test (#12)')).toBeTruthy();
    expectTexts(orders, ['2500 USDT', '4 / 30']);
    expect(api.callsTo('GET', '/admin/wealth/orders')[0]?.query.has('status')).toBe(false);

    fireEvent.click(screen.getByText('Redeemed', { selector: '.ant-segmented-item-label' }));
    expect(await within(orders).findByText('No orders')).toBeTruthy();
    expect(api.callsTo('GET', '/admin/wealth/orders').at(-1)?.query.get('status')).toBe('redeemed');
  });
});
