// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { mockApi, ok, refused } from '../../../test/mock-api';
import { renderPage } from '../../../test/render-page';
import { ProductsPage } from './products-page';

const switches = { contracts: true, options: false, wealth: true, subscription: false };

const isOn = (product: string) => screen.getByTestId(`product-switch-${product}`).getAttribute('aria-checked');

describe('products page', () => {
  it('shows a loading card, then each product switch as the server has it', async () => {
    const api = mockApi((call) => (call.method === 'GET' && call.path === '/admin/products' ? ok(switches) : undefined));
    renderPage(<ProductsPage />, { path: '/products' });
    expect(screen.getByTestId('product-switches').querySelector('.ant-skeleton')).not.toBeNull();
    await waitFor(() => expect(isOn('contracts')).toBe('true'));
    expect(isOn('options')).toBe('false');
    expect(isOn('wealth')).toBe('true');
    expect(isOn('subscription')).toBe('false');
    expect(screen.getByText('Perpetual contracts')).toBeTruthy();
    expect(api.unknown).toEqual([]);
  });

  it('switches one product on, sending only that product, and shows the new state', async () => {
    const api = mockApi((call) => {
      if (call.method === 'GET' && call.path === '/admin/products') return ok(switches);
      if (call.method === 'POST' && call.path === '/admin/products') return ok({ ...switches, options: true });
      return undefined;
    });
    renderPage(<ProductsPage />, { path: '/products' });
    await waitFor(() => expect(isOn('options')).toBe('false'));
    fireEvent.click(screen.getByTestId('product-switch-options'));
    await expectSent(api.sentOnce('POST', '/admin/products'), { options: true }, 'Options (time-based) switched on.');
    await waitFor(() => expect(isOn('options')).toBe('true'));
  });

  it('keeps the switch as it was when the server refuses the change', async () => {
    mockApi((call) => (call.method === 'GET' ? ok(switches) : refused('Your role cannot switch products.')));
    renderPage(<ProductsPage />, { path: '/products' });
    await waitFor(() => expect(isOn('contracts')).toBe('true'));
    fireEvent.click(screen.getByTestId('product-switch-contracts'));
    expect(await screen.findByText('Your role cannot switch products.')).toBeTruthy();
    expect(isOn('contracts')).toBe('true');
  });
});
