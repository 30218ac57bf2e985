import { z } from 'zod';
import { idParams, intField, MAX_INT32 } from '../fields.js';
import { LANGS } from '../langs.js';
import { isoTime, pageFields, pageReply, rowId, userRef } from './reply.js';

// The support chat routes: the user's conversation (history, send, read marks, unread badge), the
// console's chat desk, the external customer-service URL, and the greeting with the opening hours.

/** A read mark or a message id to page from: 0 means none yet. */
const mark = z.number().int().nonnegative();
const optionalCount = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  intField(0, MAX_INT32, 'field_invalid').optional(),
);

export { idParams };

/** Messages after `after_id` (catch-up after a reconnect) or before `before_id` (older). */
export const historyQuery = z.object({
  after_id: optionalCount,
  before_id: optionalCount,
  limit: intField(1, 100, 'field_invalid').default(50),
});
/** Text (checked by the server: 1..2000 characters of plain text) or an image upload; `client_id` makes resends safe. */
export const sendBody = z.object({
  client_id: z.string().max(64, 'field_invalid').optional(),
  text: z.unknown().optional(),
  upload_id: z.string().max(200, 'not_found').optional(),
});
export const readBody = z.object({ up_to: intField(0, MAX_INT32) });

/** Who wrote a message: the user, an agent, or the system (the automatic reply outside opening hours). */
export const SENDERS = ['user', 'agent', 'system'] as const;
export type Sender = (typeof SENDERS)[number];

