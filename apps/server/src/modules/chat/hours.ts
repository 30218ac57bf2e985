import { chatApi, type Lang } from '@app/shared';

/**
 * The support team's opening hours: one span a weekday in one IANA time zone (e.g. 09:00–18:00
 * Asia/Singapore; `close` 24:00 means until midnight). A day without a span is closed; no schedule at
 * all means the team answers around the clock (no automatic reply). Pure functions of the schedule and
 * an instant, so tests pass any clock.
 */
// The weekdays, the time pattern and the time-zone check are part of the API's contract (the console's input).
export const { WEEKDAYS, TIME_PATTERN, isTimeZone } = chatApi;
export type Weekday = chatApi.Weekday;
export type DaySpan = { open: string; close: string };
export type Schedule = { timeZone: string; days: Partial<Record<Weekday, DaySpan | null>> };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

type Local = { year: number; month: number; day: number; weekday: number; minutes: number };

const partsFormat = new Map<string, Intl.DateTimeFormat>();
/** The wall-clock date and time of an instant in a zone; weekday 0 = Monday. */
function localOf(at: number, zone: string): Local {
  let format = partsFormat.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    partsFormat.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The instant a wall-clock time of a zone stands for (the zone's offset at that time). */
function instantOf(year: number, month: number, day: number, minutes: number, zone: string): number {
  const wall = Date.UTC(year, month - 1, day, 0, minutes);
  const offsetAt = (at: number) => {
    const l = localOf(at, zone);
    return Date.UTC(l.year, l.month - 1, l.day, 0, l.minutes) - at;
  };
  // Twice: the first guess may sit on the other side of a daylight-saving change.
  const first = wall - offsetAt(wall);
  return wall - offsetAt(first);
}

/** The spans around `at`: yesterday back a week and the next week, as instants, in order. */
function spansAround(schedule: Schedule, at: number): { from: number; to: number }[] {
  const spans: { from: number; to: number }[] = [];
  const today = localOf(at, schedule.timeZone);
  for (let shift = -8; shift <= 8; shift++) {
    // Calendar arithmetic on the local date (UTC is only a calculator here).
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + shift));
    const weekday = (date.getUTCDay() + 6) % 7;
    const span = schedule.days[WEEKDAYS[weekday]!];
    if (!span) continue;
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const d = date.getUTCDate();
    const from = instantOf(y, m, d, minutesOf(span.open), schedule.timeZone);
    const to = instantOf(y, m, d, minutesOf(span.close), schedule.timeZone);
    if (to > from) spans.push({ from, to });
  }
  return spans;
}

/** Whether the team is there at `at` (always, without a schedule). */
export function isOpenAt(schedule: Schedule | null, at: number): boolean {
  if (!schedule) return true;
  return spansAround(schedule, at).some((s) => s.from <= at && at < s.to);
}

/** When the team is next there after `at` (null: never, every day closed). */
export function nextOpening(schedule: Schedule, at: number): number | null {
  return spansAround(schedule, at).find((s) => s.from > at)?.from ?? null;
}

/** When the team last left before `at` (null: not within the last week). */
export function lastClosing(schedule: Schedule, at: number): number | null {
  const ended = spansAround(schedule, at).filter((s) => s.to <= at);
  return ended.length ? ended[ended.length - 1]!.to : null;
}

const LOCALES: Record<Lang, string> = {
  en: 'en-GB',
  jp: 'ja-JP',
  kr: 'ko-KR',
  esp: 'es-ES',
  zh: 'zh-CN',
  hk: 'zh-HK',
  th: 'th-TH',
};

/** "Monday 09:00" in the reader's language, on the team's clock. */
export function formatOpening(at: number, zone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    timeZone: zone,
    weekday: 'long',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}
