import { type CandlePeriod, isCandlePeriod, SOCKET_EVENTS, type SubscribeAck } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Server, Socket } from 'socket.io';
import { afterFirstReply } from '../lib/after-first-reply.js';
import { toKline } from '../market/candle.js';
import type { Pair } from '../market/pairs.js';
import { findUserByToken } from './auth.js';

/** Pushes to connected clients, for any module: a user's private room, or a pair's public room. */
export type Realtime = {
  toUser: (userId: number, event: string, payload: unknown) => void;
  toPair: (symbol: string, event: string, payload: unknown) => void;
  /** The socket.io server once attached (undefined before). */
  readonly io: Server | undefined;
  /** Attaches now if not yet, and resolves once clients can connect. */
  ready: () => Promise<void>;
  // help centre chat: modules add their own namespaces once the server exists.
  /** Runs `listener` with the socket.io server as soon as it is attached (at once if it already is). */
  onAttach: (listener: (io: Server) => void) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

type SocketData = { userId?: number };

export const pairRoom = (symbol: string) => `pair:${symbol}`;
export const userRoom = (userId: number) => `user:${userId}`;
const klineRoom = (symbol: string, period: CandlePeriod) => `kline:${symbol}:${period}`;
/** Every pair's ticker, for lists (home page): `subscribe {symbol: '*'}`. */
const TICKERS_ROOM = 'tickers';
/** A client may follow this many pairs at once. */
const MAX_PAIRS_PER_SOCKET = 30;

/**
 * socket.io on Fastify's own HTTP server (path /socket.io, websocket and polling). Public rooms per pair
 * carry `daymarket`, `market_depth` and `match_trade`, and `kline` to subscribers that named a chart period; a private room `user:<id>` is joined only
 * when the handshake carries that user's live token (`auth: {token}`), checked like an API request —
 * never from an id the client names. A bad token still connects, to public rooms only. With REDIS_URL
 * the rooms span every node (@socket.io/redis-adapter). socket.io is loaded and attached once the
 * server has answered its first request (a client that comes earlier is retried by its library), or at
 * once with `app.realtime.ready()`.
 */
export const socketPlugin = fp(async (app: FastifyInstance) => {
  let io: Server | undefined;
  let attaching: Promise<void> | undefined;
  let closeAdapter: (() => Promise<void>) | undefined;
  let off: (() => void)[] = [];
  // help centre chat: namespaces other modules attach with the server.
  const attachListeners: ((io: Server) => void)[] = [];
  const ready = () => {
    attaching ??= attach().catch((error) => {
      app.log.error({ err: error }, 'socket server failed to start');
      throw error;
    });
    return attaching;
  };

  app.decorate('realtime', {
    get io() {
      return io;
    },
    ready,
    // help centre chat
    onAttach: (listener) => {
      if (io) listener(io);
      else attachListeners.push(listener);
    },
    toUser: (userId, event, payload) => void io?.to(userRoom(userId)).emit(event, payload),
    toPair: (symbol, event, payload) => void io?.to(pairRoom(symbol)).emit(event, payload),
  } satisfies Realtime);
  // Only a listening server takes clients (API tests inject requests without listening).
  afterFirstReply(app, () => {
    if (app.server.listening) void ready().catch(() => {});
  });

  // Open websockets would keep the HTTP server from closing: they go first.
  app.addHook('preClose', async () => {
    await attaching?.catch(() => {});
    for (const stop of off) stop();
    off = [];
    io?.local.disconnectSockets(true);
    io?.engine.close();
  });
  app.addHook('onClose', async () => {
    await closeAdapter?.();
  });

  async function attach(): Promise<void> {
    await app.market.ensurePairs();
    const { Server } = await import('socket.io');
    const server = new Server(app.server, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      serveClient: false,
      maxHttpBufferSize: 16 * 1024,
    });
    if (app.config.redisUrl) closeAdapter = await useRedis(server, app.config.redisUrl, app);
    io = server;
    // help centre chat: the support namespace and any other module's.
    for (const listener of attachListeners) listener(server);
    const { market } = app;

    server.use(async (socket, next) => {
      const raw = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const token = typeof raw === 'string' ? raw.replace(/^bearer\s+/i, '').trim() : '';
      if (token.length >= 20 && token.length <= 200) {
        try {
          const user = await findUserByToken(app.db, token);
          if (user) (socket.data as SocketData).userId = user.id;
        } catch (error) {
          app.log.warn({ err: error }, 'socket token check failed');
        }
      }
      next();
    });

    server.on('connection', (socket) => {
      const { userId } = socket.data as SocketData;
      if (userId) void socket.join(userRoom(userId));
      socket.on(SOCKET_EVENTS.subscribe, (request: unknown, ack?: unknown) => {
        const reply = subscribe(socket, request);
        if (typeof ack === 'function') ack(reply.ack);
        if (reply.pair) void snapshot(socket, reply.pair, reply.period);
      });
      socket.on(SOCKET_EVENTS.unsubscribe, (request: unknown, ack?: unknown) => {
        const symbol = symbolOf(request);
        const pair = symbol === undefined ? undefined : market.getPair(symbol);
        if (symbol === '*') void socket.leave(TICKERS_ROOM);
        if (pair) leavePair(socket, pair);
        if (typeof ack === 'function') ack({ ok: Boolean(pair) || symbol === '*' });
      });
    });

    function subscribe(socket: Socket, request: unknown): { ack: SubscribeAck; pair?: Pair; period?: CandlePeriod } {
      const symbol = symbolOf(request);
      if (symbol === '*') {
        void socket.join(TICKERS_ROOM);
        return { ack: { ok: true, symbol } };
      }
      const pair = symbol === undefined ? undefined : market.getPair(symbol);
      if (!pair) return { ack: { ok: false, error: 'pair_unknown' } };
      const requested = typeof request === 'object' && request ? (request as { period?: unknown }).period : undefined;
      if (requested !== undefined && !isCandlePeriod(requested)) return { ack: { ok: false, error: 'period_unknown' } };
      const following = [...socket.rooms].filter((r) => r.startsWith('pair:')).length;
      if (!socket.rooms.has(pairRoom(pair.symbol)) && following >= MAX_PAIRS_PER_SOCKET) {
        return { ack: { ok: false, error: 'subscription_limit' } };
      }
      void socket.join(pairRoom(pair.symbol));
      // One chart period per pair: asking for another replaces it.
      for (const room of socket.rooms) if (room.startsWith(`kline:${pair.symbol}:`)) void socket.leave(room);
      // Candles go only to a chart: a subscription without a period (the trade page, lists) gets none,
      // which halves the frames each of those clients receives per tick. A chart gets the 1-minute candle
      // (its time-share line) besides its own period.
      const period = requested as CandlePeriod | undefined;
      for (const p of chartPeriods(period)) void socket.join(klineRoom(pair.symbol, p));
      return { ack: { ok: true, symbol: pair.symbol, ...(period ? { period } : {}) }, pair, period };
    }

    function leavePair(socket: Socket, pair: Pair) {
      void socket.leave(pairRoom(pair.symbol));
      for (const room of socket.rooms) if (room.startsWith(`kline:${pair.symbol}:`)) void socket.leave(room);
    }

    /** What a new subscriber needs at once: the ticker, the live candles of a chart and the book. */
    async function snapshot(socket: Socket, pair: Pair, period: CandlePeriod | undefined) {
      const daymarket = market.daymarket(pair);
      if (daymarket) socket.emit(SOCKET_EVENTS.daymarket, daymarket);
      for (const p of chartPeriods(period)) {
        const candle = market.currentCandle(pair.id, p);
        if (candle) socket.emit(SOCKET_EVENTS.kline, { symbol: pair.symbol, period: p, ...toKline(candle) });
      }
      try {
        socket.emit(SOCKET_EVENTS.marketDepth, await market.depth(pair));
      } catch (error) {
        app.log.warn({ err: error }, 'depth snapshot failed');
      }
    }

    // Every node sees the same ticks (in a cluster, the leader's feed relayed to the others), so tickers
    // and candles go to this node's clients only; the book's depth and trades come from the one node
    // running a market's engine and go to all.
    off = [
      market.on('tick', ({ pair, daymarket }) => {
        // One emit per tick for both rooms: socket.io encodes the packet once and writes it to each client.
        server.local
          .to(pairRoom(pair.symbol))
          .to(TICKERS_ROOM)
          .emit(SOCKET_EVENTS.daymarket, { ...daymarket, sent_at: Date.now() });
      }),
      market.on('kline', ({ pair, period, candle }) => {
        server.local
          .to(klineRoom(pair.symbol, period))
          .emit(SOCKET_EVENTS.kline, { symbol: pair.symbol, period, ...toKline(candle) });
      }),
      market.on('depth', ({ pair, depth }) => {
        server.to(pairRoom(pair.symbol)).emit(SOCKET_EVENTS.marketDepth, depth);
      }),
      market.on('trade', ({ pair, trade }) => {
        server.to(pairRoom(pair.symbol)).emit(SOCKET_EVENTS.matchTrade, trade);
      }),
    ];
  }
});

