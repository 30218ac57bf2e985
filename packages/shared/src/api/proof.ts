import { z } from 'zod';
import { omittedIfEmpty } from '../fields.js';
import { coinColumns, decimalText, isoTime, rowId } from './reply.js';

// Proof of liabilities: the published Merkle sum roots per coin, a user's own leaves and paths, and
// the super operator's on-demand rebuild.

/** A UTC day as `YYYY-MM-DD`. */
const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** An amount in the coin's smallest unit: a non-negative integer as text (sums outgrow JSON numbers). */
const unitsText = z.string().regex(/^\d+$/);

/** `GET proof/root` and `GET proof/my`: a day (empty = the newest). */
export const dayQuery = z.object({
  day: omittedIfEmpty(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'field_invalid')),
});

/** One coin's published root; `total` is `total_units` at the coin's decimals. */
export const proofRoot = z.object({
  ...coinColumns,
  decimals: z.number().int(),
  root: z.string(),
  total_units: unitsText,
  total: decimalText,
  leaf_count: z.number().int(),
});
export type ProofRoot = z.infer<typeof proofRoot>;

/** `GET proof/root`: the published roots of a day. */
export const rootReply = z.object({ day: dayText, created_at: isoTime, user_count: z.number().int(), roots: z.array(proofRoot) });
export type RootReply = z.infer<typeof rootReply>;

/** `GET proof/days`: days with a published snapshot, newest first, each with its published build's time. */
export const daysReply = z.array(z.object({ day: dayText, created_at: isoTime }));
export type DaysReply = z.infer<typeof daysReply>;

/** One sibling on the way from a leaf to its root; `side` is where the sibling sits. */
export const pathStep = z.object({ hash: z.string(), sum: unitsText, side: z.enum(['left', 'right']) });
export type PathStep = z.infer<typeof pathStep>;

/** One of the user's leaves with its path and the root it leads to. */
export const myLeaf = z.object({
  ...coinColumns,
  decimals: z.number().int(),
  user_id: rowId,
  nonce: z.string(),
  units: unitsText,
  balance: decimalText,
  leaf_hash: z.string(),
  position: z.number().int(),
  path: z.array(pathStep),
  root: z.string(),
  total_units: unitsText,
  leaf_count: z.number().int(),
});
export type MyLeaf = z.infer<typeof myLeaf>;

/** `GET proof/my`: the signed-in user's own leaves of a day. */
export const myReply = z.object({ day: dayText, created_at: isoTime, leaves: z.array(myLeaf) });
export type MyReply = z.infer<typeof myReply>;

/** `POST admin/proof/run`: the day's roots as now published; `created` false when nothing was built. */
export const runReply = rootReply.extend({ created: z.boolean() });
export type RunReply = z.infer<typeof runReply>;
