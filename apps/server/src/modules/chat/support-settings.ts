import { chatApi, type Lang } from '@app/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { settings } from '../../db/schema.js';
import { translate } from '../../i18n/messages.js';
import { formatOpening, isOpenAt, nextOpening, type Schedule, WEEKDAYS } from './hours.js';

/** Settings key of the chat's greeting and opening hours (set in the console's chat desk). */
export const SUPPORT_CHAT_KEY = 'support_chat';
export const GREETING_MAX = chatApi.GREETING_MAX;

/**
 * What operators set: a greeting per language (English is the fallback) and the hours, or none (always
 * open; the team answers around the clock, no automatic reply). The reply of the greeting routes.
 */
export type SupportChatSettings = chatApi.GreetingReply;

/** The console's input: unknown languages and weekdays are refused, empty greetings dropped. */
export const supportChatSchema = chatApi.greetingBody;

export function normalise(input: z.infer<typeof supportChatSchema>): SupportChatSettings {
  const greeting: Partial<Record<Lang, string>> = {};
  for (const [lang, text] of Object.entries(input.greeting)) if (text) greeting[lang as Lang] = text;
  const hours = input.hours
    ? {
        time_zone: input.hours.time_zone,
        days: Object.fromEntries(WEEKDAYS.map((d) => [d, input.hours!.days[d] ?? null])),
      }
    : null;
  return { greeting, hours };
}

export async function readSupportChat(db: Db): Promise<SupportChatSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.key, SUPPORT_CHAT_KEY)).limit(1);
  const value = row?.value as Partial<SupportChatSettings> | undefined;
  return { greeting: value?.greeting ?? {}, hours: value?.hours ?? null };
}

export async function writeSupportChat(tx: Db, value: SupportChatSettings): Promise<void> {
  await tx
    .insert(settings)
    .values({ key: SUPPORT_CHAT_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}

export const scheduleOf = (s: SupportChatSettings): Schedule | null =>
  s.hours ? { timeZone: s.hours.time_zone, days: s.hours.days } : null;

/** The greeting in the reader's language, else English, else the built-in one (in the reader's language). */
export function greetingFor(s: SupportChatSettings, lang: Lang): { text: string; lang: Lang } {
  if (s.greeting[lang]) return { text: s.greeting[lang]!, lang };
  if (s.greeting.en) return { text: s.greeting.en, lang: 'en' };
  return { text: translate(lang, 'chat_greeting_default'), lang };
}

/** Whether the team is there now and, when not, when it is back (for the chat's header and the reply). */
export function availability(s: SupportChatSettings, now: number) {
  const schedule = scheduleOf(s);
  const open = isOpenAt(schedule, now);
  const next = schedule && !open ? nextOpening(schedule, now) : null;
  return {
    open_now: open,
    next_open_at: next === null ? null : new Date(next).toISOString(),
    time_zone: s.hours?.time_zone ?? null,
  };
}

/** The automatic reply to a message sent while the team is away, in the sender's language. */
export function awayReply(s: SupportChatSettings, now: number, lang: Lang): string {
  const schedule = scheduleOf(s)!;
  const next = nextOpening(schedule, now);
  if (next === null) return translate(lang, 'chat_away_reply_closed');
  return translate(lang, 'chat_away_reply', { when: formatOpening(next, schedule.timeZone, lang), zone: schedule.timeZone });
}
