import { okReply, referralApi } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { audit } from '../../lib/audit.js';
import { requestLang } from '../../lib/lang.js';
import { str } from '../../lib/money.js';
import { ok } from '../../lib/reply.js';
import { referralSettings, saveProfile, saveReferralSettings, specialProfiles } from './repo.js';
import { consoleReferralUser, inviteSummary, myInvitees, myPoster, myRebates, myShare, ranking } from './service.js';

const tags = ['referral'];
const consoleTags = ['console: referral'];

/** The address the user reached us on: links they share must lead back to the same site. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function referralRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.requireUser };
  // Rebate ratios decide money: finance sets them (super always may).
  const operator = { preHandler: app.requireAdmin, config: { roles: ['finance'] as const } };
  // A POST without a body (the original client sends none for the first page) is the first page.
  const paged = referralApi.pageQuery;
  const idParams = referralApi.userParams;

  app.get(
    '/user/invite',
    {
      ...auth,
      schema: { tags, summary: 'My invite code, link and promotion totals', response: { 200: okReply(referralApi.inviteReply) } },
    },
    async (request) => ok(await inviteSummary(app.db, request.user!.id, origin(request), app.market.livePrices)),
  );
  app.get(
    '/user/my_share',
    { ...auth, schema: { tags, summary: 'My invite code and share link', response: { 200: okReply(referralApi.shareReply) } } },
    async (request) => ok(await myShare(app.db, request.user!.id, origin(request))),
  );
  app.get(
    '/user/my_poster',
    {
      ...auth,
      schema: { tags, summary: 'The data of my invitation poster', response: { 200: okReply(referralApi.posterReply) } },
    },
    async (request) => ok(await myPoster(app.db, request.user!.id, origin(request))),
  );
  // The original client POSTs these three; GET is accepted too.
  for (const method of ['get', 'post'] as const) {
    app[method](
      '/user/invite_list',
      { ...auth, schema: { tags, summary: 'TOP10 inviters', response: { 200: okReply(referralApi.rankingReply) } } },
      async () => ok(await ranking(app.db)),
    );
    app[method](
      '/user/my_invite_list',
      {
        ...auth,
        schema: {
          tags,
          summary: 'People I invited, newest first',
          [method === 'get' ? 'querystring' : 'body']: paged,
          response: { 200: okReply(referralApi.inviteesReply) },
        },
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
        schema: {
          tags,
          summary: 'My rebate records, newest first',
          [method === 'get' ? 'querystring' : 'body']: paged,
          response: { 200: okReply(referralApi.rebatesReply) },
        },
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
    {
      ...operator,
      schema: { tags: consoleTags, summary: 'Default ratio and partners', response: { 200: okReply(referralApi.settingsReply) } },
    },
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
      schema: {
        tags: consoleTags,
        summary: 'Set the default rebate ratio',
        body: referralApi.saveSettingsBody,
        response: { 200: okReply(referralApi.saveSettingsReply) },
      },
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
    {
      ...operator,
      schema: {
        tags: consoleTags,
        summary: "A user's referral standing",
        params: idParams,
        response: { 200: okReply(referralApi.userReply) },
      },
    },
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
        body: referralApi.saveUserBody,
        response: { 200: okReply(referralApi.saveUserReply) },
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
