import { referralApi } from '@app/shared';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { selectPage, withTotal } from '../../db/paging.js';
import { currencies, referralAccruals, referralProfiles, referralRebates, settings, users } from '../../db/schema.js';
import { D, type Dec } from '../../lib/money.js';

/** The default rebate ratio until an operator sets one in the console (20 % of each fee). */
export const DEFAULT_RATIO = '0.2';
export const SETTINGS_KEY = 'referral';
// The statuses are part of the API's contract (referralApi).
export const REFERRAL_STATUSES = referralApi.REFERRAL_STATUSES;
export type ReferralStatus = referralApi.ReferralStatus;

export type ReferralSettings = { default_ratio: string };

export async function referralSettings(db: Db): Promise<ReferralSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SETTINGS_KEY)).limit(1);
  const value = (row?.value ?? {}) as Partial<ReferralSettings>;
  return { default_ratio: typeof value.default_ratio === 'string' ? value.default_ratio : DEFAULT_RATIO };
}

export async function saveReferralSettings(db: Db, value: ReferralSettings): Promise<void> {
  await db
    .insert(settings)
    .values({ key: SETTINGS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export type Profile = { status: ReferralStatus; ratio: string | null };

export async function profileOf(db: Db, userId: number): Promise<Profile> {
  const [row] = await db.select().from(referralProfiles).where(eq(referralProfiles.userId, userId)).limit(1);
  return { status: row?.status ?? 'normal', ratio: row?.ratio ?? null };
}

export async function saveProfile(db: Db, userId: number, profile: Profile, adminId: number | null): Promise<void> {
  await db
    .insert(referralProfiles)
    .values({ userId, status: profile.status, ratio: profile.ratio, updatedBy: adminId })
    .onConflictDoUpdate({
      target: referralProfiles.userId,
      set: { status: profile.status, ratio: profile.ratio, updatedBy: adminId, updatedAt: new Date() },
    });
}

/** The ratio in force for a profile: its own when set, else the default. */
export const ratioOf = (profile: { ratio: string | null } | undefined, defaultRatio: string): Dec =>
  new D(profile?.ratio ?? defaultRatio);

/** For each invitee: their inviter and the inviter's ratio now (invitees without an inviter are left out). */
export async function effectiveRatios(db: Db, inviteeIds: number[]): Promise<Map<number, { inviterId: number; ratio: Dec }>> {
  const out = new Map<number, { inviterId: number; ratio: Dec }>();
  const ids = [...new Set(inviteeIds)];
  if (!ids.length) return out;
  const { default_ratio } = await referralSettings(db);
  const rows = await db
    .select({ invitee: users.id, inviter: users.parentId, ratio: referralProfiles.ratio })
    .from(users)
    .leftJoin(referralProfiles, eq(referralProfiles.userId, users.parentId))
    .where(inArray(users.id, ids));
  for (const r of rows) {
    if (r.inviter === null) continue;
    out.set(r.invitee, { inviterId: r.inviter, ratio: ratioOf({ ratio: r.ratio }, default_ratio) });
  }
  return out;
}

export async function invitedCount(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.parentId, userId));
  return row?.n ?? 0;
}

/** Σ credited and Σ (exact − credited) per coin, for the inviter. */
export async function accruals(db: Db, userId: number) {
  return db
    .select({
      currencyId: referralAccruals.currencyId,
      name: currencies.name,
      decimals: currencies.decimals,
      exact: referralAccruals.exactTotal,
      credited: referralAccruals.creditedTotal,
    })
    .from(referralAccruals)
    .innerJoin(currencies, eq(currencies.id, referralAccruals.currencyId))
    .where(eq(referralAccruals.inviterId, userId))
    .orderBy(referralAccruals.currencyId);
}

export type RankRow = {
  user_id: number;
  email: string | null;
  phone: string | null;
  invited: number;
  credited_usdt: string;
};

/**
 * The ranking: users by how many people they invited, then by rebates earned (in USDT, the quote
 * coin of every pair), then by who got there first (lowest id). The market maker never ranks.
 */
const RANKING = sql`
  SELECT u.id AS user_id, u.email, u.phone, count(i.id)::int AS invited,
         coalesce((SELECT sum(credited_total) FROM referral_accruals a WHERE a.inviter_id = u.id AND a.currency_id = 3), 0) AS credited
  FROM users u JOIN users i ON i.parent_id = u.id
  WHERE NOT u.is_operator
  GROUP BY u.id`;
const RANK_ORDER = sql`ORDER BY invited DESC, credited DESC, user_id ASC`;

export async function topInviters(db: Db, limit: number): Promise<RankRow[]> {
  return queryRows<RankRow>(
    db,
    sql`SELECT user_id, email, phone, invited, credited::text AS credited_usdt FROM (${RANKING}) r ${RANK_ORDER} LIMIT ${limit}`,
  );
}

/** The user's place in the ranking (1-based), or null when they have invited nobody. */
export async function rankOf(db: Db, userId: number): Promise<number | null> {
  const [row] = await queryRows<{ rank: string }>(
    db,
    sql`SELECT rank FROM (SELECT user_id, row_number() OVER (${RANK_ORDER}) AS rank FROM (${RANKING}) r) x WHERE user_id = ${userId}`,
  );
  return row ? Number(row.rank) : null;
}

/** The people a user invited, newest first, with what their fees have earned the inviter so far. */
export async function invitees(db: Db, userId: number, limit: number, offset: number) {
  const where = eq(users.parentId, userId);
  return withTotal(
    db.select({ n: count() }).from(users).where(where),
    queryRows<{ id: number; email: string | null; phone: string | null; created_at: Date | string; rebates: string }>(
      db,
      sql`SELECT u.id, u.email, u.phone, u.created_at,
                 coalesce((SELECT sum(r.credited) FROM referral_rebates r WHERE r.inviter_id = ${userId} AND r.invitee_id = u.id AND r.currency_id = 3), 0)::text AS rebates
          FROM users u WHERE u.parent_id = ${userId} ORDER BY u.id DESC LIMIT ${limit} OFFSET ${offset}`,
    ),
  );
}

/** The inviter's rebate records, newest first. */
export async function rebates(db: Db, userId: number, limit: number, offset: number) {
  const where = eq(referralRebates.inviterId, userId);
  const rows = db
    .select({
      id: referralRebates.id,
      inviteeId: referralRebates.inviteeId,
      email: users.email,
      phone: users.phone,
      currencyId: referralRebates.currencyId,
      currencyName: currencies.name,
      reason: referralRebates.sourceReason,
      fee: referralRebates.fee,
      ratio: referralRebates.ratio,
      exact: referralRebates.exact,
      credited: referralRebates.credited,
      createdAt: referralRebates.createdAt,
    })
    .from(referralRebates)
    .innerJoin(users, eq(users.id, referralRebates.inviteeId))
    .innerJoin(currencies, eq(currencies.id, referralRebates.currencyId))
    .$dynamic();
  return selectPage(db, { rows, count: referralRebates, where, orderBy: [desc(referralRebates.id)] }, { limit, offset });
}

/** What the console shows of a user's referral standing. */
const profileColumns = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  extensionCode: users.extensionCode,
  status: referralProfiles.status,
  ratio: referralProfiles.ratio,
  updatedAt: referralProfiles.updatedAt,
};

/** Console: referral standing of the users matching `q` (id, e-mail, phone or invite code). */
export async function consoleProfiles(db: Db, userId: number) {
  const [row] = await db
    .select(profileColumns)
    .from(users)
    .leftJoin(referralProfiles, eq(referralProfiles.userId, users.id))
    .where(and(eq(users.id, userId)))
    .limit(1);
  return row;
}

/** Console: every user with a partner or exclusive status. */
export async function specialProfiles(db: Db) {
  return db
    .select(profileColumns)
    .from(referralProfiles)
    .innerJoin(users, eq(users.id, referralProfiles.userId))
    .where(sql`${referralProfiles.status} <> 'normal' OR ${referralProfiles.ratio} IS NOT NULL`)
    .orderBy(desc(referralProfiles.updatedAt));
}
