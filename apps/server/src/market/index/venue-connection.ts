import WebSocket from 'ws';
import { closeSocket } from '../close-socket.js';
import type { MarketLog } from '../feed.js';
import { reconnectDelay } from '../reconnect-backoff.js';
import type { VenueProtocol, VenueTrade } from './venues.js';

export type VenueConnectionOptions = {
  protocol: VenueProtocol;
  wsUrl: string;
  markets: readonly string[];
  log: MarketLog;
  onTrade: (trade: VenueTrade) => void;
  /** Called on every accepted connection; `reconnect` is false for the first one. */
  onOpen?: (reconnect: boolean) => void;
  onClose?: () => void;
  /** First reconnect delay; doubles per failed attempt up to maxBackoffMs (±20 % jitter). */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** No message at all for this long: the connection is dead, reconnect. */
  silenceMs?: number;
};

/**
 * One venue's websocket: connect, subscribe, read trades; reconnect with exponential backoff after a
 * drop or a silence. What the venue says is never trusted to be well formed: an unreadable message is
 * logged and skipped, never a crash.
 */
export class VenueConnection {
  private socket: WebSocket | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private silenceTimer: NodeJS.Timeout | undefined;
  private pingTimer: NodeJS.Timeout | undefined;
  private attempts = 0;
  private stopped = true;
  /** Connections accepted so far (tests and the log). */
  connections = 0;
  connected = false;

  constructor(private readonly options: VenueConnectionOptions) {}

  get name(): string {
    return this.options.protocol.name;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.silenceTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = undefined;
    await closeSocket(socket);
  }

  private connect(): void {
    if (this.stopped) return;
    const { protocol, log } = this.options;
    const socket = new WebSocket(protocol.url(this.options.wsUrl, this.options.markets), { handshakeTimeout: 10_000 });
    this.socket = socket;
    let delivered = false;
    socket.on('open', () => {
      this.connections++;
      this.connected = true;
      log.info({ venue: protocol.name, connections: this.connections }, 'index venue connected');
      for (const message of protocol.subscribe(this.options.markets)) socket.send(message);
      if (protocol.ping) {
        const { message, everyMs } = protocol.ping;
        this.pingTimer = setInterval(() => socket.readyState === WebSocket.OPEN && socket.send(message), everyMs);
      }
      this.watch(socket);
      this.options.onOpen?.(this.connections > 1);
    });
    socket.on('message', (data) => {
      if (!delivered) {
        delivered = true;
        this.attempts = 0;
      }
      this.watch(socket);
      let trades: VenueTrade[];
      try {
        trades = protocol.parse(data.toString());
      } catch (error) {
        log.warn({ venue: protocol.name, err: (error as Error).message }, 'index venue: unreadable message');
        return;
      }
      for (const trade of trades) this.options.onTrade(trade);
    });
    socket.on('error', (error) => log.warn({ venue: protocol.name, err: error.message }, 'index venue socket error'));
    socket.on('close', () => {
      clearTimeout(this.silenceTimer);
      clearInterval(this.pingTimer);
      const wasConnected = this.connected;
      this.connected = false;
      if (this.socket === socket) this.socket = undefined;
      if (wasConnected) this.options.onClose?.();
      if (this.stopped) return;
      const delay = this.backoff();
      log.warn({ venue: protocol.name, delay }, 'index venue disconnected; reconnecting');
      this.reconnectTimer = setTimeout(() => this.connect(), delay);
    });
  }

  /** Exponential backoff with jitter; `attempts` resets once a connection delivers a message. */
  private backoff(): number {
    return reconnectDelay(this.attempts++, this.options.backoffMs, this.options.maxBackoffMs);
  }

  private watch(socket: WebSocket): void {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = setTimeout(() => {
      this.options.log.warn({ venue: this.options.protocol.name }, 'index venue silent; reconnecting');
      socket.terminate();
    }, this.options.silenceMs ?? 60_000);
  }
}
