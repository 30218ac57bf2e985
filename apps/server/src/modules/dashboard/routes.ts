import { dashboardApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { consoleRoles, routeGroup } from '../../plugins/route-group.js';
import { dashboard } from './service.js';

const tags = ['console: dashboard'];

/** The console's home figures: super and finance (it shows money waiting for review). */
export async function dashboardRoutes(app: FastifyInstance) {
  routeGroup(app, tags, consoleRoles('finance')).get('/admin/dashboard', {
    summary: 'Users, review queues, pending money, 24h spot volume, open interest and the house',
    reply: dashboardApi.dashboardReply,
    handler: () => dashboard(app.db, app.market.livePrices, Date.now()),
  });
}
