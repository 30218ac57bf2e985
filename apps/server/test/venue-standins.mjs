/**
 * Local stand-ins for the public market data of the index's five venues, each its own HTTP + websocket
 * server on 127.0.0.1: Binance (combined streams named in the URL, and REST `GET /api/v3/klines`), OKX,
 * Coinbase, Kraken (websocket v1) and Bybit, which answer subscriptions as the venues do (acks, pongs)
 * and send trades in each venue's own message format — the recorded message of
 * `fixtures/index-venues.json` with the market, price, quantity and time the caller asks for. Plain
 * JavaScript so the tests and `bench/index-latency.mjs` share it. Nothing here leaves 127.0.0.1.
 *
 * A venue can be stalled (connected, silent), dropped (connections closed and refused until restored)
 * or made to close its connections once (a reconnect).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

export const STANDIN_VENUES = ['binance', 'okx', 'coinbase', 'kraken', 'bybit'];

const fixture = JSON.parse(readFileSync(new URL('./fixtures/index-venues.json', import.meta.url), 'utf8'));
const clone = (value) => JSON.parse(JSON.stringify(value));

/** Kraken's and Coinbase's times: seconds with microseconds; ISO 8601 with microseconds. */
const krakenTime = (ms) => `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}000`;
const isoMicros = (ms) => new Date(ms).toISOString().replace('Z', '000Z');

/** Per venue: the recorded trade message with the caller's values, and how subscriptions are answered. */
const formats = {
  binance: {
    trade({ market, price, quantity, time, id }) {
      const m = clone(fixture.venues.binance.trade);
      m.stream = `${market.toLowerCase()}@trade`;
      Object.assign(m.data, { s: market, p: price, q: quantity, T: time, E: time + 1, t: id });
      return m;
    },
    markets: (url) =>
      (new URL(url, 'http://127.0.0.1').searchParams.get('streams') ?? '')
        .split('/')
        .filter(Boolean)
        .map((s) => s.split('@')[0].toUpperCase()),
    onMessage: () => undefined,
  },
  okx: {
    trade({ market, price, quantity, time, id }) {
      const m = clone(fixture.venues.okx.trade);
      m.arg.instId = market;
      Object.assign(m.data[0], { instId: market, px: price, sz: quantity, ts: String(time), tradeId: String(id) });
      return m;
    },
    onMessage(text, subscribe) {
      if (text === 'ping') return ['pong'];
      const m = JSON.parse(text);
      if (m.op !== 'subscribe') return [];
      return m.args.map((arg) => {
        subscribe(arg.instId);
        return { ...clone(fixture.venues.okx.acks[0]), arg };
      });
    },
  },
  coinbase: {
    trade({ market, price, quantity, time, id }) {
      const m = clone(fixture.venues.coinbase.trade);
      Object.assign(m, { product_id: market, price, size: quantity, time: isoMicros(time), trade_id: id, sequence: id });
      return m;
    },
    onMessage(text, subscribe, subscribed) {
      const m = JSON.parse(text);
      if (m.type !== 'subscribe') return [];
      for (const p of m.product_ids) subscribe(p);
      const ack = clone(fixture.venues.coinbase.acks[0]);
      ack.channels[0].product_ids = subscribed();
      return [ack];
    },
  },
  kraken: {
    trade({ market, price, quantity, time }) {
      const m = clone(fixture.venues.kraken.trade);
      m[1] = [[price, quantity, krakenTime(time), 'b', 'm', '']];
      m[3] = market;
      return m;
    },
    greeting: () => [fixture.venues.kraken.acks[0]],
    onMessage(text, subscribe) {
      const m = JSON.parse(text);
      if (m.event === 'ping') return [{ event: 'pong', reqid: m.reqid }];
      if (m.event !== 'subscribe') return [];
      return m.pair.map((pair) => {
        subscribe(pair);
        return { ...clone(fixture.venues.kraken.acks[1]), pair };
      });
    },
  },
  bybit: {
    trade({ market, price, quantity, time, id }) {
      const m = clone(fixture.venues.bybit.trade);
      m.topic = `publicTrade.${market}`;
      m.ts = time + 1;
      Object.assign(m.data[0], { s: market, p: price, v: quantity, T: time, i: String(id) });
      return m;
    },
    onMessage(text, subscribe) {
      const m = JSON.parse(text);
      if (m.op === 'ping') return [{ ...clone(fixture.venues.bybit.noise[0]) }];
      if (m.op !== 'subscribe') return [];
      for (const topic of m.args) subscribe(topic.replace(/^publicTrade\./, ''));
      return [clone(fixture.venues.bybit.acks[0])];
    },
  },
};

/**
 * Starts the stand-ins. `clock.now` (ms; default the real clock) stamps trades sent without a time and
 * decides which klines exist; `klines` maps a Binance symbol to its `1m` / `1d` rows for the REST stand-in.
 * `basePort` puts the venues on basePort, basePort + 1, … (default: free ports).
 */
