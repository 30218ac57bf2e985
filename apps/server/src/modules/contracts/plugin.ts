import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterFirstReply } from '../../lib/after-first-reply.js';
import { ContractsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Perpetual contracts (modules/contracts): positions, their index re-marking and settlement. */
    contracts: ContractsService;
  }
}

/**
 * Decorates the app with the contracts service. Open positions are loaded, and the index stream
 * listened to, once the server has answered its first request (or on first use): nothing heavy on the
 * way to the first reply. Triggered settlements in flight finish before the database closes.
 * `clustered` comes from the app, which owns the cluster: the module only needs to know whether
 * loading is its own job or the leader's.
 */
export const contractsPlugin = fp(async (app: FastifyInstance, opts: { now?: () => number; clustered: boolean }) => {
  const contracts = new ContractsService({
    now: opts.now,
    database: app.database,
    market: app.market,
    toUser: (userId, event, payload) => app.realtime?.toUser(userId, event, payload),
    log: app.log,
  });
  app.decorate('contracts', contracts);
  // In a cluster only the leader loads the positions (cluster/cluster.ts), so they are marked once.
  if (!opts.clustered)
    afterFirstReply(
      app,
      () => void contracts.ready().catch((error) => app.log.error({ err: error }, 'contracts failed to load')),
    );
  app.addHook('onClose', async () => contracts.close());
});
