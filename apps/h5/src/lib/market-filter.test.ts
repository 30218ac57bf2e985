import { describe, expect, it } from 'vitest';
import { filterPairs } from './market-filter';

const pair = (id: number, base: string) => ({ id, symbol: `${base}/USDT`, currency_name: base });
const PAIRS = [pair(1, 'BTC'), pair(2, 'ETH'), pair(3, 'TRX'), pair(4, 'SOL'), pair(7, 'DOGE'), pair(9, 'LTC'), pair(12, 'NEWC')];
const symbols = (list: { symbol: string }[]) => list.map((p) => p.symbol);

describe('filterPairs', () => {
  it('finds pairs by any way of writing the symbol, case and separators aside', () => {
    expect(symbols(filterPairs(PAIRS, { query: 'do' }))).toEqual(['DOGE/USDT']);
    expect(symbols(filterPairs(PAIRS, { query: ' btc/usdt ' }))).toEqual(['BTC/USDT']);
    expect(symbols(filterPairs(PAIRS, { query: 'ethusdt' }))).toEqual(['ETH/USDT']);
    expect(filterPairs(PAIRS, { query: 'usdt' })).toHaveLength(PAIRS.length);
    expect(filterPairs(PAIRS, { query: 'xyz' })).toEqual([]);
  });

  it('keeps the categories’ pairs in their order; a coin in no sector shows only under All', () => {
    expect(symbols(filterPairs(PAIRS, { category: 'meme' }))).toEqual(['DOGE/USDT']);
    expect(symbols(filterPairs(PAIRS, { category: 'layer1' }))).toEqual(['BTC/USDT', 'ETH/USDT', 'TRX/USDT', 'SOL/USDT']);
    expect(symbols(filterPairs(PAIRS, { category: 'payments' }))).toEqual(['BTC/USDT', 'DOGE/USDT', 'LTC/USDT']);
    expect(symbols(filterPairs(PAIRS, { category: 'all' }))).toContain('NEWC/USDT');
  });

  it('shows the favourites by id, combined with the search', () => {
    const favourites = new Set([2, 7]);
    expect(symbols(filterPairs(PAIRS, { category: 'favourites', favourites }))).toEqual(['ETH/USDT', 'DOGE/USDT']);
    expect(symbols(filterPairs(PAIRS, { category: 'favourites', favourites, query: 'doge' }))).toEqual(['DOGE/USDT']);
    expect(filterPairs(PAIRS, { category: 'favourites' })).toEqual([]);
  });
});
