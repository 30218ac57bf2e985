// @vitest-environment happy-dom
import type { LeverDeal } from '@app/shared';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '../../../test/render-page';
import { OpenForm } from './open-form';

const pair = {
  id: 1,
  symbol: 'BTC/USDT',
  legal_id: 3,
  currency_id: 1,
  legal_name: 'USDT',
  currency_name: 'BTC',
  price_decimals: 2,
  tick_size: '0.01',
  now_price: '60000',
};
const deal: LeverDeal = {
  pair,
  pairs: [pair],
  multiple: [5, 10, 20],
  lots: [1, 5, 10],
  max_lots: 100,
  lever_share_num: '0.01',
  open_fee_rate: '0.001',
  close_fee_rate: '0.001',
  maintenance_margin_rate: '0.005',
  last_price: '60000',
  price_time: null,
  demo: false,
  balance: { currency_id: 3, currency_name: 'USDT', decimals: 2, available: '1000', frozen: '0' },
  positions: [],
};

const inputOf = (testId: string) => screen.getByTestId(testId).querySelector('input')!;

describe('OpenForm', () => {
  it('waits for the index: no cost and no opening while there is no price yet', async () => {
    mockApi(() => undefined);
    await renderPage(<OpenForm deal={deal} price={null} />);
    expect(screen.getByTestId('lever-cost-margin').textContent).toBe('—');
    expect((screen.getByTestId('lever-submit') as HTMLButtonElement).disabled).toBe(true);
  });

  it("starts from the pair's presets and shows the margin and fee at the index", async () => {
    mockApi(() => undefined);
    await renderPage(<OpenForm deal={deal} price="60000" />);
    expect(inputOf('lever-lots').value).toBe('1');
    expect(screen.getByTestId('lever-multiple-10').className).toContain('lever-form__chip--active');
    // 1 lot × 0.01 BTC × 60000 / 10 = 60 margin; 600 notional × 0.1 % = 0.6 fee.
    expect(screen.getByTestId('lever-cost-margin').textContent).toBe('60 USDT');
    expect(screen.getByTestId('lever-cost-fee').textContent).toBe('0.6 USDT');
    expect(screen.getByTestId('lever-market-price')).toBeTruthy();
  });

  it('says lots must be whole and sends nothing', async () => {
    const api = mockApi(() => undefined);
    await renderPage(<OpenForm deal={deal} price="60000" />);
    fireEvent.change(inputOf('lever-lots'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('lever-submit'));
    expect((await screen.findByTestId('lever-lots-error')).textContent).not.toBe('');
    expect(screen.getByTestId('lever-lots').className).toContain('trade-form__control--error');
    expect(screen.queryByTestId('lever-confirm')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
