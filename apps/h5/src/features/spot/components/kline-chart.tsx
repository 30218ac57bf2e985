import type { KlineEvent } from '@app/shared';
import {
  type Chart,
  type DataLoader,
  type DeepPartial,
  dispose,
  init,
  type KLineData,
  type Period,
  registerLocale,
  type Styles,
  type SymbolInfo,
} from 'klinecharts';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { fetchCandles } from '../../../lib/market-api';
import { type Theme, useThemeStore } from '../../../lib/theme';
import { apiPeriod, chartPeriod, type Interval, type MainIndicator, type SubIndicator, toChartCandle } from '../intervals';
import '../../../components/page-loader.css';
import './kline-chart.css';

export type KlineChartHandle = {
  /** A live candle from the socket; ignored unless it is this chart's pair and period. */
  push: (event: KlineEvent) => void;
  /** Loads the chart again from the server (after a lost connection). */
  reload: () => void;
};

type Props = {
  symbol: string;
  interval: Interval;
  pricePrecision: number;
  main: MainIndicator | null;
  sub: SubIndicator | null;
  ref?: Ref<KlineChartHandle>;
};

type LoadState = 'loading' | 'ready' | 'empty' | 'error';

/** Candles per request: a screen holds about 80, scrolling left pages back through older ones. */
const PAGE = 300;
const CANDLE_PANE = 'candle_pane';
const SUB_PANE = 'sub_pane';

