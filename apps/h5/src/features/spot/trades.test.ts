import { describe, expect, it } from 'vitest';
import { mergeTrades } from './trades';

const trade = (id: number, time: number) => ({ symbol: 'BTC/USDT', id, price: '1', amount: '1', side: 'buy' as const, time });

describe('mergeTrades', () => {
  it('joins the stream and the fetched page without duplicates, newest first', () => {
    const merged = mergeTrades([trade(3, 30), trade(2, 20)], [trade(2, 20), trade(1, 10)]);
    expect(merged.map((t) => t.id)).toEqual([3, 2, 1]);
  });

  it('keeps at most the limit', () => {
    const many = Array.from({ length: 50 }, (_, i) => trade(i, i));
    expect(mergeTrades(many, [], 30)).toHaveLength(30);
    expect(mergeTrades(many, [], 30)[0]?.id).toBe(49);
  });
});
