import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerSound, expectNodesServeStoredBook, outcomeTally, unexpectedAttempts } from '../src/after-fault.js';
import { isRetryable } from '../src/api.js';
import { ackViolations } from '../src/checks.js';
import { type Cluster, desiredOwner, type ScaleNode, until } from '../src/cluster.js';
import { type Load, startLoad, untilTradingThrough } from '../src/load.js';
import type { Trader } from '../src/traders.js';
import { startTradingCluster, stopTradingCluster } from '../src/trading-cluster.js';

/**
 * A rolling restart under a concurrent order load: each of the two nodes in turn gets SIGTERM — it
 * refuses new requests (503, retryable), finishes those in flight, commits, hands its engines over and
 * exits — and a fresh node joins in its place and takes the pairs rendezvous hashing gives it. Every
 * acknowledged order is in the database afterwards in its acknowledged state or a later legitimate one,
 * the refusals are counted and printed, every pair has exactly one owner at the end, the book on the
 * nodes is the waiting orders' book, and `ledger:verify` passes.
 */

let cluster: Cluster;
let users: Trader[];
let load: Load | undefined;

beforeAll(async () => {
  ({ cluster, users } = await startTradingCluster({ nodes: 2 }, { count: 6, name: 'rolling' }));
});

afterAll(() => stopTradingCluster({ cluster, load }));

const PAIR_IDS: Record<string, number> = { 'BTC/USDT': 1, 'ETH/USDT': 2, 'TRX/USDT': 3 };

/**
 * Each live node's engines, once every pair of `symbols` has exactly one owner among them: the node
 * rendezvous hashing ranks first among the live nodes' ids (NODE_ID is the node's name).
 */
async function settled(symbols: string[]): Promise<Map<string, string[]> | undefined> {
  const owners = new Map<string, string[]>();
  for (const node of cluster.live()) {
    const health = await cluster.health(node);
    if (!health) return undefined;
    owners.set(node.name, health.engines);
  }
  const all = [...owners.values()].flat();
  const ids = [...owners.keys()];
  const hashed = symbols.every((s) => owners.get(desiredOwner(PAIR_IDS[s]!, ids)!)?.includes(s));
  return hashed && symbols.every((s) => all.filter((e) => e === s).length === 1) ? owners : undefined;
}

describe('rolling restart', () => {
  it('restarts both nodes one after the other under load and loses no acknowledged order', async () => {
    const seed = Number(process.env.SCALE_SEED ?? Date.now() % 2 ** 31);
    const symbols = ['BTC/USDT', 'ETH/USDT', 'TRX/USDT'];
    const first = await until('every pair owned', () => settled(symbols), 30_000);
    console.log(`rolling: seed ${seed} (SCALE_SEED replays it), engines ${JSON.stringify(Object.fromEntries(first))}`);
    load = startLoad({ traders: users, targets: () => cluster.live(), workers: 6, maxRequests: 5_000, seed });
    const running = load;
    await until('40 acknowledged orders', () => (running.acks.length >= 40 ? true : undefined), 60_000);

    const stopped: ScaleNode[] = [];
    for (const old of [...cluster.nodes]) {
      const since = Date.now();
      const acksBefore = running.acks.length;
      await cluster.kill(old, 'SIGTERM');
      stopped.push(old);
      const exitedMs = Date.now() - since;
      expect(old.child.exitCode, `${old.name} exit code`).toBe(0);
      const fresh = await cluster.startNode();
      const owners = await until('every pair owned again, where the hashing puts it', () => settled(symbols), 30_000);
      console.log(
        `rolling: ${old.name} drained and exited in ${exitedMs} ms (${running.acks.length - acksBefore} orders acknowledged meanwhile); ` +
          `${fresh.name} joined; engines ${JSON.stringify(Object.fromEntries(owners))}`,
      );
      // Trading goes on through the new node.
      const joinedAt = Date.now();
      await untilTradingThrough(`orders acknowledged through ${fresh.name}`, cluster, running, joinedAt, () => [fresh.name]);
    }
    running.stop();
    await running.done;

    const refused = running.attempts.filter((a) => isRetryable(a.outcome)).length;
    const dropped = running.attempts.filter((a) => a.outcome.kind === 'network').length;
    console.log(`rolling: ${running.acks.length} acknowledged of ${running.attempts.length}:`, outcomeTally(running.attempts));
    console.log(`rolling_refused_retryable: ${refused}`);
    console.log(`rolling_connection_failures: ${dropped}`);

    // Every reply was the product's envelope: success, a retryable refusal while a node drained or an
    // engine moved, or a cancel that came too late; a connection can only fail to a node going away.
    expect.soft(unexpectedAttempts(running.attempts, (node) => stopped.some((n) => n.name === node))).toEqual([]);

    // 0 acknowledged orders lost: each is stored in its acknowledged state or a later legitimate one.
    expect(await ackViolations(cluster.db, running.acks, running.cancelsSent)).toEqual([]);

    await expectNodesServeStoredBook(cluster);
    await expectLedgerSound(cluster);
  }, 300_000);
});
