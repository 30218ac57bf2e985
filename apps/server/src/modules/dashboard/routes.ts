import { dashboardApi, okReply } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.js';
import { dashboard } from './service.js';

const tags = ['console: dashboard'];

/** The console's home figures: super and finance (it shows money waiting for review). */
export async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/admin/dashboard',
    {
      preHandler: app.requireAdmin,
      config: { roles: ['finance'] as const },
      schema: {
        tags,
        summary: 'Users, review queues, pending money, 24h spot volume, open interest and the house',
        response: { 200: okReply(dashboardApi.dashboardReply) },
      },
    },
    async () => ok(await dashboard(app.db, app.market.livePrices, Date.now())),
  );
}
