import { CANDLE_PERIODS } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { apiPeriod, chartPeriod, INTERVALS, isInterval, toChartCandle } from './intervals';

describe('chart intervals', () => {
  it('covers every API period plus the time-share line', () => {
    expect(new Set(INTERVALS.map(apiPeriod))).toEqual(new Set(CANDLE_PERIODS));
    expect(apiPeriod('time')).toBe('1min');
    expect(isInterval('1week')).toBe(true);
    expect(isInterval('2min')).toBe(false);
  });

  it('maps each to the chart library period', () => {
    expect(chartPeriod('60min')).toEqual({ type: 'hour', span: 1 });
    expect(chartPeriod('1mon')).toEqual({ type: 'month', span: 1 });
    expect(chartPeriod('time')).toEqual({ type: 'minute', span: 1 });
  });

  it('turns an API candle into a drawable one', () => {
    expect(toChartCandle({ time: 1000, open: '1.5', high: '2', low: '1', close: '1.75', vol: '10', amount: '17.5' })).toEqual({
      timestamp: 1000,
      open: 1.5,
      high: 2,
      low: 1,
      close: 1.75,
      volume: 10,
      turnover: 17.5,
    });
  });
});
