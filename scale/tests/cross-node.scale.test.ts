import { SOCKET_EVENTS, SPOT_EVENTS } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOk } from '../../e2e/src/server-process.js';
import { compareDecimal } from '../src/checks.js';
import { type Cluster, type ScaleNode, settledOwner, until } from '../src/cluster.js';
import { connectSocket, type SocketClient } from '../src/sockets.js';
import { BTC_USDT, BTC_USDT_PAIR_ID, type Trader } from '../src/traders.js';
import { startTradingCluster, stopTradingCluster } from '../src/trading-cluster.js';

/**
 * Every node serves the whole API and the sockets. Two nodes; orders placed through one node
 * reach the market's engine wherever it runs, and the trade, the book and the placing user's private
 * order update reach socket clients of the other node (socket.io's Redis adapter).
 */

type Trade = { symbol: string; id: number; price: string; amount: string };
type OrderEvent = { id: number; status: string; filled: string };

let cluster: Cluster;
const sockets: SocketClient[] = [];
let owner: ScaleNode;
let other: ScaleNode;
let maker: Trader;
let taker: Trader;

beforeAll(async () => {
  const started = await startTradingCluster({ nodes: 2 }, { count: 2, name: 'cross' });
  cluster = started.cluster;
  [maker, taker] = started.users as [Trader, Trader];
  // The engine runs where rendezvous hashing over the live nodes puts it (the first node to start runs
  // every pair until the second one beats and takes its own): wait for that node, test through the other too.
  owner = await settledOwner(cluster, BTC_USDT_PAIR_ID, BTC_USDT.symbol);
  other = cluster.nodes.find((n) => n !== owner)!;
});

afterAll(() => stopTradingCluster({ cluster, sockets }));

const place = (node: ScaleNode, user: Trader, body: Record<string, unknown>) =>
  apiOk(node.baseUrl, 'POST', 'coin/trade', { ...BTC_USDT, order_type: 'limit', ...body }, { token: user.token });

async function socketOn(node: ScaleNode, user?: Trader): Promise<SocketClient> {
  const client = await connectSocket(node.baseUrl, { token: user?.token, symbols: [BTC_USDT.symbol] });
  sockets.push(client);
  return client;
}

describe('one market, two nodes', () => {
  it('exactly one node runs the engine, and both say so on /api/health', async () => {
    const replies = await Promise.all(cluster.nodes.map((n) => cluster.health(n)));
    expect(replies.map((r) => r?.node).sort()).toEqual(cluster.nodes.map((n) => n.name).sort());
    expect(replies.filter((r) => r?.engines.includes(BTC_USDT.symbol))).toHaveLength(1);
    for (const reply of replies) expect(reply).toMatchObject({ redis: 'up', cluster: true, database: 'up' });
    // One leader for the once-only work (it takes over after the same fencing wait as an engine).
    const leaders = await until(
      'one leader',
      async () => {
        const now = await Promise.all(cluster.nodes.map((n) => cluster.health(n)));
        return now.some((r) => r?.leader) ? now.filter((r) => r?.leader) : undefined;
      },
      15_000,
    );
    expect(leaders).toHaveLength(1);
  });

  // Both directions: the placing node is the engine's or not, the watching node is always the other one.
  for (const via of ['the other node', 'the engine node'] as const) {
    it(`a trade placed through ${via} reaches socket clients of the node it was not placed on`, async () => {
      const placing = via === 'the engine node' ? owner : other;
      const watching = placing === owner ? other : owner;
      // The taker watches from the node it does not trade through: its private update must cross too.
      const watcher = await socketOn(watching, taker);
      const price = via === 'the engine node' ? '60100' : '60000';
      const sell = await place(placing, maker, { type: 2, target_price: price, amount: '0.01' });
      expect(sell).toMatchObject({ status: 'waiting' });
      // The resting sell shows in the depth the watching node's clients are sent.
      await watcher.waitFor<{ asks: string[][] }>(
        SOCKET_EVENTS.marketDepth,
        (d) => d.asks.some(([p = '0']) => compareDecimal(p, price) === 0),
        15_000,
      );
      const buy = await place(placing, taker, { type: 1, target_price: price, amount: '0.01' });
      expect(buy).toMatchObject({ status: 'completed', filled: expect.any(String) });
      expect(compareDecimal(buy.filled, '0.01')).toBe(0);

      const trade = await watcher.waitFor<Trade>(
        SOCKET_EVENTS.matchTrade,
        (t) => t.symbol === BTC_USDT.symbol && compareDecimal(t.price, price) === 0,
        15_000,
      );
      expect(compareDecimal(trade.amount, '0.01')).toBe(0);
      const update = await watcher.waitFor<OrderEvent>(
        SPOT_EVENTS.order,
        (o) => o.id === buy.id && o.status === 'completed',
        15_000,
      );
      expect(compareDecimal(update.filled, '0.01')).toBe(0);
      // The maker's private update belongs to the maker alone: the taker's socket never sees it.
      expect(watcher.received<OrderEvent>(SPOT_EVENTS.order).some((o) => o.id === sell.id)).toBe(false);
      // Both nodes answer the same trades over REST.
      for (const node of cluster.nodes) {
        const trades = await apiOk(node.baseUrl, 'GET', `market/trades?symbol=${encodeURIComponent(BTC_USDT.symbol)}&limit=5`);
        expect(trades.list.map((t: Trade) => t.id)).toContain(trade.id);
      }
    });
  }
});
