import { prng } from '../../e2e/src/prng.mjs';
import { call, type Outcome } from './api.js';
import { type Cluster, until } from './cluster.js';
import { BTC_USDT, type Trader } from './traders.js';

/**
 * A bounded order load on one pair, spread over the nodes: `workers` loops, each placing limit orders
 * (and now and then cancelling one of its acknowledged waiting orders) one request at a time, round
 * robin over the nodes `targets()` returns at that moment. Prices sit on a few ticks around `mid`, so
 * buys and sells cross (trades, partial fills, self-trade cancels) and both sides of the book stay
 * within the ten levels `market/depth` shows. Every outcome is recorded; an acknowledged order or
 * cancel is what the fail-over checks hold the cluster to.
 */

export type Ack = {
  orderId: number;
  user: number;
  node: string;
  /** The order as acknowledged by the place or cancel reply. */
  status: 'waiting' | 'completed' | 'partially_filled' | 'cancelled';
  filled: string;
  amount: string;
  at: number;
};

export type Attempt = { kind: 'place' | 'cancel'; node: string; at: number; outcome: Outcome };

export type LoadOptions = {
  traders: Trader[];
  targets: () => { name: string; baseUrl: string }[];
  workers: number;
  /** Stops after this many requests in all (or earlier with `stop()`). */
  maxRequests: number;
  /** Seed of the orders' prices, sides and sizes (printed by the tests, so a failure can be replayed). */
  seed: number;
  mid?: number;
  /** Client-side deadline of one request (longer than the nodes' REQUEST_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Pause between one worker's requests (ms), to keep the load bounded on a small machine. */
  pauseMs?: number;
  /** Pause after a request that did not succeed (ms), as a client backs off before retrying. */
  backoffMs?: number;
};

export type Load = {
  acks: Ack[];
  attempts: Attempt[];
  /** Every order id a cancel was sent for, acknowledged or not. */
  cancelsSent: Set<number>;
  done: Promise<void>;
  stop: () => void;
};

export function startLoad(options: LoadOptions): Load {
  const { traders, workers, maxRequests, timeoutMs = 30_000, pauseMs = 20, backoffMs = 250, mid = 60_000 } = options;
  const random = prng(options.seed);
  const acks: Ack[] = [];
  const attempts: Attempt[] = [];
  const cancelsSent = new Set<number>();
  const waiting = new Map<number, number[]>(); // user index → acknowledged waiting order ids
  let sent = 0;
  let stopped = false;
  let turn = 0;

  const nextNode = () => {
    const nodes = options.targets();
    return nodes.length ? nodes[turn++ % nodes.length] : undefined;
  };

  /** One request; whether it succeeded. */
  async function one(userIndex: number): Promise<boolean> {
    const user = traders[userIndex]!;
    const node = nextNode();
    if (!node) return false; // no node to send to (all killed): the test's own checks say so
    const mine = waiting.get(userIndex) ?? [];
    if (mine.length > 0 && random() < 0.15) {
      const orderId = mine.splice(Math.floor(random() * mine.length), 1)[0]!;
      cancelsSent.add(orderId);
      const outcome = await call(node.baseUrl, 'PUT', 'coin/trade', { id: orderId }, { token: user.token, timeoutMs });
      attempts.push({ kind: 'cancel', node: node.name, at: Date.now(), outcome });
      if (outcome.kind === 'ok') record(outcome.message, userIndex, node.name);
      return outcome.kind === 'ok';
    }
    const buy = random() < 0.5;
    // Buys on mid-4 … mid, sells on mid-2 … mid+2: about a third of the orders cross.
    const price = buy ? mid - Math.floor(random() * 5) : mid - 2 + Math.floor(random() * 5);
    const amount = `0.00${1 + Math.floor(random() * 9)}`;
    const body = { ...BTC_USDT, type: buy ? 1 : 2, order_type: 'limit', target_price: `${price}`, amount };
    const outcome = await call(node.baseUrl, 'POST', 'coin/trade', body, { token: user.token, timeoutMs });
    attempts.push({ kind: 'place', node: node.name, at: Date.now(), outcome });
    if (outcome.kind === 'ok') {
      record(outcome.message, userIndex, node.name);
      if (outcome.message.status === 'waiting') waiting.set(userIndex, [...(waiting.get(userIndex) ?? []), outcome.message.id]);
    }
    return outcome.kind === 'ok';
  }

  function record(order: { id: number; status: Ack['status']; filled: string; amount: string }, user: number, node: string) {
    acks.push({
      orderId: order.id,
      user,
      node,
      status: order.status,
      filled: order.filled,
      amount: order.amount,
      at: Date.now(),
    });
  }

  const done = Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (!stopped && sent < maxRequests) {
        sent++;
        const ok = await one((w + sent) % traders.length);
        await new Promise((r) => setTimeout(r, ok ? pauseMs : backoffMs));
      }
    }),
  ).then(() => {});
  return {
    acks,
    attempts,
    cancelsSent,
    done,
    stop: () => {
      stopped = true;
    },
  };
}

/**
 * Waits until each node `nodes()` names (every live one unless told) has acknowledged 10 orders of
 * `load` since `since`: trading goes on through it. A node that dies meanwhile fails the wait at once.
 */
export function untilTradingThrough(
  what: string,
  cluster: Cluster,
  load: Load,
  since: number,
  nodes = () => cluster.live().map((n) => n.name),
): Promise<true> {
  return until(
    what,
    () => {
      cluster.assertAlive();
      return nodes().every((name) => load.acks.filter((a) => a.at > since && a.node === name).length >= 10) ? true : undefined;
    },
    60_000,
  );
}
