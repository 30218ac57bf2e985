import { okReply, proofApi } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { audit } from '../../lib/audit.js';
import { ok } from '../../lib/reply.js';
import { buildSnapshot, myProof, publishedDays, publishedRoots } from './service.js';

const tags = ['proof of liabilities'];

/** Proof of liabilities: public roots, a user's own leaf and path, the super admin's on-demand run. */
export async function proofRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/proof/root',
    {
      schema: {
        tags,
        summary: 'The published Merkle roots of a day (default: the newest), per coin',
        querystring: proofApi.dayQuery,
        response: { 200: okReply(proofApi.rootReply) },
      },
    },
    async (request) => ok(await publishedRoots(app.db, request.query.day)),
  );

  app.get(
    '/proof/days',
    {
      schema: { tags, summary: 'Days with a published proof, newest first', response: { 200: okReply(proofApi.daysReply) } },
    },
    async () => ok(await publishedDays(app.db)),
  );

  app.get(
    '/proof/my',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: "The signed-in user's leaves and Merkle paths (own only)",
        querystring: proofApi.dayQuery,
        response: { 200: okReply(proofApi.myReply) },
      },
    },
    async (request) => ok(await myProof(app.db, request.user!.id, request.query.day)),
  );

  // Console: super only (no roles declared).
  app.post(
    '/admin/proof/run',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['console: proof of liabilities'],
        summary: "Rebuild today's snapshot now from the current liabilities and publish it (audited)",
        response: { 200: okReply(proofApi.runReply) },
      },
    },
    async (request) => {
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
      return ok({ ...(await publishedRoots(app.db, snapshot.day)), created });
    },
  );
}