/** One message of a conversation. */
export const chatMessage = z.object({
  id: rowId,
  conversation_id: rowId,
  sender: z.enum(SENDERS),
  kind: z.enum(['text', 'image']),
  /** Plain text: clients render it as text, never as markup ('' for an image). */
  text: z.string(),
  image: z.object({ id: z.string(), url: z.string() }).nullable(),
  client_id: z.string().nullable(),
  created_at: isoTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A page of messages in id order; `has_more`: a full page came back. */
export const historyReply = z.object({ messages: z.array(chatMessage), has_more: z.boolean() });
export type HistoryReply = z.infer<typeof historyReply>;

/** The newest messages of a conversation, its unread count for the reader and both read marks. */
const snapshot = historyReply.extend({
  conversation_id: rowId,
  unread: z.number().int(),
  user_read_id: mark,
  agent_read_id: mark,
});

/** Whether the team is there now; when not, when it is back (null: no opening in the coming week). */
export const chatHours = z.object({ open_now: z.boolean(), next_open_at: isoTime.nullable(), time_zone: z.string().nullable() });
export type ChatHours = z.infer<typeof chatHours>;

/** `POST set/get_customer_url`: an external service the operators set, else the built-in chat. */
export const customerUrlReply = z.object({ customer_url: z.string(), builtin: z.boolean() });
export type CustomerUrlReply = z.infer<typeof customerUrlReply>;

/** `POST chat/open`: the user's conversation, the greeting in the user's language and the hours. */
export const openReply = snapshot.extend({
  greeting: z.object({ text: z.string(), lang: z.enum(LANGS) }),
  hours: chatHours,
});
export type OpenReply = z.infer<typeof openReply>;

/** `POST chat/send`, `POST admin/chat/conversations/:id/messages`: the stored message (on a resend, the first). */
export const sendReply = chatMessage;

/** `POST chat/read`, `POST admin/chat/conversations/:id/read`: the reader's read mark now. */
export const readReply = z.object({ read_id: mark });

/** `GET chat/unread`, `GET admin/chat/unread` */
export const unreadReply = z.object({ count: z.number().int() });
export type UnreadReply = z.infer<typeof unreadReply>;

/** `GET chat/image/:id` answers the image's bytes. */
export const imageParams = z.object({ id: z.string().max(64, 'not_found') });

// ---- console: the chat desk ----

const agentRef = z.object({ id: rowId, email: z.string().nullable() });

export const QUEUE_FILTERS = ['all', 'mine', 'unassigned'] as const;
/** `GET admin/chat/conversations`: conversations with messages, newest activity first. */
export const conversationsQuery = z.object({
  filter: z.enum(QUEUE_FILTERS, { message: 'field_invalid' }).default('all'),
  ...pageFields,
});
export const queueRow = z.object({
  id: rowId,
  user: userRef,
  agent: agentRef.nullable(),
  /** The user's messages no agent has read. */
  unread: z.number().int(),
  last_message: z.object({ kind: z.string(), text: z.string(), sender: z.string() }).nullable(),
  last_message_at: isoTime.nullable(),
  user_read_id: mark,
  agent_read_id: mark,
});
export type QueueRow = z.infer<typeof queueRow>;
/** A page of the queue and the unread user messages across the desk. */
export const conversationsReply = pageReply(queueRow).extend({ unread_total: z.number().int() });
export type ConversationsReply = z.infer<typeof conversationsReply>;

/** `GET admin/chat/conversations/:id`: the user's profile and verification (null: the user is gone), newest messages. */
export const deskConversationReply = snapshot.extend({
  agent: agentRef.nullable(),
  user: userRef
    .extend({
      name: z.string().nullable(),
      review_status: z.number().int(),
      advanced_user: z.number().int(),
      lang: z.string(),
      frozen: z.boolean(),
      created_at: isoTime,
    })
    .nullable(),
});
export type DeskConversationReply = z.infer<typeof deskConversationReply>;

/** `POST admin/chat/conversations/:id/assign` */
export const assignReply = z.object({ id: rowId, agent: z.object({ id: rowId, email: z.string() }) });

/** `POST admin/chat/upload`: the stored image, to send as `upload_id`. */
export const uploadReply = z.object({ id: z.string(), url: z.string() });
export type UploadReply = z.infer<typeof uploadReply>;

/** `GET|POST admin/chat/settings`: the external customer-service URL ('' = the built-in chat). */
export const settingsBody = z.object({
  customer_url: z
    .string({ message: 'field_invalid' })
    .trim()
    .max(500, 'field_invalid')
    .refine((v) => v === '' || /^https:\/\/[^\s<>"']+$/i.test(v), 'field_invalid'),
});
export const settingsReply = z.object({ customer_url: z.string() });

// ---- console: the greeting and the opening hours ----

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** HH:MM on the team's clock; a closing time of 24:00 means until midnight. */
export const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
export const GREETING_MAX = 500;

/** Whether `zone` is a time zone this runtime knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const span = z
  .object({
    open: z.string({ message: 'field_invalid' }).regex(TIME_PATTERN, 'field_invalid'),
    close: z.string({ message: 'field_invalid' }).regex(TIME_PATTERN, 'field_invalid'),
  })
  .refine((s) => s.open < s.close && s.open !== '24:00', { message: 'field_invalid', path: ['close'] })
  .nullable();

/**
 * `POST admin/chat/greeting`: a greeting per language (English is the fallback; empty ones are dropped)
 * and the hours per weekday in a time zone (null: always open). Unknown languages and weekdays are refused.
 */
export const greetingBody = z.object({
  greeting: z
    .record(z.string(), z.string({ message: 'field_invalid' }).trim().max(GREETING_MAX, 'field_invalid'))
    .default({})
    .refine((g) => Object.keys(g).every((l) => (LANGS as readonly string[]).includes(l)), 'field_invalid'),
  hours: z
    .object({
      time_zone: z
        .string({ message: 'field_required' })
        .trim()
        .min(1, 'field_required')
        .max(64, 'field_invalid')
        .refine(isTimeZone, 'field_invalid'),
      days: z.object(
        Object.fromEntries(WEEKDAYS.map((d) => [d, span.optional()])) as Record<Weekday, z.ZodOptional<typeof span>>,
        { message: 'field_required' },
      ),
    })
    .nullable()
    .default(null),
});

/** `GET|POST admin/chat/greeting`: what is stored (every weekday present, null = closed; hours null = always open). */
export const daySpan = z.object({ open: z.string(), close: z.string() });
export type DaySpan = z.infer<typeof daySpan>;
export const greetingReply = z.object({
  greeting: z.partialRecord(z.enum(LANGS), z.string()),
  hours: z.object({ time_zone: z.string(), days: z.partialRecord(z.enum(WEEKDAYS), daySpan.nullable()) }).nullable(),
});
export type GreetingReply = z.infer<typeof greetingReply>;
