import type { Lang } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { reasonText } from '../../i18n/ledger-reasons.js';
import { AppError } from '../../lib/app-error.js';
import { D, type Dec, str } from '../../lib/money.js';
import { type LivePrices, usdtPrices } from '../../lib/valuation.js';
import { accruals, invitedCount, invitees, profileOf, rankOf, ratioOf, rebates, referralSettings, topInviters } from './repo.js';

/** The registration page of the H5 app; the invite code rides in its query (`?code=`). */
export const REGISTER_ROUTE = '/h5/#/pages/user/login/register';
export const TOP_N = 10;

/** The share link: the app's registration page with the code filled in. `origin` is the site's address. */
export const shareUrl = (origin: string, code: string) => `${origin}${REGISTER_ROUTE}?code=${encodeURIComponent(code)}`;

/** Others' accounts are shown masked: "ab***@example.com", "138****5678". */
export function maskAccount(email: string | null, phone: string | null): string {
  if (email) {
    const [name = '', domain = ''] = email.split('@');
    return `${name.slice(0, 2)}***@${domain}`;
  }
  if (phone) return phone.length > 6 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : `${phone.slice(0, 1)}****`;
  return '***';
}

/** USDT values at USDT's own 6 places, never overstated: rebates are small, cents would hide them. */
const usdt = (value: Dec) => str(value.toDecimalPlaces(6, D.ROUND_DOWN));
const percent = (ratio: Dec) => str(ratio.times(100));

async function me(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found');
  return user;
}

/** `user/invite`: the user's code and link and their promotion so far. */
export async function inviteSummary(db: Db, userId: number, origin: string, live?: LivePrices) {
  const [user, invited, rows, profile, settings, rank, { prices, demo }] = await Promise.all([
    me(db, userId),
    invitedCount(db, userId),
    accruals(db, userId),
    profileOf(db, userId),
    referralSettings(db),
    rankOf(db, userId),
    usdtPrices(db, live),
  ]);
  let total = new D(0);
  let pending = new D(0);
  const returns = rows.map((r) => {
    const credited = new D(r.credited);
    const rest = new D(r.exact).minus(credited);
    const price = prices.get(r.currencyId) ?? new D(0);
    total = total.plus(credited.times(price));
    pending = pending.plus(rest.times(price));
    return { currency_id: r.currencyId, currency_name: r.name, total: str(credited), pending: str(rest) };
  });
  const ratio = ratioOf(profile, settings.default_ratio);
  return {
    extension_code: user.extensionCode,
    share_url: shareUrl(origin, user.extensionCode),
    invited,
    total_return: usdt(total),
    pending_rewards: str(pending.toDecimalPlaces(8, D.ROUND_DOWN)),
    returns,
    rebate_ratio: str(ratio),
    rebate_percent: percent(ratio),
    status: profile.status,
    rank,
    demo_prices: demo,
  };
}

/** `user/my_share`: what the share sheet needs. */
export async function myShare(db: Db, userId: number, origin: string) {
  const [user, invited] = await Promise.all([me(db, userId), invitedCount(db, userId)]);
  return { extension_code: user.extensionCode, share_url: shareUrl(origin, user.extensionCode), invited };
}

/**
 * `user/my_poster`: the data a poster is drawn from (the client draws the QR code of `share_url`).
 * `pics` are operator-supplied background images; none are configured yet, so the client draws its own.
 */
export async function myPoster(db: Db, userId: number, origin: string) {
  const [user, settings, profile] = await Promise.all([me(db, userId), referralSettings(db), profileOf(db, userId)]);
  const ratio = ratioOf(profile, settings.default_ratio);
  return {
    extension_code: user.extensionCode,
    share_url: shareUrl(origin, user.extensionCode),
    rebate_percent: percent(ratio),
    pics: [] as string[],
  };
}

/** `user/invite_list`: the TOP10 by people invited. */
export async function ranking(db: Db) {
  const rows = await topInviters(db, TOP_N);
  return {
    list: rows.map((r, i) => ({
      rank: i + 1,
      account: maskAccount(r.email, r.phone),
      invited: r.invited,
      total_return: str(r.credited_usdt),
    })),
  };
}

/** `user/my_invite_list`: who joined with my code, and when. */
export async function myInvitees(db: Db, userId: number, page: number, limit: number) {
  const { total, rows } = await invitees(db, userId, limit, (page - 1) * limit);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: maskAccount(r.email, r.phone),
      created_at: new Date(r.created_at).toISOString(),
      total_return: str(r.rebates),
    })),
    total,
    page,
    limit,
  };
}

/** `user/my_account_return`: my rebate records. */
export async function myRebates(db: Db, lang: Lang, userId: number, page: number, limit: number) {
  const { total, rows } = await rebates(db, userId, limit, (page - 1) * limit);
  return {
    list: rows.map((r) => ({
      id: r.id,
      account: maskAccount(r.email, r.phone),
      currency_id: r.currencyId,
      currency_name: r.currencyName,
      reason: r.reason,
      reason_text: reasonText(lang, r.reason),
      fee: str(r.fee),
      ratio: str(r.ratio),
      exact: str(r.exact),
      amount: str(r.credited),
      created_at: r.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}

/** Console: a user's referral standing (404 for an unknown user). */
export async function consoleReferralUser(db: Db, userId: number) {
  const user = await me(db, userId);
  const [profile, settings, invited, rows] = await Promise.all([
    profileOf(db, userId),
    referralSettings(db),
    invitedCount(db, userId),
    accruals(db, userId),
  ]);
  return {
    user_id: user.id,
    email: user.email,
    phone: user.phone,
    extension_code: user.extensionCode,
    parent_id: user.parentId,
    status: profile.status,
    ratio: profile.ratio === null ? null : str(profile.ratio),
    effective_ratio: str(ratioOf(profile, settings.default_ratio)),
    default_ratio: settings.default_ratio,
    invited,
    returns: rows.map((r) => ({
      currency_id: r.currencyId,
      currency_name: r.name,
      total: str(r.credited),
      pending: str(new D(r.exact).minus(r.credited)),
    })),
  };
}
