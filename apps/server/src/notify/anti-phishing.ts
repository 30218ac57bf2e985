import { isLang, type Lang } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { userAntiPhishing, users } from '../db/schema.js';
import { translate } from '../i18n/messages.js';

/**
 * operations: every e-mail to an account with an anti-phishing code opens with that code, in
 * the account's language, so the user can tell our mail from a forgery (which cannot know the code).
 * Returns the body to send: unchanged when the address has no account or no code.
 */
export async function withAntiPhishingCode(db: Db, email: string, body: string): Promise<string> {
  const [row] = await db
    .select({ code: userAntiPhishing.code, lang: users.lang })
    .from(userAntiPhishing)
    .innerJoin(users, eq(users.id, userAntiPhishing.userId))
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  if (!row) return body;
  const lang: Lang = isLang(row.lang) ? row.lang : 'en';
  return `${translate(lang, 'anti_phishing_line', { code: row.code })}\n\n${body}`;
}
