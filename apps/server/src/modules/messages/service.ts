import type { Lang } from '@app/shared';
import type { Db } from '../../db/client.js';
import { isMessageTemplate, type MessageTemplate, translate } from '../../i18n/messages.js';
import { AppError } from '../../lib/app-error.js';
import { insertMessage, listMessages, type MessageRow, markRead } from './repo.js';

// The unread count other modules show (news adds it to its own).
export { unreadMessages } from './repo.js';

/** `settlement`: contract and option settlements; `system`: anything else the platform tells one user. */
export type MessageKind = 'deposit' | 'withdrawal' | 'identity' | 'settlement' | 'system';
type Values = Record<string, string | number>;

/**
 * Leaves a message for a user inside the caller's transaction (a review outcome and its message
 * commit together). Only the template and its values are stored: the text is rendered in whatever
 * language the user reads it in.
 */
export async function notifyUser(tx: Db, userId: number, kind: MessageKind, template: MessageTemplate, values: Values = {}) {
  await insertMessage(tx, { userId, kind, templateKey: template, values });
}

export function renderMessage(lang: Lang, row: MessageRow) {
  const values = (row.values ?? {}) as Values;
  const known = isMessageTemplate(row.templateKey);
  return {
    id: row.id,
    kind: row.kind,
    title: known ? translate(lang, `${row.templateKey as MessageTemplate}_title`, values) : row.templateKey,
    body: known ? translate(lang, `${row.templateKey as MessageTemplate}_body`, values) : '',
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export async function userMessagesPage(db: Db, lang: Lang, userId: number, page: number, limit: number) {
  const { total, unread, rows } = await listMessages(db, userId, limit, (page - 1) * limit);
  return { list: rows.map((r) => renderMessage(lang, r)), total, page, limit, unread };
}

/** Marks one of the user's messages read (another user's id is not_found), or all of them. */
export async function readMessages(db: Db, userId: number, target: { id?: number; all: boolean }): Promise<void> {
  if (target.all) {
    await markRead(db, userId);
    return;
  }
  if (target.id === undefined) throw new AppError('field_required', { fields: { id: 'field_required' } });
  if ((await markRead(db, userId, target.id)) === 0) throw new AppError('not_found');
}
