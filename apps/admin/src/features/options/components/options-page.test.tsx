// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectSent } from '../../../test/expect-sent';
import { expectTexts } from '../../../test/expect-texts';
import { type ApiHandler, answerPost, firstPage, mockReads, ok, refused } from '../../../test/mock-api';
import { renderRefused } from '../../../test/refused-page';
import { renderPage } from '../../../test/render-page';
import type { AdminOptionOrder, OptionSeconds } from '../api/options';
import { OptionsPage } from './options-page';

const sixty: OptionSeconds = {
  id: 5,
  seconds: 60,
  profit_ratio: '85',
  loss_ratio: '100',
  min_num: '10',
  max_num: '10000',
  enabled: true,
};

const order = (over: Partial<AdminOptionOrder>): AdminOptionOrder => ({
  id: 900,
  user_id: 12,
  account: 'alice@example.test',
  match_id: 1,
  symbol_name: 'BTC/USDT',
  currency_id: 3,
  currency_name: 'USDT',
  type: 1,
  seconds: 60,
  number: '100',
  profit_ratio: '85',
  loss_ratio: '100',
  fee: '0',
  open_price: '65000.5',
  open_price_time: Date.UTC(2026, 10, 20, 10, 0, 0),
  open_second: Date.UTC(2026, 10, 20, 10, 0, 0) / 1000,
  created_at: Date.UTC(2026, 10, 20, 10, 0, 0),
  delivery_second: 1_795_000_000,
  delivery_at: Date.UTC(2026, 10, 20, 10, 1, 0),
  remain_milli_seconds: 0,
  status: 'settled',
  end_price: '65010',
  end_price_time: Date.UTC(2026, 10, 20, 10, 1, 0),
  end_second: Date.UTC(2026, 10, 20, 10, 1, 0) / 1000,
  void_reason: null,
  profit_result: 1,
  payout: '185',
  fact_profits: '85',
  settled_at: Date.UTC(2026, 10, 20, 10, 1, 0),
  demo: false,
  ...over,
});

function serve(seconds: OptionSeconds[], extra: ApiHandler = () => undefined) {
  return mockReads({ '/admin/options/seconds': ok(seconds) }, extra);
}

const secondsRows = () => [...document.querySelectorAll('[data-testid="option-seconds-table"] tr.ant-table-row')];

describe('options page: delivery times', () => {
  it('lists each delivery time with its ratios, limits and whether it is offered', async () => {
    serve([sixty, { ...sixty, id: 6, seconds: 300, profit_ratio: '90.5', enabled: false }]);
    renderPage(<OptionsPage />, { path: '/options' });
    await screen.findByText('300 s');
    const rows = secondsRows().map((tr) => [...tr.querySelectorAll('td')].slice(0, 6).map((td) => td.textContent));
    expect(rows).toEqual([
      ['60 s', '85 %', '100 %', '10', '10000', 'Yes'],
      ['300 s', '90.5 %', '100 %', '10', '10000', 'No'],
    ]);
  });

  it('shows an empty table when no delivery time exists', async () => {
    serve([]);
    renderPage(<OptionsPage />, { path: '/options' });
    const table = await screen.findByTestId('option-seconds-table');
    expect((await within(table).findAllByText('No data')).length).toBeGreaterThan(0);
    expect(secondsRows()).toHaveLength(0);
  });

  it("shows the server's refusal when the delivery times cannot be read", async () => {
    await renderRefused(<OptionsPage />, '/options', 'Your role cannot read options.');
    expect(secondsRows()).toHaveLength(0);
  });

  it('adds a delivery time through the form, sending the switch as "1"', async () => {
    const api = serve([sixty], answerPost('/admin/options/seconds', ok({ ...sixty, id: 7, seconds: 120 })));
    renderPage(<OptionsPage />, { path: '/options' });
    await screen.findByText('60 s');
    fireEvent.click(screen.getByTestId('option-seconds-add'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Delivery time (seconds)'), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText(/^Profit ratio/), { target: { value: '80.5' } });
    expect(api.callsTo('POST', '/admin/options/seconds')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await expectSent(
      api.sentOnce('POST', '/admin/options/seconds'),
      {
        seconds: 120,
        profit_ratio: '80.5',
        loss_ratio: '100',
        min_num: '10',
        max_num: '10000',
        enabled: '1',
      },
      'Delivery time 120 s saved.',
    );
  });

  it("edits an existing delivery time on its own path and keeps the dialog open with the server's refusal", async () => {
    const api = serve([sixty], answerPost('/admin/options/seconds/5', refused('The minimum stake cannot exceed the maximum.')));
    renderPage(<OptionsPage />, { path: '/options' });
    fireEvent.click(await screen.findByTestId('option-seconds-edit-60'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit 60 s')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Minimum stake'), { target: { value: '20000' } });
    fireEvent.click(within(dialog).getByRole('switch'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await api.sentOnce('POST', '/admin/options/seconds/5')).body).toMatchObject({ min_num: '20000', enabled: '0' });
    expect(await within(dialog).findByText('The minimum stake cannot exceed the maximum.')).toBeTruthy();
  });
});

describe('options page: orders', () => {
  it('lists the orders with their prices and results, a void one with its reason', async () => {
    const api = serve([sixty], (call) =>
      call.path === '/admin/options/orders'
        ? firstPage([
            order({}),
            order({
              id: 901,
              type: 2,
              status: 'void',
              void_reason: 'no_sample_delivery',
              end_price: null,
              profit_result: null,
              fact_profits: null,
            }),
          ])
        : undefined,
    );
    renderPage(<OptionsPage />, { path: '/options' });
    fireEvent.click(await screen.findByText('Orders'));
    const table = await screen.findByTestId('option-orders-table');
    await within(table).findByText('Win');
    expect(within(table).getAllByText('#12 alice@example.test')).toHaveLength(2);
    expectTexts(table, ['Up', 'Down']);
    expect(within(table).getAllByText('+85% / −100%')).toHaveLength(2);
    expect(within(table).getAllByText(/^65000\.5 @ /)).toHaveLength(2);
    expect(within(table).getAllByText(/^65010 @ /)).toHaveLength(1);
    expect(within(table).getByTestId('option-void-901').textContent).toBe('Void: no_sample_delivery');
    expect(api.callsTo('GET', '/admin/options/orders')[0]?.query.get('status')).toBeNull();

    fireEvent.click(screen.getByText('Pending delivery'));
    await api.readWith('/admin/options/orders', 'status', 'open');
  });
});
