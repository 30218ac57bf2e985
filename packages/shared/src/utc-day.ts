// UTC days of unix seconds: the index record's days, and the day a request names.

/** The UTC day ('YYYY-MM-DD') of a unix second. */
export function utcDayOf(second: number): string {
  return new Date(Math.floor(second / 86_400) * 86_400_000).toISOString().slice(0, 10);
}

/** The first unix second of a UTC day ('YYYY-MM-DD'). */
export function utcDayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}
