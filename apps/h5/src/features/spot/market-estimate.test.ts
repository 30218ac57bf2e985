import { describe, expect, it } from 'vitest';
import { bandLimit, estimateMarketOrder } from './market-estimate';

const RULES = {
  lotSize: '0.00001',
  priceDecimals: 2,
  quoteDecimals: 6,
  takerFeeRate: '0.001',
  priceBand: '0.05',
  reference: '60000',
};
const BIDS: [string, string][] = [
  ['59990.00', '0.1'],
  ['59900.00', '0.2'],
  ['1000.00', '0.01'],
];
const ASKS: [string, string][] = [
  ['60010.00', '0.1'],
  ['60100.00', '0.2'],
  ['90000.00', '5'],
];

describe('bandLimit', () => {
  it('is the reference ± the band, cut inwards to the price places', () => {
    expect(bandLimit('sell', '60000', '0.05', 2)).toBe('57000');
    expect(bandLimit('buy', '60000', '0.05', 2)).toBe('63000');
    expect(bandLimit('buy', '0.123457', '0.05', 5)).toBe('0.12962');
    expect(bandLimit('sell', '0.123457', '0.05', 5)).toBe('0.11729');
  });
});

describe('estimateMarketOrder', () => {
  it('a sell walks the bids best first and stops at the band: the stray bid at 1,000 is never reached', () => {
    const e = estimateMarketOrder('sell', '0.5', BIDS, RULES);
    expect(e.filled).toBe('0.3');
    expect(e.filledTotal).toBe('17979');
    expect(e.avgPrice).toBe('59930');
    // 17979 × 0.001 = 17.979; the seller receives 17961.021.
    expect(e.fee).toBe('17.979');
    expect(e.limit).toBe('57000');
    expect(e).toMatchObject({ rest: '0.2', cutByBand: true });
  });

  it('a sell the book covers leaves nothing', () => {
    expect(estimateMarketOrder('sell', '0.15', BIDS, RULES)).toMatchObject({ filled: '0.15', rest: '0', cutByBand: false });
  });

  it('a buy spends the total with the fee, in whole lots, within the band', () => {
    const e = estimateMarketOrder('buy', '100000', ASKS, RULES);
    // 0.1 at 60010 + 0.2 at 60100 = 18021; the asks at 90000 are beyond 63000.
    expect(e).toMatchObject({ filled: '0.3', filledTotal: '18021', fee: '18.021', cutByBand: true });
    expect(e.rest).toBe('81960.979');
    const small = estimateMarketOrder('buy', '1000', ASKS, RULES);
    expect(small.filled).toBe('0.01664');
    expect(small.cutByBand).toBe(false);
    expect(small.avgPrice).toBe('60010');
  });

  it('without a reference price the whole book counts; an empty book fills nothing', () => {
    const e = estimateMarketOrder('sell', '0.5', BIDS, { ...RULES, reference: null });
    expect(e).toMatchObject({ filled: '0.31', limit: null, cutByBand: false });
    expect(estimateMarketOrder('sell', '1', [], RULES)).toMatchObject({ filled: '0', avgPrice: null, fee: '0', rest: '1' });
  });
});
