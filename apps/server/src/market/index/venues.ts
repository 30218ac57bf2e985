import { PLAIN_DECIMAL } from '@app/shared';
import { D } from '../../lib/money.js';

/**
 * The public trade streams of the index's venues, one small protocol description each: the venue's
 * name for a pair, the websocket URL and subscription messages, and how to read a trade (price,
 * quantity, the venue's own trade time) out of a message. No key is needed for any of them. Prices and
 * quantities stay decimal strings: a venue that sends a number for a price is read from another channel
 * (Kraken's v1 API, whose trades are strings, rather than v2, whose are JSON numbers).
 */

export const VENUE_NAMES = ['binance', 'okx', 'coinbase', 'kraken', 'bybit'] as const;
export type VenueName = (typeof VENUE_NAMES)[number];

/** A trade read from a venue's message; `market` is the venue's own symbol. */
export type VenueTrade = { market: string; price: string; quantity: string; time: number };

export interface VenueProtocol {
  readonly name: VenueName;
  /** The public websocket endpoint (overridable per venue: MARKET_<VENUE>_WS_URL). */
  readonly defaultWsUrl: string;
  /** The venue's symbol of base/quote, e.g. BTC/USDT → "BTC-USDT" on OKX. */
  market(base: string, quote: string): string;
  /** The URL to connect to (Binance names its streams in the URL). */
  url(wsUrl: string, markets: readonly string[]): string;
  /** Messages sent once connected, one per market: a venue refusing one market keeps the others. */
  subscribe(markets: readonly string[]): string[];
  /** Trades in one message (none for acks, heartbeats and everything else). */
  parse(text: string): VenueTrade[];
  /** An application-level ping some venues need to keep an idle connection open. */
  ping?: { message: string; everyMs: number };
}

/** A positive decimal as a canonical string ("86500.10000" → "86500.1"), or an error. */
export function decimal(value: unknown): string {
  const text = String(value);
  if (typeof value !== 'string' || !PLAIN_DECIMAL.test(text)) throw new Error(`not a decimal string: ${text}`);
  return new D(text).toFixed();
}

function positive(value: unknown): string {
  const text = decimal(value);
  if (new D(text).lte(0)) throw new Error(`not a positive price: ${text}`);
  return text;
}

