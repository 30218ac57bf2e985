import { describe, expect, it } from 'vitest';
import type { PairView } from './market-api';
import { parseUnit, unitPrice, useValuationStore, valuationUnits, valueInUnit } from './valuation';

function pair(currency: string, legal: string, price: string | null): PairView {
  return { symbol: `${currency}/${legal}`, currency_name: currency, legal_name: legal, now_price: price } as PairView;
}

const PAIRS = [pair('BTC', 'USDT', '50000'), pair('ETH', 'BTC', '0.05'), pair('ETH', 'USDT', '3'), pair('TRX', 'USDT', null)];

describe('valueInUnit', () => {
  it('shows USDT with two places, exactly as the totals did before', () => {
    expect(valueInUnit('0', 'USDT', null)).toEqual({ text: '0.00', unit: 'USDT' });
    expect(valueInUnit('1234.5', 'USDT', '50000')).toEqual({ text: '1,234.50', unit: 'USDT' });
  });

  it('divides exactly and cuts at 8 places (100 ÷ 3)', () => {
    expect(valueInUnit('100', 'ETH', '3')).toEqual({ text: '33.33333333', unit: 'ETH' });
  });

  it('trims trailing zeros of a coin amount', () => {
    expect(valueInUnit('25000', 'BTC', '50000')).toEqual({ text: '0.5', unit: 'BTC' });
    expect(valueInUnit('0', 'BTC', '50000')).toEqual({ text: '0', unit: 'BTC' });
  });

  it('stays in USDT while the price is missing, zero or unreadable', () => {
    expect(valueInUnit('100', 'BTC', null)).toEqual({ text: '100.00', unit: 'USDT' });
    expect(valueInUnit('100', 'BTC', undefined)).toEqual({ text: '100.00', unit: 'USDT' });
    expect(valueInUnit('100', 'BTC', '0')).toEqual({ text: '100.00', unit: 'USDT' });
    expect(valueInUnit('100', 'BTC', 'n/a')).toEqual({ text: '100.00', unit: 'USDT' });
  });
});

describe('units and prices', () => {
  it('offers USDT, then each coin with a USDT pair, once each', () => {
    expect(valuationUnits(PAIRS)).toEqual(['USDT', 'BTC', 'ETH', 'TRX']);
    expect(valuationUnits([])).toEqual(['USDT']);
  });

  it('reads the USDT pair price, null when the pair is gone or has no price', () => {
    expect(unitPrice(PAIRS, 'ETH')).toBe('3');
    expect(unitPrice(PAIRS, 'TRX')).toBeNull();
    expect(unitPrice(PAIRS, 'DOGE')).toBeNull();
    expect(unitPrice(undefined, 'BTC')).toBeNull();
    expect(unitPrice(PAIRS, 'USDT')).toBeNull();
  });
});

describe('valuation store', () => {
  it('defaults to USDT and rejects unreadable stored values', () => {
    expect(parseUnit(null)).toBe('USDT');
    expect(parseUnit('<b>')).toBe('USDT');
    expect(parseUnit('BTC')).toBe('BTC');
  });

  it('keeps the chosen unit', () => {
    expect(useValuationStore.getState().unit).toBe('USDT');
    useValuationStore.getState().setUnit('BTC');
    expect(useValuationStore.getState().unit).toBe('BTC');
    useValuationStore.getState().setUnit('USDT');
    expect(useValuationStore.getState().unit).toBe('USDT');
  });
});
