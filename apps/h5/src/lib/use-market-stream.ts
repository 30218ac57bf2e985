import type { CandlePeriod, DaymarketEvent, KlineEvent, MarketDepthEvent, MatchTradeEvent } from '@app/shared';
import { startTransition, useEffect, useRef, useState } from 'react';
import { coalesceUpdates } from './coalesce-updates';
import type { ConnectionState } from './socket';

/**
 * React hooks over the realtime client. `socket.ts` (with socket.io-client) is imported on first use,
 * so pages render from their REST queries at once and turn live a moment later, and the first
 * screen's JavaScript does not carry the socket library.
 */
let socketModule: Promise<typeof import('./socket')> | undefined;
export const loadSocket = () => {
  socketModule ??= import('./socket').catch((error: unknown) => {
    // A failed chunk stays failed in the module map only for this promise: the next call tries again.
    socketModule = undefined;
    throw error;
  });
  return socketModule;
};

/**
 * The socket's code once the screen that asked for it has painted: fetched during that first render,
 * it competed with the page's largest paint (the price) for the network and the main thread. A hidden
 * tab draws no frames, so a short timer also lets it through.
 */
const loadSocketAfterPaint = () =>
  new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, 250);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  }).then(loadSocket);

type MarketSocket = Awaited<ReturnType<typeof loadSocket>>['marketSocket'];

/**
 * An effect's hold on the socket: `attach` runs once the socket's code has loaded (after paint) unless
 * the effect was cleaned up first, and its detach runs at cleanup; `onUnavailable` when the code could
 * not be loaded. Returns the effect's cleanup.
 */
function whenSocketLoaded(attach: (socket: MarketSocket) => () => void, onUnavailable?: () => void): () => void {
  let cancelled = false;
  let stop: (() => void) | undefined;
  loadSocketAfterPaint().then(
    ({ marketSocket }) => {
      if (!cancelled) stop = attach(marketSocket);
    },
    () => {
      if (!cancelled) onUnavailable?.();
    },
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** Trades kept from the stream (newest first). */
export const STREAM_TRADES_KEPT = 40;

export type MarketStream = {
  status: ConnectionState;
  /** Increments each time the connection comes back after a loss: REST data may have gaps to refill. */
  reconnects: number;
  ticker?: DaymarketEvent;
  depth?: MarketDepthEvent;
  /** Trades pushed since the page subscribed, newest first. */
  trades: MatchTradeEvent[];
};

type Options = {
  /** Also receive this chart period's live candle (the 1-minute one always comes). */
  period?: CandlePeriod;
  onKline?: (event: KlineEvent) => void;
};

/**
 * Follows one pair while mounted: its ticker, the 10-level book, trades and (through `onKline`)
 * candles. Several screens following the same pair share one server subscription.
 */
export function useMarketStream(symbol: string | undefined, options: Options = {}): MarketStream {
  const [stream, setStream] = useState<MarketStream>({ status: 'connecting', reconnects: 0, trades: [] });
  const onKline = useRef(options.onKline);
  onKline.current = options.onKline;
  const { period } = options;

  useEffect(() => {
    if (!symbol) return;
    setStream({ status: 'connecting', reconnects: 0, trades: [] });
    // A tick's ticker, book and trades arrive as separate messages: one render for all of them, as a
    // transition — React renders it in slices and lets a tap or a keystroke in the order form go first.
    const live = coalesceUpdates<MarketStream>((update) => startTransition(() => setStream(update)));
    return whenSocketLoaded(
      (marketSocket) => {
        const offState = marketSocket.onState((status, reconnected) =>
          setStream((s) => ({ ...s, status, reconnects: s.reconnects + (reconnected ? 1 : 0) })),
        );
        const offStream = marketSocket.subscribe(
          symbol,
          {
            onTicker: (ticker) => live.push((s) => ({ ...s, ticker })),
            onDepth: (depth) => live.push((s) => ({ ...s, depth })),
            onTrade: (trade) =>
              live.push((s) =>
                s.trades.some((t) => t.id === trade.id) ? s : { ...s, trades: [trade, ...s.trades].slice(0, STREAM_TRADES_KEPT) },
              ),
            onKline: (event) => onKline.current?.(event),
          },
          period,
        );
        setStream((s) => ({ ...s, status: marketSocket.state }));
        return () => {
          offStream();
          offState();
          live.cancel();
        };
      },
      () => setStream((s) => ({ ...s, status: 'offline' })),
    );
  }, [symbol, period]);

  return stream;
}

/**
 * Every pair's ticker while mounted (the home page's lists), keyed by symbol. `reconnects` counts
 * returns after a loss, as in useMarketStream.
 */
export function useTickerStream(enabled = true): { tickers: Record<string, DaymarketEvent>; status: ConnectionState } {
  const [tickers, setTickers] = useState<Record<string, DaymarketEvent>>({});
  const [status, setStatus] = useState<ConnectionState>('connecting');
  useEffect(() => {
    if (!enabled) return;
    return whenSocketLoaded(
      (marketSocket) => {
        const offState = marketSocket.onState((s) => setStatus(s));
        // Every pair ticks at once: one render for the whole list rather than one per pair.
        const live = coalesceUpdates<Record<string, DaymarketEvent>>((update) => startTransition(() => setTickers(update)));
        const offStream = marketSocket.subscribe('*', {
          onTicker: (ticker) => live.push((all) => ({ ...all, [ticker.symbol]: ticker })),
        });
        setStatus(marketSocket.state);
        return () => {
          offStream();
          offState();
          live.cancel();
        };
      },
      () => setStatus('offline'),
    );
  }, [enabled]);
  return { tickers, status };
}

/**
 * An event of the user's private room (joined with the stored login), for as long as the component
 * is mounted: order updates, for example.
 */
export function useUserEvent(event: string, listener: (payload: unknown) => void, enabled = true): void {
  const current = useRef(listener);
  current.current = listener;
  useEffect(() => {
    if (!enabled) return;
    return whenSocketLoaded((marketSocket) => marketSocket.onUser(event, (payload) => current.current(payload)));
  }, [event, enabled]);
}
