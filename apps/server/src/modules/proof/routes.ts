import { proofApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../../lib/audit.js';
import { anyone, routeGroup, signedIn, superOnly } from '../../plugins/route-group.js';
import { buildSnapshot, myProof, publishedDays, publishedRoots } from './service.js';

const tags = ['proof of liabilities'];

/** Proof of liabilities: public roots, a user's own leaf and path, the super admin's on-demand run. */
export async function proofRoutes(app: FastifyInstance) {
  const visitor = routeGroup(app, tags, anyone);

  visitor.get('/proof/root', {
    summary: 'The published Merkle roots of a day (default: the newest), per coin',
    querystring: proofApi.dayQuery,
    reply: proofApi.rootReply,
    handler: (request) => publishedRoots(app.db, request.query.day),
  });

  visitor.get('/proof/days', {
    summary: 'Days with a published proof, newest first',
    reply: proofApi.daysReply,
    handler: () => publishedDays(app.db),
  });

  routeGroup(app, tags, signedIn).get('/proof/my', {
    summary: "The signed-in user's leaves and Merkle paths (own only)",
    querystring: proofApi.dayQuery,
    reply: proofApi.myReply,
    handler: (request) => myProof(app.db, request.user!.id, request.query.day),
  });

  // Console: super only (no roles declared).
  routeGroup(app, ['console: proof of liabilities'], superOnly).post('/admin/proof/run', {
    summary: "Rebuild today's snapshot now from the current liabilities and publish it (audited)",
    reply: proofApi.runReply,
    handler: async (request) => {
      const { snapshot, created } = await buildSnapshot(app.db, Date.now(), {
        rebuild: true,
        within: (tx, built, replaced) =>
          audit(
            tx,
            request,
            'proof.run',
            `proof:${built.day}`,
            replaced ? { snapshot_id: replaced.id, users: replaced.userCount, created_at: replaced.createdAt } : null,
            { snapshot_id: built.id, day: built.day, users: built.userCount },
          ),
      });
      return { ...(await publishedRoots(app.db, snapshot.day)), created };
    },
  });
}
