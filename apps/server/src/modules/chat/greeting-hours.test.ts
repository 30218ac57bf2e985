import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { adminToken, createTestApp, registerEmailUser } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema.js';

const t = appForFile({ open: () => createTestApp({}, undefined, () => clock) });
let admin: string;
/** The app's clock, moved by each test. */
let clock = Date.parse('2026-11-27T02:00:00Z'); // Friday 10:00 in Singapore
beforeAll(async () => {
  admin = await adminToken(t);
});

const weekdays = { open: '09:00', close: '18:00' };
const office = {
  time_zone: 'Asia/Singapore',
  days: { mon: weekdays, tue: weekdays, wed: weekdays, thu: weekdays, fri: weekdays, sat: null, sun: null },
};
const setGreeting = (body: unknown) => t.post('admin/chat/greeting', body as never, { token: admin, json: true });

describe('support chat greeting and hours', () => {
  it('greets with the built-in greeting in the user’s language until operators write one', async () => {
    const u = await registerEmailUser(t);
    const opened = await t.post('chat/open', {}, { token: u.token, lang: 'esp' });
    expect(opened.message.greeting).toEqual({ text: expect.stringContaining('¿En qué podemos ayudarte'), lang: 'esp' });
    expect(opened.message.hours).toEqual({ open_now: true, next_open_at: null, time_zone: null });
    // Without hours nobody gets an automatic reply.
    await t.post('chat/send', { text: 'hola' }, { token: u.token, lang: 'esp' });
    const after = await t.post('chat/open', {}, { token: u.token });
    expect(after.message.messages.map((m: { sender: string }) => m.sender)).toEqual(['user']);
  });

  it('stores the operators’ greeting and hours (audited) and shows the reader’s language or English', async () => {
    const saved = await setGreeting({
      greeting: { en: 'Hi, we are here to help.', jp: 'こんにちは、お手伝いします。', th: '' },
      hours: office,
    });
    expect(saved.type).toBe('ok');
    expect(saved.message.greeting).toEqual({ en: 'Hi, we are here to help.', jp: 'こんにちは、お手伝いします。' });
    expect((await t.get('admin/chat/greeting', { token: admin })).message).toMatchObject({
      hours: { time_zone: 'Asia/Singapore' },
    });
    const u = await registerEmailUser(t);
    expect((await t.post('chat/open', {}, { token: u.token, lang: 'jp' })).message.greeting).toEqual({
      text: 'こんにちは、お手伝いします。',
      lang: 'jp',
    });
    expect((await t.post('chat/open', {}, { token: u.token, lang: 'th' })).message.greeting).toEqual({
      text: 'Hi, we are here to help.',
      lang: 'en',
    });
    const [row] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'chat.greeting'));
    expect(row).toMatchObject({ target: 'setting:support_chat', after: { hours: { time_zone: 'Asia/Singapore' } } });
  });

  it('answers nothing inside the hours', async () => {
    clock = Date.parse('2026-11-27T02:00:00Z');
    const u = await registerEmailUser(t);
    await t.post('chat/send', { text: 'Is my deposit in?' }, { token: u.token });
    const opened = (await t.post('chat/open', {}, { token: u.token })).message;
    expect(opened.hours.open_now).toBe(true);
    expect(opened.messages.map((m: { sender: string }) => m.sender)).toEqual(['user']);
  });

  it('replies once per closed period outside the hours, saying when the team is back, as the system', async () => {
    clock = Date.parse('2026-11-28T03:00:00Z'); // Saturday 11:00 in Singapore
    const u = await registerEmailUser(t);
    const opened = (await t.post('chat/open', {}, { token: u.token, lang: 'zh' })).message;
    expect(opened.hours).toEqual({ open_now: false, next_open_at: '2026-11-30T01:00:00.000Z', time_zone: 'Asia/Singapore' });
    await t.post('chat/send', { text: '有人吗？' }, { token: u.token, lang: 'zh' });
    await t.post('chat/send', { text: '还在吗？' }, { token: u.token, lang: 'zh' });
    let messages = (await t.post('chat/open', {}, { token: u.token })).message.messages;
    expect(messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'system', 'user']);
    expect(messages[1].text).toContain('客服团队目前不在线');
    expect(messages[1].text).toMatch(/星期一.*09:00.*Asia\/Singapore/);
    // The automatic reply does not count as read by the agents nor unread for the user.
    expect((await t.get('chat/unread', { token: u.token })).message.count).toBe(0);
    const desk = await t.get(`admin/chat/conversations/${opened.conversation_id}`, { token: admin });
    expect(desk.message.unread).toBe(2);

    // Open on Monday, closed again after 18:00: the next message gets a new reply (English fallback language).
    clock = Date.parse('2026-11-30T11:00:00Z'); // Monday 19:00 in Singapore
    await t.post('chat/send', { text: 'hello again' }, { token: u.token, lang: 'en' });
    messages = (await t.post('chat/open', {}, { token: u.token })).message.messages;
    expect(messages.map((m: { sender: string }) => m.sender)).toEqual(['user', 'system', 'user', 'user', 'system']);
    expect(messages[4].text).toMatch(/back on Tuesday.*09:00 \(Asia\/Singapore\)/);
  });

  it('refuses bad settings with a clear error and keeps the old ones', async () => {
    const before = (await t.get('admin/chat/greeting', { token: admin })).message;
    expect((await setGreeting({ greeting: { xx: 'hi' } })).error).toBe('field_invalid');
    expect((await setGreeting({ greeting: { en: 'x'.repeat(501) } })).error).toBe('field_invalid');
    expect((await setGreeting({ hours: { ...office, time_zone: 'Mars/Olympus' } })).error).toBe('field_invalid');
    expect((await setGreeting({ hours: { ...office, days: { mon: { open: '18:00', close: '09:00' } } } })).error).toBe(
      'field_invalid',
    );
    expect((await setGreeting({ hours: { ...office, days: { mon: { open: '9am', close: '18:00' } } } })).error).toBe(
      'field_invalid',
    );
    // Wrong shapes are refused as bad input, never a server error.
    for (const body of [
      { greeting: ['hi'] },
      { greeting: { en: 5 } },
      { hours: 'always' },
      { hours: { time_zone: 'UTC', days: 3 } },
      { hours: { time_zone: 'UTC' } },
      { hours: { time_zone: 'x'.repeat(10_000), days: {} } },
      { hours: { time_zone: 'UTC', days: { mon: { open: '24:00', close: '24:00' } } } },
    ]) {
      const reply = await setGreeting(body);
      expect(reply.status, JSON.stringify(body)).toBeLessThan(500);
      expect(reply.type, JSON.stringify(body)).not.toBe('ok');
    }
    const refused = await t.post('admin/chat/greeting', { greeting: { zz: 'x' } } as never, {
      token: admin,
      json: true,
      lang: 'kr',
    });
    expect(refused).toMatchObject({ error: 'field_invalid', message: expect.stringMatching(/[가-힣]/) });
    expect((await t.get('admin/chat/greeting', { token: admin })).message).toEqual(before);
    const u = await registerEmailUser(t);
    expect((await t.post('admin/chat/greeting', { greeting: {} } as never, { token: u.token, json: true })).type).toBe('999');
    // Clearing the hours: always open again.
    expect((await setGreeting({ greeting: {}, hours: null })).message).toEqual({ greeting: {}, hours: null });
  });
});
