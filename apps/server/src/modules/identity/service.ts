import { identityApi, REVIEW_STATUS } from '@app/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { reviewedOrRefused } from '../../lib/review.js';
import type { AuthUser } from '../../plugins/auth.js';
import { maskCardId } from '../auth/service.js';
import { notifyUser } from '../messages/service.js';
import { requireOwnUpload, uploadUrl } from '../uploads/service.js';
import {
  type CheckRow,
  findCheck,
  insertCheck,
  latestCheck,
  listChecks,
  moveUserTier,
  reviewPendingCheck,
  type Tier,
  userTierState,
} from './repo.js';

/** users.review_status / advanced_user as words (docs/api-money.md): part of the API's contract. */
export const STATE_NAMES = identityApi.STATE_NAMES;
export type StateName = identityApi.StateName;
const stateName = (state: number): StateName => STATE_NAMES[state] ?? 'none';
const SUBMITTABLE = [REVIEW_STATUS.none, REVIEW_STATUS.rejected];

/** Why a tier in `state` can't take a new submission, if it can't. */
function refuseState(state: number) {
  if (state === REVIEW_STATUS.pending) throw new AppError('verification_pending');
  if (state === REVIEW_STATUS.verified) throw new AppError('already_verified');
}

export type BasicInput = { country: string; name: string; card_id: string };
export type AdvancedInput = { address: string; front_pic?: string; reverse_pic?: string; hand_pic?: string };

/** Basic (tier 1) verification: the user's state moves to pending together with the submission. */
export async function submitBasic(db: Db, user: AuthUser, input: BasicInput) {
  refuseState(user.reviewStatus);
  await db.transaction(async (tx) => {
    if (!(await moveUserTier(tx, user.id, 1, SUBMITTABLE, REVIEW_STATUS.pending)))
      refuseState(await userTierState(tx, user.id, 1));
    await insertCheck(tx, { userId: user.id, tier: 1, country: input.country, name: input.name, cardId: input.card_id });
  });
  return { status: 'pending' as const };
}

/** Advanced (tier 2): an address and three photos of the user's own uploads; basic must be verified. */
export async function submitAdvanced(db: Db, user: AuthUser, input: AdvancedInput) {
  if (user.reviewStatus !== REVIEW_STATUS.verified) throw new AppError('basic_first');
  refuseState(user.advancedUser);
  const front = await requireOwnUpload(db, user.id, input.front_pic, 'front_pic');
  const back = await requireOwnUpload(db, user.id, input.reverse_pic, 'reverse_pic');
  const hand = await requireOwnUpload(db, user.id, input.hand_pic, 'hand_pic');
  await db.transaction(async (tx) => {
    if (!(await moveUserTier(tx, user.id, 2, SUBMITTABLE, REVIEW_STATUS.pending)))
      refuseState(await userTierState(tx, user.id, 2));
    await insertCheck(tx, {
      userId: user.id,
      tier: 2,
      address: input.address,
      frontUploadId: front,
      backUploadId: back,
      handUploadId: hand,
    });
  });
  return { status: 'pending' as const };
}

export async function verificationCenter(db: Db, user: AuthUser) {
  const [basic, advanced] = await Promise.all([latestCheck(db, user.id, 1), latestCheck(db, user.id, 2)]);
  return {
    basic: {
      status: stateName(user.reviewStatus),
      reject_reason: user.reviewStatus === REVIEW_STATUS.rejected ? (basic?.rejectReason ?? null) : null,
      country: basic?.country ?? null,
      name: basic?.name ?? null,
      card_id: maskCardId(basic?.cardId ?? null),
      submitted_at: basic?.createdAt.toISOString() ?? null,
    },
    advanced: {
      status: stateName(user.advancedUser),
      reject_reason: user.advancedUser === REVIEW_STATUS.rejected ? (advanced?.rejectReason ?? null) : null,
      submitted_at: advanced?.createdAt.toISOString() ?? null,
    },
  };
}

const photo = (id: string | null) => (id ? uploadUrl(id) : null);

export async function consoleIdentityList(db: Db, filter: { status?: string; tier?: number }, page: number, limit: number) {
  const { total, rows } = await listChecks(db, filter, limit, (page - 1) * limit);
  return {
    list: rows.map(({ check: c, email, phone, areaCode }) => ({
      id: c.id,
      user: { id: c.userId, email, phone, area_code: areaCode },
      tier: c.tier,
      status: c.status,
      country: c.country,
      name: c.name,
      card_id: c.cardId,
      address: c.address,
      front_url: photo(c.frontUploadId),
      back_url: photo(c.backUploadId),
      hand_url: photo(c.handUploadId),
      reject_reason: c.rejectReason,
      reviewed_by: c.reviewedBy,
      reviewed_at: c.reviewedAt?.toISOString() ?? null,
      created_at: c.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}

/** The submission's state after a guarded review, or the reason there was nothing to review. */
async function claim(tx: Db, id: number, set: Parameters<typeof reviewPendingCheck>[2]): Promise<CheckRow> {
  return reviewedOrRefused(await reviewPendingCheck(tx, id, set), () => findCheck(tx, id));
}

const templates = {
  1: { approved: 'identity_basic_approved', rejected: 'identity_basic_rejected' },
  2: { approved: 'identity_advanced_approved', rejected: 'identity_advanced_rejected' },
} as const;

/**
 * Approves a submission: the check, the user's tier state (basic also takes the verified name and ID
 * number onto the user), the message and the audit row change together, once.
 */
export async function approveCheck(db: Db, request: FastifyRequest, id: number): Promise<CheckRow> {
  return db.transaction(async (tx) => {
    const check = await claim(tx, id, { status: 'verified', reviewedBy: request.admin!.id });
    const tier = check.tier as Tier;
    const extra = tier === 1 ? { name: check.name, cardId: check.cardId } : {};
    await moveUserTier(tx, check.userId, tier, [REVIEW_STATUS.pending], REVIEW_STATUS.verified, extra);
    await notifyUser(tx, check.userId, 'identity', templates[tier].approved);
    await audit(
      tx,
      request,
      `identity.approve`,
      `identity_check:${id}`,
      { status: 'pending', tier },
      { status: 'verified', tier },
    );
    return check;
  });
}

export async function rejectCheck(db: Db, request: FastifyRequest, id: number, reason: string): Promise<CheckRow> {
  return db.transaction(async (tx) => {
    const check = await claim(tx, id, { status: 'rejected', rejectReason: reason, reviewedBy: request.admin!.id });
    const tier = check.tier as Tier;
    await moveUserTier(tx, check.userId, tier, [REVIEW_STATUS.pending], REVIEW_STATUS.rejected);
    await notifyUser(tx, check.userId, 'identity', templates[tier].rejected, { reason });
    await audit(
      tx,
      request,
      'identity.reject',
      `identity_check:${id}`,
      { status: 'pending', tier },
      { status: 'rejected', tier, reason },
    );
    return check;
  });
}
