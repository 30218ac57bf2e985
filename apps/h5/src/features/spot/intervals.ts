import type { CandlePeriod } from '@app/shared';

/**
 * The chart's intervals (spec: 1, 5, 30, 60 minutes, 1 day, 1 week, 1 month and time-share) with the
 * API period each reads. Time-share is the line of 1-minute closes.
 */
export const INTERVALS = ['time', '1min', '5min', '30min', '60min', '1day', '1week', '1mon'] as const;
export type Interval = (typeof INTERVALS)[number];

export const isInterval = (value: unknown): value is Interval =>
  typeof value === 'string' && (INTERVALS as readonly string[]).includes(value);

export const apiPeriod = (interval: Interval): CandlePeriod => (interval === 'time' ? '1min' : interval);

/** klinecharts' period of an interval (its x-axis labels and tooltips follow it). */
export function chartPeriod(interval: Interval): { type: 'minute' | 'hour' | 'day' | 'week' | 'month'; span: number } {
  switch (apiPeriod(interval)) {
    case '1min':
      return { type: 'minute', span: 1 };
    case '5min':
      return { type: 'minute', span: 5 };
    case '30min':
      return { type: 'minute', span: 30 };
    case '60min':
      return { type: 'hour', span: 1 };
    case '1day':
      return { type: 'day', span: 1 };
    case '1week':
      return { type: 'week', span: 1 };
    case '1mon':
      return { type: 'month', span: 1 };
  }
}

export const MAIN_INDICATORS = ['MA', 'EMA', 'BOLL'] as const;
export type MainIndicator = (typeof MAIN_INDICATORS)[number];
export const SUB_INDICATORS = ['VOL', 'MACD', 'KDJ', 'RSI'] as const;
export type SubIndicator = (typeof SUB_INDICATORS)[number];

/** Candles as klinecharts draws them: numbers are for drawing only; the API's strings stay the record. */
export function toChartCandle(c: {
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  vol: string;
  amount: string;
}) {
  return {
    timestamp: c.time,
    open: Number(c.open),
    high: Number(c.high),
    low: Number(c.low),
    close: Number(c.close),
    volume: Number(c.vol),
    turnover: Number(c.amount),
  };
}
