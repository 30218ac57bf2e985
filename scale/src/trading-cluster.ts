import { type Cluster, type ClusterOptions, startCluster } from './cluster.js';
import type { Load } from './load.js';
import type { SocketClient } from './sockets.js';
import { operatorToken, type Trader, traders } from './traders.js';

/**
 * The set-up and teardown the trading tests share: a cluster whose first node registers and funds the
 * test's traders, and a teardown that quiets every client before the nodes go away.
 */

export type TradingCluster = { cluster: Cluster; users: Trader[] };

/** Starts a cluster and registers `count` funded traders named `name0`, `name1`, … through its first node. */
export async function startTradingCluster(
  options: ClusterOptions,
  { count, name }: { count: number; name: string },
): Promise<TradingCluster> {
  const cluster = await startCluster(options);
  try {
    const first = cluster.nodes[0]!;
    const admin = await operatorToken(first.baseUrl);
    const users = await traders(first.baseUrl, admin, count, { name });
    return { cluster, users };
  } catch (error) {
    // The caller never gets this cluster to tear down: stop it here (its database and Redis keys too).
    await cluster.stop();
    throw error;
  }
}

/**
 * Closes the sockets, stops the load and waits for its requests in flight, then stops the cluster: in
 * that order, so no client is still talking to a node while it is killed and its database dropped.
 * Everything is optional, as a failed set-up may have left any of it unstarted.
 */
export async function stopTradingCluster({
  cluster,
  load,
  sockets = [],
}: {
  cluster?: Cluster;
  load?: Load;
  sockets?: SocketClient[];
}): Promise<void> {
  for (const s of sockets) s.close();
  load?.stop();
  await load?.done.catch(() => {});
  await cluster?.stop();
}
