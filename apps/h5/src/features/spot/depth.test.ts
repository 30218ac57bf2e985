import { describe, expect, it } from 'vitest';
import { depthCurves, maxDecimal, ratio, withCumulative } from './depth';

describe('order book sums', () => {
  it('adds the levels from the best price outwards, exactly', () => {
    const rows = withCumulative([
      ['100.1', '0.1'],
      ['100.0', '0.2'],
      ['99.9', '0.00001'],
    ]);
    expect(rows.map((r) => r.cumulative)).toEqual(['0.1', '0.3', '0.30001']);
    expect(withCumulative([['1', '1']], 0)).toEqual([]);
  });

  it('keeps at most the levels asked for', () => {
    const levels = Array.from({ length: 15 }, (_, i) => [String(100 - i), '1'] as [string, string]);
    expect(withCumulative(levels)).toHaveLength(10);
  });

  it('scales widths against the largest total', () => {
    expect(maxDecimal(['0.3', '1.25', '1.2'])).toBe('1.25');
    expect(maxDecimal([])).toBe('0');
    expect(ratio('0.5', '2')).toBe(0.25);
    expect(ratio('1', '0')).toBe(0);
  });

  it('draws cumulative staircases for both sides', () => {
    const curves = depthCurves(
      [
        ['99', '1'],
        ['98', '2'],
      ],
      [['101', '0.5']],
    );
    expect(curves.bids).toEqual([
      { price: 99, total: 1 },
      { price: 98, total: 3 },
    ]);
    expect(curves.asks).toEqual([{ price: 101, total: 0.5 }]);
  });
});
