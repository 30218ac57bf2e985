import { PLAIN_DECIMAL } from '@app/shared';
import WebSocket from 'ws';
import type { Candle } from './candle.js';
import { copyLine } from './candle-store.js';
import { closeSocket } from './close-socket.js';
import { type FeedContext, type MarketFeed, type PrepareReport, preparePairs } from './feed.js';
import { formatPrice, type Pair, symbolKey } from './pairs.js';
import { bucketStart } from './periods.js';
import { reconnectDelay } from './reconnect-backoff.js';

/**
 * An adapter for Binance's public market data (no key needed): REST `GET /api/v3/klines` for history
 * and repairs, and one websocket on the combined streams `<symbol>@kline_1m`, `@trade` and `@depth10`.
 * The index price is the last trade; the 1-min candles are Binance's own (a closed kline is final).
 * After a dropped connection it reconnects with exponential backoff and fetches the minutes it missed
 * over REST, so the stored history has no holes.
 */

export type BinanceFeedOptions = {
  restUrl: string;
  wsUrl: string;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs (±20 % jitter). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** No message for this long: the connection is dead, reconnect. */
  staleMs?: number;
  /** REST request timeout. */
  requestTimeoutMs?: number;
};

/** Binance's kline row: [openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, …]. */
type KlineRow = [number, string, string, string, string, string, number, string, ...unknown[]];

const KLINE_LIMIT = 1000;

export class BinanceFeed implements MarketFeed {
  readonly kind = 'binance' as const;
  readonly demo = false;
  private socket: WebSocket | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private staleTimer: NodeJS.Timeout | undefined;
  private attempts = 0;
  private stopped = false;
  /** Open time of the last final 1-min candle stored per pair. */
  private lastClosed = new Map<number, number>();
  private repairing = new Map<number, Promise<void>>();
  /** Connections opened (for tests and the log). */
  connections = 0;

  constructor(private readonly options: BinanceFeedOptions) {}

  private market(pair: Pair): string {
    return symbolKey(pair.symbol);
  }

  async prepare(ctx: FeedContext): Promise<PrepareReport> {
    return preparePairs(ctx, async (pair, nowSec, report) => {
      try {
        await this.preparePair(ctx, pair, nowSec, report);
      } catch (error) {
        // One pair the exchange does not list (or a failing request) must not keep the others dark.
        ctx.log.warn({ err: (error as Error).message, pair: pair.symbol }, 'binance feed: no history for this pair');
      }
    });
  }

  private async preparePair(ctx: FeedContext, pair: Pair, nowSec: number, report: PrepareReport): Promise<void> {
    const last = await ctx.store.last(pair.id, '1min');
    if (!last) {
      const firstDay = bucketStart('1day', nowSec) - ctx.historyDays * 86_400;
      const olderFrom = firstDay - Math.max(0, ctx.dailyHistoryDays - ctx.historyDays) * 86_400;
      const days = olderFrom < firstDay ? await this.klines(ctx, pair, '1d', olderFrom, firstDay) : [];
      const minutes = await this.klines(ctx, pair, '1m', firstDay, nowSec);
      await ctx.store.serial(async () => {
        // Days are few and may exist from an earlier attempt; the minutes are many and new.
        await ctx.store.upsert(pair.id, '1day', days);
        await ctx.store.copy(minutes.map((c) => copyLine(pair.id, '1min', c)));
        if (minutes.length) await ctx.store.rollUp(pair.id, minutes[0]!.t, minutes.at(-1)!.t + 60);
        // Weeks and months reaching into the older days are rebuilt from them too.
        if (days.length) await ctx.store.rollUp(pair.id, days[0]!.t, (minutes[0]?.t ?? firstDay) - 1);
      });
      report.backfilledPairs++;
      report.rows += days.length + minutes.length;
      if (minutes.length) this.lastClosed.set(pair.id, minutes.at(-1)!.t);
      return;
    }
    this.lastClosed.set(pair.id, last.openTime);
    const from = Math.max(last.openTime + 60, Math.floor(nowSec / 60) * 60 - ctx.gapFillMaxMinutes * 60);
    const filled = await this.repair(ctx, pair, from, false);
    report.gapFilledMinutes += filled;
    report.rows += filled;
  }

