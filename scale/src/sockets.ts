import { SOCKET_EVENTS } from '@app/shared';
import { io, type Socket } from 'socket.io-client';

/**
 * A socket.io client of one node that records every event it receives, follows the given pairs (again
 * after each reconnect, as the H5 app does) and, with a user's token, gets that user's private pushes.
 */

export type Received = { event: string; payload: unknown; at: number };

export type SocketClient = {
  socket: Socket;
  events: Received[];
  /** Resolves with the first event (already received or to come) of this name that `match` accepts. */
  waitFor: <T = unknown>(event: string, match: (payload: T) => boolean, timeoutMs: number) => Promise<T>;
  /** Events of this name received after index `from` of `events` (or all). */
  received: <T = unknown>(event: string, from?: number) => T[];
  close: () => void;
};

export async function connectSocket(
  baseUrl: string,
  { token, symbols = [], timeoutMs = 30_000 }: { token?: string; symbols?: string[]; timeoutMs?: number } = {},
): Promise<SocketClient> {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    ...(token ? { auth: { token } } : {}),
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    timeout: 5_000,
  });
  const events: Received[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((event: string, payload: unknown) => {
    events.push({ event, payload, at: Date.now() });
    for (const wake of waiters) wake();
  });
  const subscribed = new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`socket of ${baseUrl} did not subscribe within ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', async () => {
      for (const symbol of symbols) {
        const ack = (await socket
          .timeout(10_000)
          .emitWithAck(SOCKET_EVENTS.subscribe, { symbol })
          .catch(() => undefined)) as { ok: boolean } | undefined;
        if (!ack?.ok) return; // the next reconnect tries again
      }
      clearTimeout(timer);
      done();
    });
  });
  try {
    await subscribed;
  } catch (error) {
    socket.close();
    throw error;
  }

  const received = <T>(event: string, from = 0) =>
    events
      .slice(from)
      .filter((e) => e.event === event)
      .map((e) => e.payload as T);
  return {
    socket,
    events,
    received,
    waitFor: <T>(event: string, match: (payload: T) => boolean, timeout: number) =>
      new Promise<T>((done, fail) => {
        const check = () => {
          const found = received<T>(event).find(match);
          if (found === undefined) return false;
          finish();
          done(found);
          return true;
        };
        const timer = setTimeout(() => {
          finish();
          fail(new Error(`no matching ${event} within ${timeout} ms at ${baseUrl} (${received(event).length} ${event} seen)`));
        }, timeout);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        const wake = () => void check();
        if (!check()) waiters.add(wake);
      }),
    close: () => void socket.close(),
  };
}
