import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { AppError } from '../lib/app-error.js';
import type { Pair } from '../market/pairs.js';
import { databaseFigures } from './database-figures.js';

/** What other modules report to the metrics (a no-op when metrics are off). */
export type MetricsRecorder = {
  /** A whole-ledger check ran: when, how long, and what it found. */
  ledgerChecked: (check: { sound: boolean; faults: number; seconds: number }) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsRecorder;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token of a request equals the configured one (compared in constant time). */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? '';
  const match = /^bearer\s+(.+)$/i.exec(header.trim());
  return !!match && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * Prometheus metrics at `GET /metrics` (text exposition format), for a scraper holding METRICS_TOKEN
 * as its bearer token; without METRICS_TOKEN the route does not exist and nothing is measured. Figures of
 * the moment (queues, sockets, the index, lags, the pool) are read when scraped, not pushed from hot
 * paths; only request latencies and spot batches are observed as they happen. Every figure is this
 * node's: a cluster is scraped node by node. docs/operations.md lists them.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const token = app.config.metricsToken;
  if (!token) {
    app.decorate('metrics', { ledgerChecked: () => {} } satisfies MetricsRecorder);
    return;
  }
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  // Requests: labelled by route pattern (`/api/coin/trade`, `/api/news/:id`), never by the raw URL.
  const requestSeconds = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request arriving to its reply being sent, by method, route pattern and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    requestSeconds.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
  });

  // Spot engines: every batch transaction as it ends.
  const batchCommands = new Histogram({
    name: 'exchange_spot_batch_commands',
    help: 'Commands (orders, cancels) per committed spot batch transaction, by pair',
    labelNames: ['pair'],
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
    registers,
  });
  const batchSeconds = new Histogram({
    name: 'exchange_spot_batch_commit_seconds',
    help: "Time of a committed spot batch: from taking the write lock to its transaction's commit, by pair",
    labelNames: ['pair'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers,
  });
  const batches = new Counter({
    name: 'exchange_spot_batches_total',
    help: 'Spot batch transactions by pair and outcome (committed, failed: rolled back, the book rebuilt)',
    labelNames: ['pair', 'outcome'],
    registers,
  });
  app.spot.observeBatches(({ pair, commands, seconds, committed }) => {
    batches.inc({ pair, outcome: committed ? 'committed' : 'failed' });
    if (!committed) return;
    batchCommands.observe({ pair }, commands);
    batchSeconds.observe({ pair }, seconds);
  });
  new Gauge({
    name: 'exchange_spot_engine_queue_depth',
    help: 'Commands waiting for the next batch, per spot engine this node runs',
    labelNames: ['pair'],
    registers,
    collect() {
      this.reset();
      for (const { pair, depth } of app.spot.queueDepths()) this.set({ pair }, depth);
    },
  });

  new Gauge({
    name: 'exchange_socket_clients',
    help: 'Socket.io clients connected to this node',
    registers,
    collect() {
      this.set(app.realtime.io?.engine.clientsCount ?? 0);
    },
  });

  // The index: per pair whether it is available and from how many venues, and how old each price is.
  const pairs = () => {
    try {
      return app.market.listPairs();
    } catch {
      return []; // the pairs are not read yet (nothing asked for them since the start)
    }
  };
  /**
   * A gauge read afresh at each scrape, pair by pair: `read` sets a pair's values, or none while the pair
   * has nothing to show. `now` is the scrape's time.
   */
  const pairGauge = <L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    read: (gauge: Gauge<L>, pair: Pair, now: number) => void,
  ) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers,
      collect() {
        this.reset();
        const now = Date.now();
        for (const pair of pairs()) read(this, pair, now);
      },
    });
  pairGauge(
    'exchange_index_available',
    "1 while a pair's index price can be computed, 0 while it is unavailable (too few live venues, no price)",
    ['pair'],
    (gauge, pair) => {
      const status = app.market.indexStatus(pair.id);
      if (status) gauge.set({ pair: pair.symbol }, status.available ? 1 : 0);
    },
  );
  pairGauge(
    'exchange_index_constituents',
    "Venues whose price went into a pair's index (kind=live), and how many it needs (kind=required)",
    ['pair', 'kind'],
    (gauge, pair) => {
      const status = app.market.indexStatus(pair.id);
      if (!status) return;
      gauge.set({ pair: pair.symbol, kind: 'live' }, status.constituents);
      gauge.set({ pair: pair.symbol, kind: 'required' }, status.required);
    },
  );
  pairGauge(
    'exchange_index_age_seconds',
    "Age of a pair's current index price (absent while the index is unavailable)",
    ['pair'],
    (gauge, pair, now) => {
      const sample = app.market.indexSample(pair.id);
      if (sample) gauge.set({ pair: pair.symbol }, Math.max(0, (now - sample.time) / 1000));
    },
  );
  pairGauge(
    'exchange_index_venue_staleness_seconds',
    "Age of a venue's last trade for a pair, by its verdict (live, stale, outlier; multi-venue index only)",
    ['pair', 'venue', 'state'],
    (gauge, pair, now) => {
      for (const venue of app.market.venueStates(pair.id)) {
        if (venue.time === undefined) continue;
        gauge.set({ pair: pair.symbol, venue: venue.venue, state: venue.state }, Math.max(0, (now - venue.time) / 1000));
      }
    },
  );
  pairGauge(
    'exchange_index_venue_connected',
    "1 while this node's connection to a venue for a pair is open (multi-venue index only)",
    ['pair', 'venue'],
    (gauge, pair) => {
      for (const venue of app.market.venueStates(pair.id))
        gauge.set({ pair: pair.symbol, venue: venue.venue }, venue.connected ? 1 : 0);
    },
  );

  /** A gauge the code sets (no collect callback), in this app's registry. */
  const gauge = (name: string, help: string) => new Gauge({ name, help, registers });

  // The last whole-ledger check this node ran (the console's "Check the ledger"). Registered with the first
  // check: before it there is no result, and a 0 would read as "faults".
  const unregisteredGauge = (name: string, help: string) => new Gauge({ name, help, registers: [] });
  const ledgerTime = unregisteredGauge(
    'exchange_ledger_check_timestamp_seconds',
    'Unix time of the last whole-ledger check on this node',
  );
  const ledgerSound = unregisteredGauge(
    'exchange_ledger_check_sound',
    '1 if the last whole-ledger check found the ledger sound, 0 if it found faults',
  );
  const ledgerFaults = unregisteredGauge('exchange_ledger_check_faults', 'Faults the last ledger check found');
  const ledgerSeconds = unregisteredGauge('exchange_ledger_check_duration_seconds', 'How long the last whole-ledger check took');
  let ledgerChecked = false;
  app.decorate('metrics', {
    ledgerChecked: ({ sound, faults, seconds }) => {
      if (!ledgerChecked) {
        for (const gauge of [ledgerTime, ledgerSound, ledgerFaults, ledgerSeconds]) registry.registerMetric(gauge);
        ledgerChecked = true;
      }
      ledgerTime.set(Date.now() / 1000);
      ledgerSound.set(sound ? 1 : 0);
      ledgerFaults.set(faults);
      ledgerSeconds.set(seconds);
    },
  } satisfies MetricsRecorder);

  // Read from the database at each scrape (see database-figures.ts).
  const settlementLag = gauge(
    'exchange_option_settlement_lag_seconds',
    'Seconds past the delivery second of the oldest option order still open (0: none overdue)',
  );
  const settlementsDue = gauge('exchange_option_settlements_due', 'Open option orders whose delivery second has passed');
  const rebateLag = gauge(
    'exchange_referral_rebate_lag_seconds',
    'Age of the oldest trading fee not yet rebated (referral_fee_outbox; 0: none waiting)',
  );
  const rebatesWaiting = gauge('exchange_referral_rebates_waiting', 'Fee postings waiting in referral_fee_outbox');
  // PostgreSQL mode only: the embedded database has no pool.
  const poolRegisters = app.database.pool ? registers : [];
  const poolMax = new Gauge({
    name: 'exchange_db_pool_max',
    help: "Size of this node's PostgreSQL pool",
    registers: poolRegisters,
  });
  const poolConnections = new Gauge({
    name: 'exchange_db_pool_connections',
    help: "This node's PostgreSQL connections by state (pg_stat_activity; the scrape's own query not counted)",
    labelNames: ['state'],
    registers: poolRegisters,
  });
  const databaseRead = gauge(
    'exchange_metrics_database_read',
    "1 if this scrape read the database figures, 0 if it could not (they keep the last scrape's values)",
  );
  if (app.database.pool) poolMax.set(app.database.pool.max);

  /** Refreshes the database figures; a database out of reach is told by exchange_metrics_database_read. */
  async function readDatabase(): Promise<void> {
    try {
      const figures = await databaseFigures(app.database, Date.now());
      settlementLag.set(figures.settlementLagSeconds);
      settlementsDue.set(figures.settlementsDue);
      rebateLag.set(figures.rebateLagSeconds);
      rebatesWaiting.set(figures.rebatesWaiting);
      poolConnections.reset();
      for (const [state, n] of Object.entries(figures.connections ?? {})) poolConnections.set({ state }, n);
      databaseRead.set(1);
    } catch (error) {
      app.log.warn({ err: error }, 'metrics: database figures unavailable');
      databaseRead.set(0);
    }
  }

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!bearerMatches(request, token)) throw new AppError('forbidden');
    await readDatabase();
    reply.header('cache-control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
