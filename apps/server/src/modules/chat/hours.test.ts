import { describe, expect, it } from 'vitest';
import { formatOpening, isOpenAt, isTimeZone, lastClosing, nextOpening, type Schedule } from './hours.js';

const weekdays = { open: '09:00', close: '18:00' };
// Monday to Friday 09:00–18:00 in Singapore (UTC+8, no daylight saving).
const office: Schedule = {
  timeZone: 'Asia/Singapore',
  days: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays, sat: null, sun: null },
};
const at = (iso: string) => new Date(iso).getTime();

describe('opening hours', () => {
  it('is open inside a weekday span on the team’s clock, closed outside it', () => {
    // 2026-11-27 is a Friday: 10:00 in Singapore is 02:00 UTC.
    expect(isOpenAt(office, at('2026-11-27T02:00:00Z'))).toBe(true);
    expect(isOpenAt(office, at('2026-11-27T01:00:00Z'))).toBe(true); // 09:00 sharp
    expect(isOpenAt(office, at('2026-11-27T00:59:00Z'))).toBe(false);
    expect(isOpenAt(office, at('2026-11-27T10:00:00Z'))).toBe(false); // 18:00: closed
    expect(isOpenAt(office, at('2026-11-28T03:00:00Z'))).toBe(false); // Saturday
    expect(isOpenAt(null, at('2026-11-28T03:00:00Z'))).toBe(true);
  });

  it('finds the next opening across the weekend and the last closing', () => {
    const saturday = at('2026-11-28T03:00:00Z');
    expect(new Date(nextOpening(office, saturday)!).toISOString()).toBe('2026-11-30T01:00:00.000Z');
    expect(new Date(lastClosing(office, saturday)!).toISOString()).toBe('2026-11-27T10:00:00.000Z');
    expect(nextOpening({ timeZone: 'UTC', days: {} }, saturday)).toBeNull();
  });

  it('follows daylight saving in zones that have it', () => {
    const ny: Schedule = { timeZone: 'America/New_York', days: { mon: weekdays } };
    // 9:00 in New York is 13:00 UTC in summer (EDT) and 14:00 UTC in winter (EST).
    expect(new Date(nextOpening(ny, at('2026-07-04T00:00:00Z'))!).toISOString()).toBe('2026-07-06T13:00:00.000Z');
    expect(new Date(nextOpening(ny, at('2026-11-28T00:00:00Z'))!).toISOString()).toBe('2026-11-30T14:00:00.000Z');
  });

  it('runs until midnight with 24:00 and checks zone names', () => {
    const late: Schedule = { timeZone: 'UTC', days: { fri: { open: '20:00', close: '24:00' } } };
    expect(isOpenAt(late, at('2026-11-27T23:59:00Z'))).toBe(true);
    expect(isOpenAt(late, at('2026-11-28T00:00:00Z'))).toBe(false);
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });

  it('writes the opening in the reader’s language on the team’s clock', () => {
    const monday = at('2026-11-30T01:00:00Z');
    expect(formatOpening(monday, 'Asia/Singapore', 'en')).toMatch(/Monday.*09:00/);
    expect(formatOpening(monday, 'Asia/Singapore', 'esp')).toMatch(/lunes.*09:00/);
    expect(formatOpening(monday, 'Asia/Singapore', 'zh')).toMatch(/星期一.*09:00/);
  });
});
