/**
 * A share of `bench/socket.mjs`'s clients, in a process of its own (forked, talking over IPC), so that
 * reading thousands of pushes per tick is spread over processes as it is over phones.
 *
 * In:  { kind: 'start', origins, symbol, indices } — connect client k (for each k in `indices`) to
 *      node k mod N; { kind: 'measure' }; { kind: 'stop' }.
 * Out: { kind: 'connected', connected: per-node counts }; after 'stop':
 *      { kind: 'result', delays, ticks: per-node arrays of `sent_at`, received }.
 * Delay = arrival here − `sent_at`, the emitting node's clock (same machine, same clock).
 */
import { CONNECT_BATCH, socketClient } from './socket-client.mjs';

const sockets = [];
let measuring = false;
const delays = [];
let ticks = [];
let received = 0;

async function start({ origins, symbol, indices }) {
  ticks = origins.map(() => new Set());
  const connected = origins.map(() => 0);
  const onMessage = () => {
    if (measuring) received++;
  };
  for (let i = 0; i < indices.length; i += CONNECT_BATCH) {
    const batch = await Promise.all(
      indices.slice(i, i + CONNECT_BATCH).map(async (k) => {
        const node = k % origins.length;
        const onTick = (payload) => {
          if (!measuring || payload?.symbol !== symbol || typeof payload.sent_at !== 'number') return;
          delays.push(Date.now() - payload.sent_at);
          ticks[node].add(payload.sent_at);
        };
        return { node, ...(await socketClient(origins[node], symbol, onTick, onMessage)) };
      }),
    );
    for (const c of batch) {
      sockets.push(c.socket);
      if (c.ok) connected[c.node]++;
    }
  }
  process.send({ kind: 'connected', connected });
}

process.on('message', (message) => {
  if (message.kind === 'start') void start(message);
  else if (message.kind === 'measure') measuring = true;
  else if (message.kind === 'stop') {
    measuring = false;
    process.send({ kind: 'result', delays, ticks: ticks.map((seen) => [...seen]), received }, () => {
      for (const s of sockets) s.disconnect();
      process.exit(0);
    });
  }
});
