import { describe, expect, it } from 'vitest';
import { D } from '../../lib/money.js';
import { computeIndex, type MethodologyConfig, median, weightedMedian } from './methodology.js';

const config: MethodologyConfig = { staleMs: 10_000, outlierBand: '0.02', minConstituents: 3, weights: {} };
const NOW = 1_740_996_361_000;
const q = (venue: string, price: string, age = 0) => ({ venue, price, time: NOW - age });

describe('index methodology', () => {
  it('is the median of the live venues, with every constituent and its venue time', () => {
    const r = computeIndex(
      [q('binance', '100.1'), q('okx', '100.3', 500), q('coinbase', '100.2'), q('kraken', '100.0'), q('bybit', '100.4')],
      NOW,
      config,
    );
    expect(r.available).toBe(true);
    expect(r.price?.toFixed()).toBe('100.2');
    expect(r.constituents).toHaveLength(5);
    expect(r.constituents).toContainEqual({ venue: 'okx', price: '100.3', time: NOW - 500 });
    // An even count: the mean of the middle two.
    expect(computeIndex([q('a', '100'), q('b', '101'), q('c', '103'), q('d', '104')], NOW, config).price?.toFixed()).toBe('102');
  });

  it('leaves out a venue whose last trade is older than the staleness limit', () => {
    const r = computeIndex(
      [q('binance', '100'), q('okx', '100.2'), q('coinbase', '100.1'), q('kraken', '90', 10_001)],
      NOW,
      config,
    );
    expect(r.verdicts.kraken).toBe('stale');
    expect(r.constituents.map((c) => c.venue)).toEqual(['binance', 'okx', 'coinbase']);
    expect(r.price?.toFixed()).toBe('100.1');
    // Exactly at the limit it still counts.
    expect(computeIndex([q('a', '1'), q('b', '1'), q('c', '1', 10_000)], NOW, config).available).toBe(true);
  });

  it('rejects a venue more than the band away from the median as an outlier', () => {
    const r = computeIndex([q('binance', '100'), q('okx', '100.2'), q('coinbase', '100.1'), q('bybit', '120')], NOW, config);
    expect(r.verdicts.bybit).toBe('outlier');
    expect(r.constituents.map((c) => c.venue)).not.toContain('bybit');
    expect(r.price?.toFixed()).toBe('100.1');
    // 1.9 % away is inside a 2 % band.
    expect(computeIndex([q('a', '100'), q('b', '100'), q('c', '101.9')], NOW, config).verdicts.c).toBe('live');
  });

  it('is unavailable below the minimum of live constituents, with no price and a reason', () => {
    const r = computeIndex([q('binance', '100'), q('okx', '100'), { venue: 'kraken' }], NOW, config);
    expect(r).toMatchObject({ available: false, constituents: [], reason: '2 live venues, 3 needed' });
    expect(r.price).toBeUndefined();
    expect(r.verdicts.kraken).toBe('none');
    // Enough live venues, but without a consensus within the band: unavailable too.
    const split = computeIndex([q('a', '100'), q('b', '100'), q('c', '120'), q('d', '120')], NOW, config);
    expect(split.available).toBe(false);
    expect(split.reason).toMatch(/0 venues within the band/);
  });

  it('weights venues as configured (weighted median)', () => {
    const weighted = { ...config, weights: { binance: 3 } };
    const r = computeIndex([q('binance', '100.5'), q('okx', '100'), q('coinbase', '100.1')], NOW, weighted);
    expect(r.price?.toFixed()).toBe('100.5');
    expect(weightedMedian([1, 2, 3, 4].map((p) => ({ price: new D(p), weight: 1 }))).toFixed()).toBe('2.5');
    expect(median([new D('1'), new D('2'), new D('9')]).toFixed()).toBe('2');
  });
});
