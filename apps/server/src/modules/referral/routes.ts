import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../../lib/audit.js';
import { idParams } from '../../lib/fields.js';
import { requestLang } from '../../lib/lang.js';
import { str } from '../../lib/money.js';
import { pageFields } from '../../lib/paging.js';
import { ok } from '../../lib/reply.js';
import { REFERRAL_STATUSES, referralSettings, saveProfile, saveReferralSettings, specialProfiles } from './repo.js';
import { consoleReferralUser, inviteSummary, myInvitees, myPoster, myRebates, myShare, ranking } from './service.js';

const tags = ['referral'];
const consoleTags = ['console: referral'];

/** The address the user reached us on: links they share must lead back to the same site. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A rebate ratio as a fraction of the fee: 0 to 1, at most 6 decimals ("0.2" = 20 %). */
const ratioField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v),
  z
    .string({ message: 'field_required' })
    .min(1, 'field_required')
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'field_invalid'),
);

export async function referralRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Rebate ratios decide money: finance sets them (super always may).
  const operator = { preHandler: app.requireAdmin, config: { roles: ['finance'] as const } };
  // A POST without a body (the original client sends none for the first page) is the first page.
  const paged = z.preprocess((v) => v ?? {}, z.object(pageFields));

  app.get('/user/invite', { ...auth, schema: { tags, summary: 'My invite code, link and promotion totals' } }, async (request) =>
    ok(await inviteSummary(app.db, request.user!.id, origin(request), app.market.livePrices)),
  );
  app.get('/user/my_share', { ...auth, schema: { tags, summary: 'My invite code and share link' } }, async (request) =>
    ok(await myShare(app.db, request.user!.id, origin(request))),
  );
  app.get('/user/my_poster', { ...auth, schema: { tags, summary: 'The data of my invitation poster' } }, async (request) =>
    ok(await myPoster(app.db, request.user!.id, origin(request))),
  );
  // The original client POSTs these three; GET is accepted too.
  for (const method of ['get', 'post'] as const) {
    app[method]('/user/invite_list', { ...auth, schema: { tags, summary: 'TOP10 inviters' } }, async () =>
      ok(await ranking(app.db)),
    );
    app[method](
      '/user/my_invite_list',
      {
        ...auth,
        schema: { tags, summary: 'People I invited, newest first', [method === 'get' ? 'querystring' : 'body']: paged },
      },
      async (request) => {
        const q = (method === 'get' ? request.query : request.body) as z.infer<typeof paged>;
        return ok(await myInvitees(app.db, request.user!.id, q.page, q.limit));
      },
    );
    app[method](
      '/user/my_account_return',
      {
        ...auth,
        schema: { tags, summary: 'My rebate records, newest first', [method === 'get' ? 'querystring' : 'body']: paged },
      },
      async (request) => {
        const q = (method === 'get' ? request.query : request.body) as z.infer<typeof paged>;
        return ok(await myRebates(app.db, requestLang(request), request.user!.id, q.page, q.limit));
      },
    );
  }

  // ── console ──
  app.get(
    '/admin/referral/settings',
    { ...operator, schema: { tags: consoleTags, summary: 'Default ratio and partners' } },
    async () => {
      const [settings, partners] = await Promise.all([referralSettings(app.db), specialProfiles(app.db)]);
      return ok({
        ...settings,
        partners: partners.map((p) => ({
          user_id: p.id,
          email: p.email,
          phone: p.phone,
          extension_code: p.extensionCode,
          status: p.status,
          ratio: p.ratio === null ? null : str(p.ratio),
          updated_at: p.updatedAt.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/admin/referral/settings',
    {
      ...operator,
      schema: { tags: consoleTags, summary: 'Set the default rebate ratio', body: z.object({ default_ratio: ratioField }) },
    },
    async (request) => {
      const after = { default_ratio: request.body.default_ratio };
      await app.db.transaction(async (tx) => {
        const before = await referralSettings(tx);
        await saveReferralSettings(tx, after);
        await audit(tx, request, 'referral.settings.set', 'settings:referral', before, after);
      });
      return ok(after);
    },
  );

  app.get(
    '/admin/referral/users/:id',
    { ...operator, schema: { tags: consoleTags, summary: "A user's referral standing", params: idParams } },
    async (request) => ok(await consoleReferralUser(app.db, request.params.id)),
  );

  app.post(
    '/admin/referral/users/:id',
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: "Set a user's status (normal, partner, exclusive) and own ratio (empty: the default)",
        params: idParams,
        body: z.object({
          status: z.enum(REFERRAL_STATUSES, { message: 'field_invalid' }),
          ratio: z.preprocess((v) => (v === '' || v === null ? undefined : v), ratioField.optional()),
        }),
      },
    },
    async (request) => {
      const id = request.params.id;
      const after = { status: request.body.status, ratio: request.body.ratio ?? null };
      await app.db.transaction(async (tx) => {
        const before = await consoleReferralUser(tx, id);
        await saveProfile(tx, id, after, request.admin?.id ?? null);
        await audit(tx, request, 'referral.profile.set', `user:${id}`, { status: before.status, ratio: before.ratio }, after);
      });
      return ok(await consoleReferralUser(app.db, id));
    },
  );
}