function millis(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not a time in ms: ${String(value)}`);
  return n;
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Binance spot: combined streams `<symbol>@trade`; `{stream, data: {e: 'trade', s, p, q, T}}`. */
const binance: VenueProtocol = {
  name: 'binance',
  defaultWsUrl: 'wss://stream.binance.com:9443',
  market: (base, quote) => `${base}${quote}`.toUpperCase(),
  url: (wsUrl, markets) =>
    `${wsUrl.replace(/\/$/, '')}/stream?streams=${markets.map((m) => `${m.toLowerCase()}@trade`).join('/')}`,
  subscribe: () => [],
  parse(text) {
    const data = record(record(json(text))?.data);
    if (data?.e !== 'trade') return [];
    return [{ market: String(data.s), price: positive(data.p), quantity: decimal(data.q), time: millis(data.T) }];
  },
};

/** OKX v5 public: channel `trades`; `{arg: {channel, instId}, data: [{instId, px, sz, ts}]}`. */
const okx: VenueProtocol = {
  name: 'okx',
  defaultWsUrl: 'wss://ws.okx.com:8443/ws/v5/public',
  market: (base, quote) => `${base}-${quote}`.toUpperCase(),
  url: (wsUrl) => wsUrl,
  subscribe: (markets) => markets.map((instId) => JSON.stringify({ op: 'subscribe', args: [{ channel: 'trades', instId }] })),
  parse(text) {
    const message = record(json(text));
    if (record(message?.arg)?.channel !== 'trades' || !Array.isArray(message?.data)) return [];
    return message.data.map((t: Record<string, unknown>) => ({
      market: String(t.instId),
      price: positive(t.px),
      quantity: decimal(t.sz),
      time: millis(t.ts),
    }));
  },
  // OKX closes a connection silent for 30 s; "ping" is answered "pong".
  ping: { message: 'ping', everyMs: 20_000 },
};

/** Coinbase Exchange: channel `matches`; `{type: 'match' | 'last_match', product_id, price, size, time}`. */
const coinbase: VenueProtocol = {
  name: 'coinbase',
  defaultWsUrl: 'wss://ws-feed.exchange.coinbase.com',
  market: (base, quote) => `${base}-${quote}`.toUpperCase(),
  url: (wsUrl) => wsUrl,
  subscribe: (markets) => markets.map((m) => JSON.stringify({ type: 'subscribe', product_ids: [m], channels: ['matches'] })),
  parse(text) {
    const m = record(json(text));
    if (m?.type !== 'match' && m?.type !== 'last_match') return [];
    const time = Date.parse(String(m.time));
    if (!Number.isFinite(time)) throw new Error(`not a time: ${String(m.time)}`);
    return [{ market: String(m.product_id), price: positive(m.price), quantity: decimal(m.size), time }];
  },
};

/** Kraken's own names of coins whose ticker differs from everyone else's. */
const KRAKEN_NAMES: Record<string, string> = { BTC: 'XBT', DOGE: 'XDG' };

/**
 * Kraken websocket v1: `{event: 'subscribe', pair, subscription: {name: 'trade'}}`; trades arrive as
 * `[channelID, [[price, volume, time, side, orderType, misc], …], 'trade', pair]`, time in seconds with
 * microseconds as a string. Kraken names bitcoin XBT.
 */
const kraken: VenueProtocol = {
  name: 'kraken',
  defaultWsUrl: 'wss://ws.kraken.com',
  market: (base, quote) => `${KRAKEN_NAMES[base.toUpperCase()] ?? base.toUpperCase()}/${quote.toUpperCase()}`,
  url: (wsUrl) => wsUrl,
  subscribe: (markets) => markets.map((m) => JSON.stringify({ event: 'subscribe', pair: [m], subscription: { name: 'trade' } })),
  parse(text) {
    const message = json(text);
    if (!Array.isArray(message) || message.length < 4 || message.at(-2) !== 'trade' || !Array.isArray(message[1])) return [];
    const market = String(message.at(-1));
    return (message[1] as unknown[][]).map((t) => {
      const [seconds, fraction = ''] = String(t[2]).split('.');
      if (!/^\d+$/.test(seconds ?? '') || !/^\d*$/.test(fraction)) throw new Error(`not a time: ${String(t[2])}`);
      const time = Number(seconds) * 1000 + Number(fraction.padEnd(3, '0').slice(0, 3));
      return { market, price: positive(t[0]), quantity: decimal(t[1]), time };
    });
  },
  ping: { message: JSON.stringify({ event: 'ping' }), everyMs: 20_000 },
};

/** Bybit v5 spot: topic `publicTrade.<symbol>`; `{topic, data: [{T, s, p, v}]}`. */
const bybit: VenueProtocol = {
  name: 'bybit',
  defaultWsUrl: 'wss://stream.bybit.com/v5/public/spot',
  market: (base, quote) => `${base}${quote}`.toUpperCase(),
  url: (wsUrl) => wsUrl,
  subscribe: (markets) => markets.map((m) => JSON.stringify({ op: 'subscribe', args: [`publicTrade.${m}`] })),
  parse(text) {
    const message = record(json(text));
    if (typeof message?.topic !== 'string' || !message.topic.startsWith('publicTrade.') || !Array.isArray(message.data))
      return [];
    return message.data.map((t: Record<string, unknown>) => ({
      market: String(t.s),
      price: positive(t.p),
      quantity: decimal(t.v),
      time: millis(t.T),
    }));
  },
  // Bybit drops a connection without a ping for 10 minutes and recommends one every 20 s.
  ping: { message: JSON.stringify({ op: 'ping' }), everyMs: 20_000 },
};

export const VENUES: Readonly<Record<VenueName, VenueProtocol>> = { binance, okx, coinbase, kraken, bybit };
