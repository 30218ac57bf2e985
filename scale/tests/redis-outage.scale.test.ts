import { SOCKET_EVENTS, SPOT_EVENTS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound } from '../src/after-fault.js';
import { call, describe as describeOutcome, isRetryable } from '../src/api.js';
import { compareDecimal } from '../src/checks.js';
import { type Cluster, engineOwners, type ScaleNode, settledOwner, until } from '../src/cluster.js';
import { connectSocket, type SocketClient } from '../src/sockets.js';
import { BTC_USDT, BTC_USDT_PAIR_ID, placeLimit, type Trader } from '../src/traders.js';
import { startTradingCluster, stopTradingCluster } from '../src/trading-cluster.js';

/**
 * Faults: Redis goes down and comes back. A TCP proxy between the two nodes and the local
 * Redis drops every connection and refuses new ones. Meanwhile the node running the market keeps
 * serving its own clients — REST, and its pushes to its own socket clients — the other node answers
 * what it can on its own and refuses forwarded orders cleanly; once Redis is back, orders cross
 * between nodes and events reach the other node's sockets again.
 */

const REQUEST_TIMEOUT_MS = 10_000;
/** How long Redis stays away at least. */
const OUTAGE_MS = 6_000;
type Trade = { symbol: string; id: number; price: string };
type OrderEvent = { id: number; status: string };

let cluster: Cluster;
const sockets: SocketClient[] = [];
let owner: ScaleNode;
let other: ScaleNode;
let maker: Trader;
let atOwner: Trader;
let atOther: Trader;

beforeAll(async () => {
  const started = await startTradingCluster(
    { nodes: 2, proxyRedis: true, env: { REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS) } },
    { count: 3, name: 'redisout' },
  );
  cluster = started.cluster;
  [maker, atOwner, atOther] = started.users as [Trader, Trader, Trader];
  owner = await settledOwner(cluster, BTC_USDT_PAIR_ID, BTC_USDT.symbol);
  other = cluster.nodes.find((n) => n !== owner)!;
});

afterAll(() => stopTradingCluster({ cluster, sockets }));

/** Waits until both nodes' health reports Redis `state`; a node that dies meanwhile fails the wait at once. */
function untilRedisReported(state: 'up' | 'down', timeoutMs: number): Promise<true> {
  return until(
    `both nodes reporting Redis ${state}`,
    async () => {
      cluster.assertAlive();
      return (await Promise.all(cluster.nodes.map((n) => cluster.health(n)))).every((h) => h?.redis === state) ? true : undefined;
    },
    timeoutMs,
  );
}

async function socketOn(node: ScaleNode, user: Trader): Promise<SocketClient> {
  const client = await connectSocket(node.baseUrl, { token: user.token, symbols: [BTC_USDT.symbol] });
  sockets.push(client);
  return client;
}

/** A resting sell and the buy that takes it, both through `node`; the buy's reply. */
async function trade(node: ScaleNode, buyer: Trader, price: string) {
  await placeLimit(node.baseUrl, maker, 'sell', price, '0.001');
  return placeLimit(node.baseUrl, buyer, 'buy', price, '0.001');
}

const tradeAt = (price: string) => (t: Trade) => t.symbol === BTC_USDT.symbol && compareDecimal(t.price, price) === 0;

