import { IDENTITY_REVIEW_ROLES, intField } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, optionalText, requiredText } from '../../lib/fields.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { approveCheck, consoleIdentityList, rejectCheck, submitAdvanced, submitBasic, verificationCenter } from './service.js';

const tags = ['verification'];
const consoleTags = ['console: verification'];

const basicBody = z.object({
  /** ISO 3166-1 alpha-2 country code. */
  country: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z
      .string({ message: 'field_required' })
      .min(1, 'field_required')
      .regex(/^[A-Z]{2}$/, 'field_invalid'),
  ),
  name: requiredText(100),
  card_id: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s/g, '') : v),
    z
      .string({ message: 'field_required' })
      .min(1, 'field_required')
      .regex(/^[A-Za-z0-9-]{4,40}$/, 'field_invalid'),
  ),
});

const advancedBody = z.object({
  address: requiredText(300),
  front_pic: optionalText(64),
  reverse_pic: optionalText(64),
  hand_pic: optionalText(64),
});

const consoleQuery = z.object({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(['pending', 'verified', 'rejected'], { message: 'field_invalid' }).optional(),
  ),
  tier: z.preprocess((v) => (v === '' ? undefined : v), intField(1, 2).optional()),
  ...pageFields,
});

export async function identityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Console roles (docs/api.md): identity reviews are compliance's.
  const operator = { preHandler: app.requireAdmin, config: { roles: IDENTITY_REVIEW_ROLES } };

  app.post(
    '/user/real_name',
    { ...auth, schema: { tags, summary: 'Submit basic verification (country, name, ID number)', body: basicBody } },
    async (request) => ok(await submitBasic(app.db, request.user!, request.body)),
  );

  app.post(
    '/user/real_name2',
    {
      ...auth,
      schema: { tags, summary: 'Submit advanced verification (address and three uploaded photos)', body: advancedBody },
    },
    async (request) => ok(await submitAdvanced(app.db, request.user!, request.body)),
  );

  app.get('/user/center2', { ...auth, schema: { tags, summary: 'Verification state of both tiers' } }, async (request) =>
    ok(await verificationCenter(app.db, request.user!)),
  );

  app.get(
    '/admin/identity',
    {
      ...operator,
      schema: { tags: consoleTags, summary: 'Verification submissions with photo urls', querystring: consoleQuery },
    },
    async (request) => {
      const { status, tier, page, limit } = request.query;
      return ok(await consoleIdentityList(app.db, { status, tier }, page, limit));
    },
  );

  app.post(
    '/admin/identity/:id/approve',
    { ...operator, schema: { tags: consoleTags, summary: "Approve; the user's tier becomes verified", params: idParams } },
    async (request) => {
      const check = await approveCheck(app.db, request, request.params.id);
      return ok({ id: check.id, status: check.status });
    },
  );

  app.post(
    '/admin/identity/:id/reject',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: 'Reject with a reason',
        params: idParams,
        body: z.object({ reason: requiredText(500) }),
      },
    },
    async (request) => {
      const check = await rejectCheck(app.db, request, request.params.id, request.body.reason);
      return ok({ id: check.id, status: check.status });
    },
  );
}
