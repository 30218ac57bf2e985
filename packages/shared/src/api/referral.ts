import { z } from 'zod';
import { idParams } from '../fields.js';
import { coinColumns, decimalText, isoTime, pageFields, pageReply, rowId } from './reply.js';

// Referral: a user's invite code and link, the people they invited and the rebates their fees earn the
// inviter (H5), and the rebate ratios the operators set (console).

/** A user's standing: partners and exclusive agents may have their own ratio. */
export const REFERRAL_STATUSES = ['normal', 'partner', 'exclusive'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];
const status = z.enum(REFERRAL_STATUSES);

/** A POST without a body (the original client sends none for the first page) is the first page. */
export const pageQuery = z.preprocess((v) => v ?? {}, z.object(pageFields));

/** Rebates per coin: credited so far and earned but below the coin's smallest unit (paid with the next). */
export const coinReturn = z.object({
  ...coinColumns,
  total: decimalText,
  pending: decimalText,
});
export type CoinReturn = z.infer<typeof coinReturn>;

/** `GET user/invite`: my code, link and promotion so far. */
export const inviteReply = z.object({
  extension_code: z.string(),
  share_url: z.string(),
  invited: z.number().int(),
  /** Rebates credited so far, valued in USDT. */
  total_return: decimalText,
  /** Rebates earned but below the coin's smallest unit, paid with the next one (USDT value). */
  pending_rewards: decimalText,
  returns: z.array(coinReturn),
  rebate_ratio: decimalText,
  rebate_percent: decimalText,
  status,
  /** My place in the ranking; null while I have invited nobody. */
  rank: z.number().int().positive().nullable(),
  demo_prices: z.boolean(),
});
export type InviteReply = z.infer<typeof inviteReply>;

/** `GET user/my_share` */
export const shareReply = z.object({ extension_code: z.string(), share_url: z.string(), invited: z.number().int() });
export type ShareReply = z.infer<typeof shareReply>;

/** `GET user/my_poster`: `pics` are operator-supplied backgrounds (none yet: the client draws its own). */
export const posterReply = z.object({
  extension_code: z.string(),
  share_url: z.string(),
  rebate_percent: decimalText,
  pics: z.array(z.string()),
});
export type PosterReply = z.infer<typeof posterReply>;

/** `GET|POST user/invite_list`: the TOP10 inviters, accounts masked. */
export const rankRow = z.object({
  rank: z.number().int().positive(),
  account: z.string(),
  invited: z.number().int(),
  total_return: decimalText,
});
export type RankRow = z.infer<typeof rankRow>;
export const rankingReply = z.object({ list: z.array(rankRow) });
export type RankingReply = z.infer<typeof rankingReply>;

/** `GET|POST user/my_invite_list`: people I invited, newest first, accounts masked. */
export const inviteeRow = z.object({ id: rowId, account: z.string(), created_at: isoTime, total_return: decimalText });
export type InviteeRow = z.infer<typeof inviteeRow>;
export const inviteesReply = pageReply(inviteeRow);

/** `GET|POST user/my_account_return`: my rebate records, newest first. */
export const rebateRow = z.object({
  id: rowId,
  account: z.string(),
  ...coinColumns,
  reason: z.string(),
  reason_text: z.string(),
  fee: decimalText,
  ratio: decimalText,
  /** The rebate before rounding to the coin's unit; `amount` is what was credited. */
  exact: decimalText,
  amount: decimalText,
  created_at: isoTime,
});
export type RebateRow = z.infer<typeof rebateRow>;
export const rebatesReply = pageReply(rebateRow);

// ── console ──

/** A rebate ratio as a fraction of the fee: 0 to 1, at most 6 decimals ("0.2" = 20 %). */
const ratioField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v),
  z
    .string({ message: 'field_required' })
    .min(1, 'field_required')
    .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, 'field_invalid'),
);

export const userParams = idParams;

/** A user with a status other than normal, or an own ratio. */
export const partnerRow = z.object({
  user_id: rowId,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  extension_code: z.string(),
  status,
  ratio: decimalText.nullable(),
  updated_at: isoTime,
});
export type PartnerRow = z.infer<typeof partnerRow>;

/** `GET admin/referral/settings`: the default ratio and the partners. */
export const settingsReply = z.object({ default_ratio: decimalText, partners: z.array(partnerRow) });
export type SettingsReply = z.infer<typeof settingsReply>;

/** `POST admin/referral/settings` */
export const saveSettingsBody = z.object({ default_ratio: ratioField });
export const saveSettingsReply = z.object({ default_ratio: decimalText });

/** `GET admin/referral/users/:id`: a user's referral standing; `ratio` null: the default applies. */
export const userReply = z.object({
  user_id: rowId,
  email: z.string().nullable(),
  phone: z.string().nullable(),
  extension_code: z.string(),
  parent_id: rowId.nullable(),
  status,
  ratio: decimalText.nullable(),
  effective_ratio: decimalText,
  default_ratio: decimalText,
  invited: z.number().int(),
  returns: z.array(coinReturn),
});
export type UserReply = z.infer<typeof userReply>;

/** `POST admin/referral/users/:id`: status and own ratio (empty: the default); answers the new standing. */
export const saveUserBody = z.object({
  status: z.enum(REFERRAL_STATUSES, { message: 'field_invalid' }),
  ratio: z.preprocess((v) => (v === '' || v === null ? undefined : v), ratioField.optional()),
});
export const saveUserReply = userReply;
