import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { clusterMode } from '../../cluster/node.js';
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
 */
export const contractsPlugin = fp(async (app: FastifyInstance, opts: { now?: () => number }) => {
  const contracts = new ContractsService({
    now: opts.now,
    database: app.database,
    market: app.market,
    toUser: (userId, event, payload) => app.realtime?.toUser(userId, event, payload),
    log: app.log,
  });
  app.decorate('contracts', contracts);
  // cluster (issue 9): in a cluster only the leader loads the positions (cluster/cluster.ts).
  if (!clusterMode(app.config))
    afterFirstReply(
      app,
      () => void contracts.ready().catch((error) => app.log.error({ err: error }, 'contracts failed to load')),
    );
  app.addHook('onClose', async () => contracts.close());
});
