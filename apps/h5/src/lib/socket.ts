import {
  type CandlePeriod,
  type DaymarketEvent,
  type KlineEvent,
  type MarketDepthEvent,
  type MatchTradeEvent,
  SOCKET_EVENTS,
} from '@app/shared';
import { io } from 'socket.io-client';
import { currentToken, useAuthStore } from './auth-store';

/**
 * The realtime client: one socket.io connection (path /socket.io, websocket then polling) shared by
 * every screen. Screens subscribe to a pair (or `*` for every pair's ticker); subscriptions are
 * counted per symbol, so the server hears `subscribe` once for the first screen and `unsubscribe`
 * once the last one has gone. After any reconnect every live subscription is sent again, and the
 * handshake carries the stored login (`auth: {token}`) so the server also joins the user's private
 * room. This module is loaded lazily (`use-market-stream.ts`): socket.io-client stays out of the
 * first screen's JavaScript.
 */

export type StreamHandlers = {
  onTicker?: (event: DaymarketEvent) => void;
  onKline?: (event: KlineEvent) => void;
  onDepth?: (event: MarketDepthEvent) => void;
  onTrade?: (event: MatchTradeEvent) => void;
};

export type ConnectionState = 'connecting' | 'online' | 'offline';

/** What the client needs of a socket.io socket (a fake one in tests). */
export type SocketLike = {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: (...args: never[]) => void): unknown;
};

export type SocketFactory = (auth: (cb: (data: object) => void) => void) => SocketLike;

type Subscription = { symbol: string; period?: CandlePeriod; handlers: StreamHandlers };

/** After the last subscription ends the connection stays this long, so switching pages does not churn it. */
const IDLE_CLOSE_MS = 15_000;
/** A server that closed the connection itself is asked again after this long. */
const SERVER_CLOSE_RETRY_MS = 2_000;

export class MarketSocket {
  private socket: SocketLike | undefined;
  private readonly subscriptions = new Set<Subscription>();
  private readonly userListeners = new Map<string, Set<(payload: unknown) => void>>();
  private readonly stateListeners = new Set<(state: ConnectionState, reconnected: boolean) => void>();
  /** What the server was last told per symbol: subscribed, with which chart period. */
  private readonly sent = new Map<string, CandlePeriod | undefined>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private everConnected = false;
  state: ConnectionState = 'offline';

  constructor(private readonly factory: SocketFactory) {}

  /**
   * Follows a pair (or `*`): handlers get its events until the returned function is called. `period`
   * asks for that chart period's live candle besides the 1-minute one (one period per pair: the
   * newest request wins while it lasts).
   */
  subscribe(symbol: string, handlers: StreamHandlers, period?: CandlePeriod): () => void {
    const subscription: Subscription = { symbol, period, handlers };
    this.subscriptions.add(subscription);
    this.ensureSocket();
    this.sync(symbol);
    return () => {
      if (!this.subscriptions.delete(subscription)) return;
      this.sync(symbol);
      this.closeWhenIdle();
    };
  }

  /** Events of the user's private room (order updates); needs a login, which the handshake carries. */
  onUser(event: string, listener: (payload: unknown) => void): () => void {
    let set = this.userListeners.get(event);
    if (!set) {
      set = new Set();
      this.userListeners.set(event, set);
      this.socket?.on(event, (payload: never) => this.dispatchUser(event, payload));
    }
    set.add(listener);
    this.ensureSocket();
    return () => {
      set.delete(listener);
      this.closeWhenIdle();
    };
  }

