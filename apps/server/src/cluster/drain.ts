import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import type { Cluster } from './cluster.js';

/**
 * Counts the requests a node is answering (its drain waits for them) and, once the node drains for
 * shutdown, refuses every new one with the retryable `service_unavailable` (503, localized) and
 * `Connection: close`, so the client's next try opens a connection to another node. `GET /api/health`
 * still answers: a load balancer polling it sees the node go.
 */
export function drainGuard(app: FastifyInstance, cluster: Cluster): void {
  app.addHook('onRequest', async (request, reply) => {
    if (cluster.leaving && request.url !== '/api/health') {
      reply.header('connection', 'close');
      throw new AppError('service_unavailable');
    }
    const done = cluster.track();
    reply.raw.once('finish', done);
    reply.raw.once('close', done);
  });
}