  async start(ctx: FeedContext): Promise<void> {
    this.stopped = false;
    this.connect(ctx);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.staleTimer);
    const socket = this.socket;
    this.socket = undefined;
    await closeSocket(socket);
    await Promise.allSettled([...this.repairing.values()]);
  }

  private streamUrl(ctx: FeedContext): string {
    const streams = ctx.pairs.flatMap((p) => {
      const s = this.market(p).toLowerCase();
      return [`${s}@kline_1m`, `${s}@trade`, `${s}@depth10`];
    });
    return `${this.options.wsUrl.replace(/\/$/, '')}/stream?streams=${streams.join('/')}`;
  }

  private connect(ctx: FeedContext): void {
    if (this.stopped) return;
    const socket = new WebSocket(this.streamUrl(ctx), { handshakeTimeout: 10_000 });
    this.socket = socket;
    let alive = false;
    socket.on('open', () => {
      this.connections++;
      ctx.log.info({ connections: this.connections }, 'binance feed connected');
      this.watch(ctx, socket);
      // Whatever closed while we were away comes from REST (a no-op on the first connection).
      for (const pair of ctx.pairs) void this.repairSince(ctx, pair);
    });
    socket.on('message', (data) => {
      if (!alive) {
        alive = true;
        this.attempts = 0;
      }
      this.watch(ctx, socket);
      this.onMessage(ctx, data.toString());
    });
    socket.on('error', (error) => ctx.log.warn({ err: error.message }, 'binance feed socket error'));
    socket.on('close', () => {
      clearTimeout(this.staleTimer);
      if (this.socket === socket) this.socket = undefined;
      if (this.stopped) return;
      const delay = this.backoff();
      ctx.log.warn({ delay }, 'binance feed disconnected; reconnecting');
      this.reconnectTimer = setTimeout(() => this.connect(ctx), delay);
    });
  }

  /** Exponential backoff with jitter; `attempts` resets once a connection delivers a message. */
  backoff(): number {
    return reconnectDelay(this.attempts++, this.options.backoffMs, this.options.maxBackoffMs);
  }

  private watch(ctx: FeedContext, socket: WebSocket): void {
    clearTimeout(this.staleTimer);
    this.staleTimer = setTimeout(() => {
      ctx.log.warn('binance feed silent; reconnecting');
      socket.terminate();
    }, this.options.staleMs ?? 60_000);
  }

  private onMessage(ctx: FeedContext, text: string): void {
    let message: { stream?: string; data?: Record<string, unknown> };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    const { stream, data } = message;
    if (typeof stream !== 'string' || !data) return;
    const [market, channel] = stream.split('@');
    const pair = ctx.pairs.find((p) => this.market(p).toLowerCase() === market);
    if (!pair) return;
    try {
      if (channel === 'trade') {
        ctx.sink.trade(pair, formatPrice(pair, String(data.p)), String(data.q), Number(data.T));
      } else if (channel === 'kline_1m') {
        this.onKline(ctx, pair, data.k as Record<string, unknown>);
      } else if (channel?.startsWith('depth')) {
        const levels = (side: unknown) =>
          (Array.isArray(side) ? side : [])
            .slice(0, 10)
            .map(([p, q]: [string, string]) => [formatPrice(pair, p), q] as [string, string]);
        ctx.sink.referenceDepth(pair, { bids: levels(data.bids), asks: levels(data.asks), time: ctx.now() });
      }
    } catch (error) {
      ctx.log.warn({ err: (error as Error).message, stream }, 'binance feed: unreadable message');
    }
  }

  private onKline(ctx: FeedContext, pair: Pair, k: Record<string, unknown>): void {
    const candle = this.candle(pair, [
      Number(k.t),
      String(k.o),
      String(k.h),
      String(k.l),
      String(k.c),
      String(k.v),
      0,
      String(k.q),
    ]);
    if (!k.x) {
      ctx.sink.minute(pair, candle, false);
      return;
    }
    const last = this.lastClosed.get(pair.id);
    if (last !== undefined && candle.t <= last) return;
    if (last !== undefined && candle.t > last + 60) {
      // A hole before this minute (missed while away): repair it first, then take this one.
      void this.repairSince(ctx, pair).then(() => this.closeMinute(ctx, pair, candle));
      return;
    }
    this.closeMinute(ctx, pair, candle);
  }

  private closeMinute(ctx: FeedContext, pair: Pair, candle: Candle): void {
    const last = this.lastClosed.get(pair.id);
    if (last !== undefined && candle.t <= last) return;
    this.lastClosed.set(pair.id, candle.t);
    ctx.sink.minute(pair, candle, true);
  }

  /** Fetches and stores the final minutes after the last stored one (one repair per pair at a time). */
  private repairSince(ctx: FeedContext, pair: Pair): Promise<void> {
    const running = this.repairing.get(pair.id);
    if (running) return running;
    const task = (async () => {
      try {
        const last = this.lastClosed.get(pair.id);
        const nowMinute = Math.floor(ctx.now() / 60_000) * 60;
        const from = Math.max((last ?? nowMinute) + 60, nowMinute - ctx.gapFillMaxMinutes * 60);
        await this.repair(ctx, pair, from, true);
      } catch (error) {
        ctx.log.warn({ err: (error as Error).message, pair: pair.symbol }, 'binance feed: gap repair failed');
      } finally {
        this.repairing.delete(pair.id);
      }
    })();
    this.repairing.set(pair.id, task);
    return task;
  }

  /** Final 1-min candles from `from` (unix s) to now over REST, stored and rolled up; returns how many. */
  private async repair(ctx: FeedContext, pair: Pair, from: number, live: boolean): Promise<number> {
    const nowSec = Math.floor(ctx.now() / 1000);
    if (from >= Math.floor(nowSec / 60) * 60) return 0;
    const minutes = await this.klines(ctx, pair, '1m', from, nowSec);
    const fresh = minutes.filter((c) => c.t > (this.lastClosed.get(pair.id) ?? -1));
    if (!fresh.length) return 0;
    if (live) {
      await ctx.sink.repaired(pair, fresh);
    } else {
      await ctx.store.serial(() => ctx.store.storeMinutes(pair.id, fresh));
    }
    this.lastClosed.set(pair.id, Math.max(this.lastClosed.get(pair.id) ?? 0, fresh.at(-1)!.t));
    ctx.log.info({ pair: pair.symbol, minutes: fresh.length, from }, 'binance feed: filled missed minutes');
    return fresh.length;
  }

  /** Final candles of `interval` with open time in [from, to) (unix s), paging through REST. */
  async klines(ctx: FeedContext, pair: Pair, interval: '1m' | '1d', from: number, to: number): Promise<Candle[]> {
    const out: Candle[] = [];
    const nowMs = ctx.now();
    let start = from * 1000;
    while (start < to * 1000 && !ctx.signal.aborted) {
      const url = new URL('/api/v3/klines', this.options.restUrl);
      url.searchParams.set('symbol', this.market(pair));
      url.searchParams.set('interval', interval);
      url.searchParams.set('startTime', String(start));
      url.searchParams.set('endTime', String(to * 1000 - 1));
      url.searchParams.set('limit', String(KLINE_LIMIT));
      const rows = await this.fetchJson<KlineRow[]>(url);
      if (!Array.isArray(rows) || rows.length === 0) break;
      for (const row of rows) {
        // Only final candles: the one still forming comes again, complete, from the stream.
        if (Number(row[6]) < nowMs && Number(row[0]) >= from * 1000 && Number(row[0]) < to * 1000)
          out.push(this.candle(pair, row));
      }
      if (rows.length < KLINE_LIMIT) break;
      start = Number(rows.at(-1)![0]) + 1;
    }
    return out;
  }

  private async fetchJson<T>(url: URL): Promise<T> {
    let delay = this.options.backoffMs ?? 1000;
    for (let attempt = 1; ; attempt++) {
      let status = 0;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(this.options.requestTimeoutMs ?? 10_000) });
        if (response.ok) return (await response.json()) as T;
        status = response.status;
        await response.body?.cancel();
      } catch (error) {
        if (attempt >= 4) throw error;
      }
      // 429/418: Binance's rate limit; 5xx: their trouble; no answer: the network. Worth a later retry.
      if (status && status !== 429 && status !== 418 && status < 500) throw new Error(`GET ${url.pathname} answered ${status}`);
      if (attempt >= 4) throw new Error(`GET ${url.pathname} failed ${attempt} times (last status ${status})`);
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay *= 2;
    }
  }

  private candle(pair: Pair, row: KlineRow): Candle {
    return {
      t: Math.floor(Number(row[0]) / 1000),
      o: formatPrice(pair, row[1]),
      h: formatPrice(pair, row[2]),
      l: formatPrice(pair, row[3]),
      c: formatPrice(pair, row[4]),
      v: plain(row[5]),
      a: plain(row[7]),
    };
  }
}

/** "12.34500000" → "12.345" (numbers as the exchange sent them, without the padding). */
function plain(value: string): string {
  const text = String(value);
  if (!PLAIN_DECIMAL.test(text)) throw new Error(`not a decimal: ${text}`);
  return text.includes('.') ? text.replace(/\.?0+$/, '') || '0' : text;
}
