import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { type WebSocket, WebSocketServer } from 'ws';

/**
 * A local stand-in for Binance's public market data on 127.0.0.1: REST `GET /api/v3/klines` from a
 * fixture, and the combined-stream websocket (`/stream?streams=…`) replaying recorded messages session
 * by session. It moves the shared clock to each message's moment as it sends it, so the adapter under
 * test sees time pass as it did at the recording. A session may end by dropping the connection; the
 * minutes between sessions exist only over REST (a gap the adapter must repair).
 */

export type KlineRow = [number, string, string, string, string, string, number, string, number, string, string, string];
export type ReplayMessage = { at: number; msg?: unknown; raw?: string };
export type ReplayFixture = {
  symbol: string;
  klines: Record<'1m' | '1d', KlineRow[]>;
  sessions: { start: number; drop: boolean; messages: ReplayMessage[] }[];
};

export type ReplayOptions = {
  /** The clock the adapter reads (ms); the replay sets it. */
  clock: { now: number };
  /** Refuse this many websocket connections first (HTTP 503), to exercise the backoff. */
  refuse?: number;
  /** Real milliseconds between two replayed messages. */
  gapMs?: number;
};

export type Replay = {
  restUrl: string;
  wsUrl: string;
  /** Every REST request, in order. */
  requests: URL[];
  /** Every websocket connection attempt: when, which streams, whether it was accepted. */
  upgrades: { at: number; streams: string[]; accepted: boolean }[];
  close: () => Promise<void>;
};

export async function startBinanceReplay(fixture: ReplayFixture, options: ReplayOptions): Promise<Replay> {
  const { clock } = options;
  const gapMs = options.gapMs ?? 5;
  const requests: URL[] = [];
  const upgrades: Replay['upgrades'] = [];
  let sessionIndex = 0;
  let closing = false;

  const http = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/api/v3/klines') return json(404, { code: -1, msg: 'Not found.' });
    const q = url.searchParams;
    if (q.get('symbol') !== fixture.symbol) return json(400, { code: -1121, msg: 'Invalid symbol.' });
    const interval = q.get('interval');
    if (interval !== '1m' && interval !== '1d') return json(400, { code: -1120, msg: 'Invalid interval.' });
    const start = Number(q.get('startTime') ?? 0);
    const end = Number(q.get('endTime') ?? Number.MAX_SAFE_INTEGER);
    const limit = Math.min(Number(q.get('limit') ?? 500), 1000);
    // Like the exchange: candles that have opened by now, the forming one included.
    const rows = fixture.klines[interval].filter((r) => r[0] >= start && r[0] <= end && r[0] <= clock.now).slice(0, limit);
    json(200, rows);
  });

  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const streams = url.searchParams.get('streams')?.split('/') ?? [];
    const refusedSoFar = upgrades.filter((u) => !u.accepted).length;
    const accepted = !closing && url.pathname === '/stream' && refusedSoFar >= (options.refuse ?? 0);
    upgrades.push({ at: Date.now(), streams, accepted });
    if (!accepted) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => void play(ws));
  });

  async function play(ws: WebSocket) {
    const session = fixture.sessions[sessionIndex++];
    if (!session) return; // Past the recording: the connection stays open and silent.
    clock.now = session.start;
    for (const m of session.messages) {
      await sleep(gapMs);
      if (ws.readyState !== ws.OPEN) return;
      clock.now = m.at;
      ws.send(m.raw ?? JSON.stringify(m.msg));
    }
    if (session.drop) {
      await sleep(gapMs);
      ws.terminate();
    }
  }

  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  return {
    restUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}`,
    requests,
    upgrades,
    close: async () => {
      closing = true;
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