export async function startVenueStandins({ venues = STANDIN_VENUES, clock, klines = {}, basePort = 0 } = {}) {
  const now = () => (clock ? clock.now : Date.now());
  let nextId = 1;
  const out = { urls: {}, requests: [], close: undefined };
  const servers = {};

  for (const [i, name] of venues.entries()) {
    const format = formats[name];
    const state = { stalled: false, refusing: false, connections: 0, refused: 0, clients: new Set() };
    const http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      out.requests.push({ venue: name, url });
      const json = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (name !== 'binance' || url.pathname !== '/api/v3/klines') return json(404, { code: -1, msg: 'Not found.' });
      const q = url.searchParams;
      const interval = q.get('interval');
      if (interval !== '1m' && interval !== '1d') return json(400, { code: -1120, msg: 'Invalid interval.' });
      const start = Number(q.get('startTime') ?? 0);
      const end = Number(q.get('endTime') ?? Number.MAX_SAFE_INTEGER);
      const limit = Math.min(Number(q.get('limit') ?? 500), 1000);
      const rows = (klines[q.get('symbol')]?.[interval] ?? [])
        .filter((r) => r[0] >= start && r[0] <= end && r[0] <= now())
        .slice(0, limit);
      json(200, rows);
    });
    const wss = new WebSocketServer({ noServer: true });
    http.on('upgrade', (req, socket, head) => {
      if (state.refusing) {
        state.refused++;
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        state.connections++;
        const client = { ws, markets: new Set(format.markets?.(req.url) ?? []) };
        state.clients.add(client);
        ws.on('close', () => state.clients.delete(client));
        for (const m of format.greeting?.() ?? []) ws.send(JSON.stringify(m));
        ws.on('message', (data) => {
          let replies;
          try {
            replies = format.onMessage(
              data.toString(),
              (market) => client.markets.add(market),
              () => [...client.markets],
            );
          } catch {
            replies = [];
          }
          for (const r of replies ?? []) ws.send(typeof r === 'string' ? r : JSON.stringify(r));
        });
      });
    });
    await new Promise((resolve, reject) => {
      http.once('error', reject);
      http.listen(basePort ? basePort + i : 0, '127.0.0.1', resolve);
    });
    const { port } = http.address();
    out.urls[name] = {
      ws: name === 'okx' ? `ws://127.0.0.1:${port}/ws/v5/public` : `ws://127.0.0.1:${port}`,
      rest: `http://127.0.0.1:${port}`,
    };
    servers[name] = { http, wss, state, format };
  }

  const venue = (name) => {
    const server = servers[name];
    if (!server) throw new Error(`no stand-in for ${name}`);
    return server;
  };

  /** Sends a trade on `name` to every client subscribed to `market`; returns how many got it. */
  out.trade = (name, market, price, { quantity = '0.01', time = now() } = {}) => {
    const { state, format } = venue(name);
    if (state.stalled) return 0;
    const text = JSON.stringify(format.trade({ market, price, quantity, time, id: nextId++ }));
    let sent = 0;
    for (const c of state.clients)
      if (c.markets.has(market) && c.ws.readyState === c.ws.OPEN) {
        c.ws.send(text);
        sent++;
      }
    return sent;
  };
  /** Markets subscribed on `name` by its connected clients. */
  out.subscribed = (name) => [...venue(name).state.clients].flatMap((c) => [...c.markets]);
  out.connections = (name) => venue(name).state.connections;
  out.refused = (name) => venue(name).state.refused;
  /** The venue stays connected but sends no trade until `resume`. */
  out.stall = (name) => {
    venue(name).state.stalled = true;
  };
  out.resume = (name) => {
    venue(name).state.stalled = false;
  };
  /** Closes the venue's connections; with `refuse`, new ones are refused until `restore`. */
  out.drop = (name, { refuse = true } = {}) => {
    const { state } = venue(name);
    state.refusing = refuse;
    for (const c of state.clients) c.ws.terminate();
  };
  out.restore = (name) => {
    venue(name).state.refusing = false;
  };
  /** Environment of a server using every stand-in (MARKET_FEED=index). */
  out.env = () => ({
    MARKET_INDEX_VENUES: venues.join(','),
    ...(servers.binance ? { MARKET_WS_URL: out.urls.binance.ws, MARKET_REST_URL: out.urls.binance.rest } : {}),
    ...(servers.okx ? { MARKET_OKX_WS_URL: out.urls.okx.ws } : {}),
    ...(servers.coinbase ? { MARKET_COINBASE_WS_URL: out.urls.coinbase.ws } : {}),
    ...(servers.kraken ? { MARKET_KRAKEN_WS_URL: out.urls.kraken.ws } : {}),
    ...(servers.bybit ? { MARKET_BYBIT_WS_URL: out.urls.bybit.ws } : {}),
  });
  out.close = async () => {
    for (const { http, wss, state } of Object.values(servers)) {
      state.refusing = true;
      for (const c of state.clients) c.ws.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise((resolve) => http.close(() => resolve()));
    }
  };
  return out;
}
