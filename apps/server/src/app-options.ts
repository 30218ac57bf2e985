import type { ClusterTuning } from './cluster/cluster.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';

/** What `buildApp` is asked for; apart from app.ts so the files it is composed of can read it without a cycle. */
export type BuildOptions = {
  config: Config;
  /** An open database (tests pass a copy of the template); otherwise opened from the config. */
  database?: Database;
  /** Close the database with the app (the process entry hands over the one it opened). */
  ownsDatabase?: boolean;
  /** Run migrations and the seed before serving (the process entry does; tests use a seeded template). */
  prepare?: boolean;
  /**
   * Start the market feed once the server has answered its first request (the process entry does).
   * Off by default, so API tests do not pay for a backfill; a test that needs prices calls
   * `app.market.start()`.
   */
  startMarket?: boolean;
  /** The market's clock (tests fix it). */
  now?: () => number;
  logger?: boolean;
  /** cluster: lock polling and forwarding timings (tests shorten them). */
  clusterTuning?: Partial<ClusterTuning>;
};
