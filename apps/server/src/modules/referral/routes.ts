import { referralApi } from '@app/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../lib/audit.js';
import { requestLang } from '../../lib/lang.js';
import { str } from '../../lib/money.js';
import { consoleRoles, routeGroup, signedIn } from '../../plugins/route-group.js';
import { referralSettings, saveProfile, saveReferralSettings, specialProfiles } from './repo.js';
import { consoleReferralUser, inviteSummary, myInvitees, myPoster, myRebates, myShare, ranking } from './service.js';

const tags = ['referral'];
const consoleTags = ['console: referral'];

/** The address the user reached us on: links they share must lead back to the same site. */
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export async function referralRoutes(app: FastifyInstance) {
  const user = routeGroup(app, tags, signedIn);
  const finance = routeGroup(app, consoleTags, consoleRoles('finance'));
  // Rebate ratios decide money: finance sets them (super always may).
  // A POST without a body (the original client sends none for the first page) is the first page.
  const paged = referralApi.pageQuery;
  const idParams = referralApi.userParams;

  user.get('/user/invite', {
    summary: 'My invite code, link and promotion totals',
    reply: referralApi.inviteReply,
    handler: (request) => inviteSummary(app.db, request.user!.id, origin(request), app.market.livePrices),
  });
  user.get('/user/my_share', {
    summary: 'My invite code and share link',
    reply: referralApi.shareReply,
    handler: (request) => myShare(app.db, request.user!.id, origin(request)),
  });
  user.get('/user/my_poster', {
    summary: 'The data of my invitation poster',
    reply: referralApi.posterReply,
    handler: (request) => myPoster(app.db, request.user!.id, origin(request)),
  });
  // The original client POSTs these three; GET is accepted too.
  user.getAndPost('/user/invite_list', {
    summary: 'TOP10 inviters',
    reply: referralApi.rankingReply,
    handler: () => ranking(app.db),
  });
  user.getAndPost('/user/my_invite_list', {
    summary: 'People I invited, newest first',
    fields: paged,
    reply: referralApi.inviteesReply,
    handler: (request, q) => myInvitees(app.db, request.user!.id, q.page, q.limit),
  });
  user.getAndPost('/user/my_account_return', {
    summary: 'My rebate records, newest first',
    fields: paged,
    reply: referralApi.rebatesReply,
    handler: (request, q) => myRebates(app.db, requestLang(request), request.user!.id, q.page, q.limit),
  });

  // ── console ──
  finance.get('/admin/referral/settings', {
    summary: 'Default ratio and partners',
    reply: referralApi.settingsReply,
    handler: async () => {
      const [settings, partners] = await Promise.all([referralSettings(app.db), specialProfiles(app.db)]);
      return {
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
      };
    },
  });

  finance.post('/admin/referral/settings', {
    summary: 'Set the default rebate ratio',
    body: referralApi.saveSettingsBody,
    reply: referralApi.saveSettingsReply,
    handler: async (request) => {
      const after = { default_ratio: request.body.default_ratio };
      await app.db.transaction(async (tx) => {
        const before = await referralSettings(tx);
        await saveReferralSettings(tx, after);
        await audit(tx, request, 'referral.settings.set', 'settings:referral', before, after);
      });
      return after;
    },
  });

  finance.get('/admin/referral/users/:id', {
    summary: "A user's referral standing",
    params: idParams,
    reply: referralApi.userReply,
    handler: (request) => consoleReferralUser(app.db, request.params.id),
  });

  finance.post('/admin/referral/users/:id', {
    summary: "Set a user's status (normal, partner, exclusive) and own ratio (empty: the default)",
    params: idParams,
    body: referralApi.saveUserBody,
    reply: referralApi.saveUserReply,
    handler: async (request) => {
      const id = request.params.id;
      const after = { status: request.body.status, ratio: request.body.ratio ?? null };
      await app.db.transaction(async (tx) => {
        const before = await consoleReferralUser(tx, id);
        await saveProfile(tx, id, after, request.admin?.id ?? null);
        await audit(tx, request, 'referral.profile.set', `user:${id}`, { status: before.status, ratio: before.ratio }, after);
      });
      return consoleReferralUser(app.db, id);
    },
  });
}