  /** Connection changes; `reconnected` is true when a connection came back after a loss. */
  onState(listener: (state: ConnectionState, reconnected: boolean) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  /** Symbols the server follows for us now, with their chart period (for tests and diagnostics). */
  activeSymbols(): Map<string, CandlePeriod | undefined> {
    return new Map(this.sent);
  }

  /** A new login (or logout): connect again so the server joins (or leaves) the private room. */
  reauthenticate(): void {
    if (!this.socket) return;
    this.socket.disconnect();
    this.sent.clear();
    this.setState('connecting', false);
    this.socket.connect();
  }

  private ensureSocket(): void {
    if (this.idleTimer) {
      clearTimeout(this.idleTimer);
      this.idleTimer = undefined;
    }
    if (this.socket) {
      if (!this.socket.connected && this.state === 'offline') {
        this.setState('connecting', false);
        this.socket.connect();
      }
      return;
    }
    // The token is read at every handshake, so reconnects carry the current login.
    const socket = this.factory((cb) => cb({ token: currentToken() ?? '' }));
    this.socket = socket;
    this.setState('connecting', false);
    socket.on('connect', () => {
      const reconnected = this.everConnected;
      this.everConnected = true;
      // The server forgot our rooms with the old connection: send every live subscription again.
      this.sent.clear();
      for (const symbol of new Set([...this.subscriptions].map((s) => s.symbol))) this.sync(symbol);
      this.setState('online', reconnected);
    });
    socket.on('disconnect', (reason: never) => {
      this.sent.clear();
      if (!this.hasListeners()) {
        this.setState('offline', false);
        return;
      }
      this.setState('connecting', false);
      // socket.io retries by itself except when the server closed the connection on purpose.
      if (String(reason) === 'io server disconnect') setTimeout(() => this.socket?.connect(), SERVER_CLOSE_RETRY_MS);
    });
    socket.on('connect_error', () => this.setState('connecting', false));
    socket.on(SOCKET_EVENTS.daymarket, (event: never) => this.dispatch(event, 'onTicker', true));
    socket.on(SOCKET_EVENTS.kline, (event: never) => this.dispatch(event, 'onKline', false));
    socket.on(SOCKET_EVENTS.marketDepth, (event: never) => this.dispatch(event, 'onDepth', false));
    socket.on(SOCKET_EVENTS.matchTrade, (event: never) => this.dispatch(event, 'onTrade', false));
    for (const event of this.userListeners.keys()) socket.on(event, (payload: never) => this.dispatchUser(event, payload));
  }

  /** Tells the server what this client now wants for `symbol`: follow (with a period), or stop. */
  private sync(symbol: string): void {
    const socket = this.socket;
    const mine = [...this.subscriptions].filter((s) => s.symbol === symbol);
    const wanted = mine.length > 0;
    // The newest subscription that asked for a period decides the chart period.
    const period = mine.reduce<CandlePeriod | undefined>((p, s) => s.period ?? p, undefined);
    if (!socket?.connected) return;
    const following = this.sent.has(symbol);
    if (wanted && (!following || this.sent.get(symbol) !== period)) {
      socket.emit(SOCKET_EVENTS.subscribe, period ? { symbol, period } : { symbol });
      this.sent.set(symbol, period);
    } else if (!wanted && following) {
      socket.emit(SOCKET_EVENTS.unsubscribe, { symbol });
      this.sent.delete(symbol);
    }
  }

  private dispatch(event: { symbol?: string } | null, key: keyof StreamHandlers, toAll: boolean): void {
    if (!event || typeof event.symbol !== 'string') return;
    for (const s of [...this.subscriptions]) {
      if (s.symbol === event.symbol || (toAll && s.symbol === '*')) {
        (s.handlers[key] as ((e: unknown) => void) | undefined)?.(event);
      }
    }
  }

  private dispatchUser(event: string, payload: unknown): void {
    for (const listener of [...(this.userListeners.get(event) ?? [])]) listener(payload);
  }

  private hasListeners(): boolean {
    if (this.subscriptions.size > 0) return true;
    for (const set of this.userListeners.values()) if (set.size > 0) return true;
    return false;
  }

  private closeWhenIdle(): void {
    if (this.hasListeners() || this.idleTimer) return;
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.hasListeners()) return;
      this.socket?.disconnect();
      this.sent.clear();
      this.setState('offline', false);
    }, IDLE_CLOSE_MS);
  }

  private setState(state: ConnectionState, reconnected: boolean): void {
    if (state === this.state && !reconnected) return;
    this.state = state;
    for (const listener of [...this.stateListeners]) listener(state, reconnected);
  }
}

/** The app's one connection, to the page's own origin. */
export const marketSocket = new MarketSocket((auth) =>
  io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    auth,
    reconnection: true,
    reconnectionDelay: 1_000,
    reconnectionDelayMax: 10_000,
    autoConnect: true,
  }),
);

// A login or logout changes which private room the connection may join.
let lastToken = useAuthStore.getState().session?.token ?? null;
useAuthStore.subscribe((state) => {
  const token = state.session?.token ?? null;
  if (token === lastToken) return;
  lastToken = token;
  marketSocket.reauthenticate();
});