/** The candle periods a subscription gets: none without a chart; a chart's own and the 1-minute one. */
function chartPeriods(period: CandlePeriod | undefined): Set<CandlePeriod> {
  return new Set(period ? ['1min', period] : []);
}

function symbolOf(request: unknown): string | undefined {
  if (typeof request === 'string') return request;
  if (typeof request === 'object' && request && typeof (request as { symbol?: unknown }).symbol === 'string') {
    return (request as { symbol: string }).symbol;
  }
  return undefined;
}

/** Rooms across nodes through Redis; loaded only when REDIS_URL is set. */
async function useRedis(io: Server, url: string, app: FastifyInstance): Promise<() => Promise<void>> {
  const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
  // Events are of the moment: while Redis is away a publish fails at once rather than queueing to be
  // replayed late, and the failure is dropped here — the adapter does not handle the promise it gets,
  // and an unhandled rejection would end the process. This node's own clients are served meanwhile.
  // Auto-pipelined: the events of one event-loop turn (an order's update, its pair's trades and depth)
  // leave in one write instead of one system call each.
  const pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, enableAutoPipelining: true });
  const publish = pub.publish.bind(pub);
  let lastWarned = 0;
  pub.publish = ((...args: Parameters<typeof publish>) =>
    publish(...args).catch((error: Error) => {
      if (Date.now() - lastWarned > 10_000) {
        lastWarned = Date.now();
        app.log.warn({ err: error.message }, 'socket events not published to other nodes: Redis unavailable');
      }
      return 0;
    })) as typeof pub.publish;
  // The subscriber keeps its subscriptions across reconnects (ioredis resubscribes).
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  for (const client of [pub, sub]) client.on('error', (error) => app.log.warn({ err: error.message }, 'socket redis error'));
  // cluster: under the deployment's prefix, like every other key and channel.
  io.adapter(createAdapter(pub, sub, { key: `${app.config.redisPrefix}:socket.io` }));
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}