describe('Redis down and back', () => {
  it('keeps each node serving its own clients while Redis is away, and crosses nodes again once it is back', async () => {
    const ownSocket = await socketOn(owner, atOwner);
    const otherSocket = await socketOn(other, atOther);
    // Before: a trade on the engine's node reaches the other node's socket.
    await trade(owner, atOwner, '60010');
    await otherSocket.waitFor(SOCKET_EVENTS.matchTrade, tradeAt('60010'), 15_000);

    await cluster.redisProxy!.cut();
    await untilRedisReported('down', 20_000);

    const cutDone = Date.now();
    // PostgreSQL still decides who runs the engine: Redis going away moves nothing.
    expect((await engineOwners(cluster, BTC_USDT.symbol)).map((n) => n.name)).toEqual([owner.name]);
    // The engine's node serves its own clients: orders, and its pushes to its own sockets.
    const buy = await trade(owner, atOwner, '60020');
    expect(buy).toMatchObject({ status: 'completed' });
    await ownSocket.waitFor(SOCKET_EVENTS.matchTrade, tradeAt('60020'), 15_000);
    await ownSocket.waitFor<OrderEvent>(SPOT_EVENTS.order, (o) => o.id === buy.id && o.status === 'completed', 15_000);
    // The other node answers from the database, and refuses an order for the engine it cannot reach
    // cleanly — a retryable refusal well within the request timeout.
    for (const node of [owner, other]) {
      const list = await call(node.baseUrl, 'GET', 'coin/list?limit=5', undefined, { token: atOther.token });
      expect(list.kind, `coin/list on ${node.name}: ${describeOutcome(list)}`).toBe('ok');
    }
    const forwarded = await call(
      other.baseUrl,
      'POST',
      'coin/trade',
      { ...BTC_USDT, order_type: 'limit', type: 1, target_price: '50000', amount: '0.001' },
      { token: atOther.token, timeoutMs: REQUEST_TIMEOUT_MS + 5_000 },
    );
    expect(forwarded.kind === 'ok' || isRetryable(forwarded), describeOutcome(forwarded)).toBe(true);
    expect(forwarded.ms).toBeLessThan(REQUEST_TIMEOUT_MS);
    // The leader's feed still ticks to the leader's own sockets (a ticker newer than the cut).
    const leader = (await Promise.all(cluster.nodes.map(async (n) => ((await cluster.health(n))?.leader ? n : undefined)))).find(
      Boolean,
    );
    expect(leader, 'a leader while Redis is away').toBeDefined();
    const leaderSocket = leader === owner ? ownSocket : otherSocket;
    await leaderSocket.waitFor<{ sent_at?: number }>(SOCKET_EVENTS.daymarket, (d) => (d.sent_at ?? 0) > cutDone, 15_000);
    // An outage of some seconds, not a blip: clients of Redis give up their retries meanwhile.
    const heldMs = Date.now() - cutDone;
    if (heldMs < OUTAGE_MS) await new Promise((r) => setTimeout(r, OUTAGE_MS - heldMs));
    cluster.assertAlive();

    await cluster.redisProxy!.restore();
    const restoredAt = Date.now();
    await untilRedisReported('up', 30_000);
    // Exactly one node runs the engine again (whether or not it moved while Redis was away).
    const [engine, ...more] = await until(
      'one node running the engine',
      async () => {
        const owners = await engineOwners(cluster, BTC_USDT.symbol);
        return owners.length ? owners : undefined;
      },
      30_000,
    );
    expect(more).toEqual([]);
    // Cross-node delivery again: an order through the other node is forwarded, and its trade and the
    // buyer's private update reach the sockets of the node it was not placed on.
    const across = engine === owner ? other : owner;
    const watcher = across === other ? ownSocket : otherSocket;
    const buyer = across === other ? atOwner : atOther;
    let price = 60_030;
    const recovered = await until(
      'a trade through one node seen by the other node’s socket',
      async () => {
        cluster.assertAlive();
        price += 1;
        const reply = await trade(across, buyer, String(price)).catch(() => undefined);
        if (!reply) return undefined;
        const seen = await watcher.waitFor(SOCKET_EVENTS.matchTrade, tradeAt(String(price)), 3_000).catch(() => undefined);
        return seen ? reply : undefined;
      },
      45_000,
    );
    await watcher.waitFor<OrderEvent>(SPOT_EVENTS.order, (o) => o.id === recovered.id && o.status === 'completed', 15_000);
    console.log(`redis-outage: cross-node delivery back ${Date.now() - restoredAt} ms after Redis returned`);

    await expectLedgerSound(cluster);
  });
});
