// @vitest-environment happy-dom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractDeal } from '../../../test/contract-deal';
import { mockApi, renderPage } from '../../../test/render-page';
import { OpenForm } from './open-form';

const deal = contractDeal;

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
