import { type HealthReply, healthReply, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../lib/reply.js';
import type { Cluster } from './cluster.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** cluster: this node's part in a cluster; undefined in a single process. */
    cluster: Cluster | undefined;
  }
}

/**
 * `GET /api/health`: which node answered, whether it leads, which spot engines it runs, and whether
 * Redis is reachable. Public and cheap (no database query): load balancers and the scale tests poll it.
 */
export async function healthRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/health',
    {
      schema: {
        tags: ['cluster'],
        summary: "This node's health and role in the cluster",
        response: { 200: okReply(healthReply) },
      },
    },
    async () => ok(app.cluster ? app.cluster.health() : single(app)),
  );
}

/** A single process runs everything: it leads and runs every built engine. */
function single(app: FastifyInstance): HealthReply {
  const engines = app.market
    .listPairs()
    .filter((pair) => app.spot.loadedBook(pair.id))
    .map((pair) => pair.symbol);
  return {
    node: app.config.nodeId ?? 'single',
    leader: true,
    engines: engines.sort(),
    redis: 'off',
    database: 'up',
    cluster: false,
  };
}