/** A CSS variable of the current theme (the chart draws on a canvas, which cannot read them itself). */
function cssVar(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** The chart's colours from the app's theme variables: rising and falling, grid, axes, crosshair. */
function themeStyles(theme: Theme, area: boolean): DeepPartial<Styles> {
  const up = cssVar('--app-up', '#2ebd85');
  const down = cssVar('--app-down', '#f6465d');
  const grid = cssVar('--app-divider', 'rgba(255,255,255,0.08)');
  const axisText = cssVar('--app-text-tertiary', '#6e7277');
  const text = cssVar('--app-text-secondary', '#a3a6ab');
  const accent = cssVar('--app-accent', '#2befbc');
  const surface = cssVar('--app-surface-2', '#333333');
  const onSurface = cssVar('--app-text', '#f2f3f5');
  const onMarket = cssVar('--app-on-market', '#ffffff');
  // The canvas does not inherit the page's font: give it the app's (antd-mobile's system stack).
  const family = cssVar('--adm-font-family', 'sans-serif');
  const line = { color: grid };
  const fade = (color: string, alpha: string) => (color.startsWith('#') && color.length === 7 ? `${color}${alpha}` : color);
  return {
    grid: { horizontal: line, vertical: line },
    candle: {
      type: area ? 'area' : 'candle_solid',
      bar: {
        upColor: up,
        downColor: down,
        upBorderColor: up,
        downBorderColor: down,
        upWickColor: up,
        downWickColor: down,
      },
      area: {
        lineColor: accent,
        lineSize: 1.5,
        backgroundColor: [
          { offset: 0, color: fade(accent, '05') },
          { offset: 1, color: fade(accent, theme === 'dark' ? '40' : '30') },
        ],
        point: { color: accent, rippleColor: fade(accent, '4d') },
      },
      priceMark: {
        high: { color: text, textFamily: family },
        low: { color: text, textFamily: family },
        last: { upColor: up, downColor: down, text: { color: onMarket, family } },
      },
      // On a phone the OHLC legend would cover the candles: it shows while a finger is on the chart.
      tooltip: {
        showRule: 'follow_cross',
        title: { show: false },
        legend: { color: text, size: 11, family },
        rect: { color: surface, borderColor: surface },
      },
    },
    indicator: {
      ohlc: { upColor: fade(up, 'b3'), downColor: fade(down, 'b3') },
      bars: [{ upColor: fade(up, 'b3'), downColor: fade(down, 'b3') }],
      tooltip: { title: { color: text, size: 11, family }, legend: { color: text, size: 11, family } },
    },
    xAxis: { axisLine: line, tickLine: line, tickText: { color: axisText, size: 10, family } },
    yAxis: { axisLine: line, tickLine: line, tickText: { color: axisText, size: 10, family } },
    separator: { color: grid },
    crosshair: {
      horizontal: {
        line: { color: axisText },
        text: { color: onSurface, backgroundColor: surface, borderColor: surface, family },
      },
      vertical: { line: { color: axisText }, text: { color: onSurface, backgroundColor: surface, borderColor: surface, family } },
    },
  };
}

/**
 * Candles and indicators drawn by klinecharts 10 (MA, EMA, BOLL on the price pane; VOL, MACD, KDJ or
 * RSI beneath), loaded from `currency/new_timeshar` (older pages as the user scrolls left) and kept
 * live by the socket's `kline` events, which the page hands in through `push`.
 */
export function KlineChart({ symbol, interval, pricePrecision, main, sub, ref }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useThemeStore((s) => s.theme);
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const live = useRef<{ symbol: SymbolInfo; period: Period; callback: (data: KLineData) => void } | null>(null);
  const [state, setState] = useState<LoadState>('loading');
  const area = interval === 'time';
  const period = apiPeriod(interval);
  /**
   * How many candles the chart holds and the last one's close, as attributes of the frame: what a
   * browser test (or a person in devtools) can read of a canvas. Set on the element, not through
   * React state, so a tick every second does not re-render the page.
   */
  const mark = (c: Chart) => {
    const list = c.getDataList();
    const frame = container.current?.parentElement;
    if (!frame) return;
    frame.dataset.bars = String(list.length);
    frame.dataset.lastTime = String(list.at(-1)?.timestamp ?? '');
    frame.dataset.lastClose = String(list.at(-1)?.close ?? '');
  };
  // What the data loader reads when the library asks: the current pair and API period.
  const wanted = useRef({ symbol, period });
  wanted.current = { symbol, period };

  useImperativeHandle(
    ref,
    () => ({
      push: (event) => {
        const target = live.current;
        const c = chart.current;
        if (!target || !c || event.symbol !== wanted.current.symbol || event.period !== wanted.current.period) return;
        // Only the subscription of the chart's current pair and period may add to it.
        if (c.getSymbol() !== target.symbol || c.getPeriod() !== target.period) return;
        target.callback(toChartCandle(event));
        setState((s) => (s === 'empty' ? 'ready' : s));
        mark(c);
      },
      reload: () => {
        setState('loading');
        chart.current?.resetData();
      },
    }),
    [],
  );

  // The chart itself: created once, disposed with the component.
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const c = init(el, { styles: theme, layout: { pane: { minHeight: 60 } } });
    if (!c) return;
    chart.current = c;
    // klinecharts gives its canvas holder tabindex="1", which jumps it ahead of the page's own order of
    // focus; 0 keeps it reachable by keyboard in its place.
    for (const node of el.querySelectorAll('[tabindex]')) {
      if (Number(node.getAttribute('tabindex')) > 0) node.setAttribute('tabindex', '0');
    }
    const loader: DataLoader = {
      getBars: async ({ type, timestamp, symbol: info, period: chartP, callback }) => {
        const current = () => c.getSymbol() === info && c.getPeriod() === chartP;
        if (type === 'backward') {
          callback([], { backward: false });
          return;
        }
        const { symbol: s, period: p } = wanted.current;
        try {
          const candles = await fetchCandles(s, p, {
            limit: PAGE,
            ...(type === 'forward' && timestamp ? { to: Math.floor(timestamp / 1000) - 1 } : {}),
          });
          // A pair or interval chosen meanwhile has started its own load: drop this stale page.
          if (!current()) return;
          // A full page: older candles may follow when the user scrolls back.
          callback(candles.map(toChartCandle), { forward: candles.length >= PAGE, backward: false });
          if (type === 'init') setState(candles.length === 0 ? 'empty' : 'ready');
          mark(c);
        } catch (error) {
          if (!current()) return;
          callback([], { forward: false, backward: false });
          if (type === 'init') setState(isApiError(error) && error.kind === 'logged_out' ? 'empty' : 'error');
        }
      },
      subscribeBar: ({ symbol: info, period: chartP, callback }) => {
        live.current = { symbol: info, period: chartP, callback };
      },
      unsubscribeBar: () => {
        live.current = null;
      },
    };
    c.setDataLoader(loader);
    const onResize = () => c.resize();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      live.current = null;
      chart.current = null;
      dispose(el);
    };
  }, []);

  // The pair and its period: each change reloads from the server.
  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    setState('loading');
    c.setSymbol({ ticker: symbol, pricePrecision, volumePrecision: 4 });
    c.setPeriod(chartPeriod(period));
  }, [symbol, period, pricePrecision]);

  // Colours follow the theme; the time-share line is the same 1-minute data drawn as an area.
  useEffect(() => {
    chart.current?.setStyles(theme);
    chart.current?.setStyles(themeStyles(theme, area));
  }, [theme, area]);

  // Tooltip words in the app's language.
  useEffect(() => {
    const lang = i18n.language;
    registerLocale(`app-${lang}`, {
      time: t('chart.time'),
      open: t('chart.open'),
      high: t('chart.high'),
      low: t('chart.low'),
      close: t('chart.close'),
      volume: t('chart.volume'),
      turnover: t('chart.turnover'),
      change: t('chart.change'),
      second: t('chart.second'),
      minute: t('chart.minute'),
      hour: t('chart.hour'),
      day: t('chart.day'),
      week: t('chart.week'),
      month: t('chart.month'),
      year: t('chart.year'),
    });
    chart.current?.setLocale(`app-${lang}`);
  }, [t, i18n.language]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.removeIndicator({ id: 'main' });
    if (main) c.createIndicator({ name: main, id: 'main', paneId: CANDLE_PANE }, true);
  }, [main]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.removeIndicator({ id: 'sub' });
    if (sub) {
      c.createIndicator({ name: sub, id: 'sub', paneId: SUB_PANE });
      c.setPaneOptions({ id: SUB_PANE, height: 96 });
    }
  }, [sub]);

  return (
    <div className="kline-chart" data-testid="kline-chart" data-state={state}>
      <div ref={container} className="kline-chart__canvas" />
      {state !== 'ready' ? (
        <div className="box-overlay kline-chart__overlay" data-testid={`kline-${state}`}>
          {state === 'loading' ? <span className="page-loader__spinner spinner" aria-hidden="true" /> : null}
          <span>{t(`chart.state_${state}`)}</span>
          {state === 'error' ? (
            <button
              type="button"
              className="text-link"
              onClick={() => {
                setState('loading');
                chart.current?.resetData();
              }}
              data-testid="kline-retry"
            >
              {t('common.retry')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
