import { z } from 'zod';
import { idParams, intField, omittedIfEmpty, optionalText, requiredText } from '../fields.js';
import { isoTime, pageFields, pageReply, rowId, userRef } from './reply.js';

// The identity routes: a user's basic (tier 1) and advanced (tier 2) verification, and the console's
// review of the submissions.

/** A tier's state as words: users.review_status / advanced_user 0..3 (REVIEW_STATUS). */
export const STATE_NAMES = ['none', 'pending', 'verified', 'rejected'] as const;
export type StateName = (typeof STATE_NAMES)[number];

/** The states of one submission. */
export const CHECK_STATES = ['pending', 'verified', 'rejected'] as const;

/** `POST user/real_name`: basic verification. */
export const basicBody = z.object({
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

/** `POST user/real_name2`: advanced verification; the photos are ids (or urls) of the user's own uploads. */
export const advancedBody = z.object({
  address: requiredText(300),
  front_pic: optionalText(64),
  reverse_pic: optionalText(64),
  hand_pic: optionalText(64),
});

/** Both submissions answer the tier's new state. */
export const submitReply = z.object({ status: z.literal('pending') });
export type SubmitReply = z.infer<typeof submitReply>;

/** `GET user/center2`: both tiers' state; a reason only while rejected, the ID number masked. */
export const basicState = z.object({
  status: z.enum(STATE_NAMES),
  reject_reason: z.string().nullable(),
  country: z.string().nullable(),
  name: z.string().nullable(),
  card_id: z.string().nullable(),
  submitted_at: isoTime.nullable(),
});
export const advancedState = z.object({
  status: z.enum(STATE_NAMES),
  reject_reason: z.string().nullable(),
  submitted_at: isoTime.nullable(),
});
export const centerReply = z.object({ basic: basicState, advanced: advancedState });
export type CenterReply = z.infer<typeof centerReply>;

/** `GET admin/identity` (console): submissions, newest first. */
export const consoleQuery = z.object({
  status: omittedIfEmpty(z.enum(CHECK_STATES, { message: 'field_invalid' })),
  tier: omittedIfEmpty(intField(1, 2)),
  ...pageFields,
});

/**
 * One submission: tier 1 (basic) carries the country, name and ID number, tier 2 (advanced) the
 * address and the photos' urls (under /api/upload, readable with the console token). `status` is the
 * submission's (CHECK_STATES; the column is text).
 */
export const checkRow = z.object({
  id: rowId,
  user: userRef,
  tier: z.number().int(),
  status: z.string(),
  country: z.string().nullable(),
  name: z.string().nullable(),
  card_id: z.string().nullable(),
  address: z.string().nullable(),
  front_url: z.string().nullable(),
  back_url: z.string().nullable(),
  hand_url: z.string().nullable(),
  reject_reason: z.string().nullable(),
  reviewed_by: z.number().int().nullable(),
  reviewed_at: isoTime.nullable(),
  created_at: isoTime,
});
export type CheckRow = z.infer<typeof checkRow>;
export const consoleReply = pageReply(checkRow);
export type ConsoleReply = z.infer<typeof consoleReply>;

/** `POST admin/identity/:id/approve` and `.../reject` (the reason is shown to the user). */
export const reviewParams = idParams;
export { rejectBody } from './reviewed-requests.js';
export const reviewReply = z.object({ id: rowId, status: z.string() });
export type ReviewReply = z.infer<typeof reviewReply>;
