import { z } from 'zod';
import { flagField, intId } from '../fields.js';
import { isoTime, pageFields, pageReply, rowId } from './reply.js';

// The messages routes: what the platform told one user (review outcomes, settlements), rendered in
// the request's language, and marking them read.

/** `GET user/messages` */
export const listQuery = z.object(pageFields);
/**
 * One message. `kind` is the stored text (deposit, withdrawal, identity, settlement, system); a
 * template the server no longer knows shows its key as the title and an empty body.
 */
export const messageRow = z.object({
  id: rowId,
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
  created_at: isoTime,
});
export type MessageRow = z.infer<typeof messageRow>;
/** A page of messages and how many of all the user's messages are unread. */
export const listReply = pageReply(messageRow).extend({ unread: z.number().int() });
export type ListReply = z.infer<typeof listReply>;

/** `POST user/messages/read`: one message (id) or all of them (all=1). */
export const readBody = z.object({
  id: intId('not_found').optional(),
  all: flagField().default(false),
});
export const readReply = z.literal(true);
