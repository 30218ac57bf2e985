import { io as connect } from 'socket.io-client';

/** Clients connect this many at a time (a burst of thousands of handshakes only measures the accept queue). */
export const CONNECT_BATCH = 100;

/**
 * One socket.io client of `origin`: websocket only, subscribed to `symbol`'s room; resolves once the
 * server acknowledged the subscription (`ok`) or it failed. `onTick` gets every `daymarket` push,
 * `onMessage` is called for every message of any kind.
 */
export function socketClient(origin, symbol, onTick, onMessage = () => {}) {
  return new Promise((resolveClient) => {
    const socket = connect(origin, {
      path: '/socket.io',
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: 30_000,
    });
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      resolveClient({ socket, ok });
    };
    socket.on('connect', () => {
      socket.emit('subscribe', { symbol }, (ack) => done(Boolean(ack?.ok)));
    });
    socket.on('connect_error', () => done(false));
    socket.on('daymarket', (payload) => onTick(payload));
    socket.onAny(() => onMessage());
    setTimeout(() => done(false), 30_000).unref();
  });
}
