import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema.js';
import { notifyUser } from '../messages/service.js';

const t = appForFile();
let admin: string;
beforeAll(async () => {
  admin = await adminToken(t);
});

async function write(texts: Record<string, { title: string; body: string }>, extra: Record<string, unknown> = {}) {
  return t.post('admin/news', { published: true, texts, ...extra } as never, { token: admin, json: true });
}

describe('announcements', () => {
  it('shows each announcement in the reader’s language, falling back to English', async () => {
    const created = await write({
      en: { title: 'Maintenance', body: 'The exchange pauses at 02:00 UTC.' },
      zh: { title: '维护公告', body: '交易所将于 UTC 02:00 暂停。' },
    });
    expect(created.message).toMatchObject({ id: expect.any(Number), published: true, texts: { en: { title: 'Maintenance' } } });
    const id = created.message.id;
    const zh = await t.post('news/detail', { id: String(id) }, { lang: 'zh' });
    expect(zh.message).toMatchObject({ id, title: '维护公告', body: '交易所将于 UTC 02:00 暂停。', lang: 'zh' });
    const jp = await t.post('news/detail', { id: String(id) }, { lang: 'jp' });
    expect(jp.message).toMatchObject({ title: 'Maintenance', lang: 'en' });
    const list = await t.post('news/list', {}, { lang: 'zh' });
    expect(list.message.list[0]).toMatchObject({ id, title: '维护公告', read: false, summary: '交易所将于 UTC 02:00 暂停。' });
    const [row] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `news:${id}`));
    expect(row).toMatchObject({ action: 'news.create', before: null });
  });

  it('keeps a body as the operator wrote it (the client shows it as text)', async () => {
    const body = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const id = (await write({ en: { title: '<b>Hi</b>', body } })).message.id;
    expect((await t.get(`news/detail?id=${id}`)).message).toMatchObject({ title: '<b>Hi</b>', body });
  });

  it('counts unread announcements and messages per user and marks them read', async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    const start = (await t.get('notice/unread', { token: a.token })).message;
    expect(start.messages).toBe(0);
    const id = (await write({ en: { title: 'New pair', body: 'TRX/USDT is open.' } })).message.id;
    await notifyUser(t.database.db, a.user.id, 'deposit', 'deposit_approved', { amount: '1', credited: '1', currency: 'USDT' });
    expect((await t.get('notice/unread', { token: a.token })).message).toEqual({
      news: start.news + 1,
      messages: 1,
      total: start.news + 2,
    });
    // Reading the detail marks it read for that user only.
    await t.post('news/detail', { id: String(id) }, { token: a.token });
    expect((await t.get('notice/unread', { token: a.token })).message.news).toBe(start.news);
    expect((await t.get('notice/unread', { token: b.token })).message.news).toBe(start.news + 1);
    const list = await t.post('news/list', {}, { token: a.token });
    expect(list.message.list.find((n: { id: number }) => n.id === id).read).toBe(true);
    expect(list.message.unread).toBe(start.news);
    expect((await t.post('news/read', { all: '1' }, { token: b.token })).type).toBe('ok');
    expect((await t.get('notice/unread', { token: b.token })).message).toEqual({ news: 0, messages: 0, total: 0 });
    expect((await t.get('notice/unread')).type).toBe('999');
  });

  it('hides unpublished announcements and refuses unknown ids', async () => {
    const id = (await write({ en: { title: 'Draft', body: 'Not yet' } }, { published: false })).message.id;
    expect((await t.get(`news/detail?id=${id}`)).error).toBe('not_found');
    expect((await t.post('news/list', {})).message.list.some((n: { id: number }) => n.id === id)).toBe(false);
    expect((await t.post('news/detail', { id: '99999999' })).error).toBe('not_found');
    expect((await t.post('news/detail', { id: 'abc' })).error).toBe('not_found');
    expect((await t.post('news/detail', {})).error).toBe('not_found');
    // A POST with no body at all is the first page (list) or not found (detail), never a crash.
    const bare = await t.app.inject({ method: 'POST', url: '/api/news/list' });
    expect(bare.json()).toMatchObject({ type: 'ok', message: { page: 1, limit: 20 } });
    expect((await t.app.inject({ method: 'POST', url: '/api/news/detail' })).json().error).toBe('not_found');
    const u = await registerEmailUser(t);
    expect((await t.post('news/read', { id: String(id) }, { token: u.token })).error).toBe('not_found');
    expect((await t.post('news/read', {}, { token: u.token })).error).toBe('field_required');
  });

  it('edits and deletes with the console, audited; refuses bad texts', async () => {
    const id = (await write({ en: { title: 'Old', body: 'Old body' } })).message.id;
    const edited = await t.post(
      `admin/news/${id}`,
      {
        published: true,
        pinned: true,
        texts: { en: { title: 'New', body: 'New body' }, th: { title: 'ใหม่', body: 'เนื้อหา' } },
      } as never,
      { token: admin, json: true },
    );
    expect(edited.message).toMatchObject({ pinned: true, texts: { en: { title: 'New' }, th: { title: 'ใหม่' } } });
    expect((await t.post('news/list', {}, { lang: 'th' })).message.list[0]).toMatchObject({ id, title: 'ใหม่', pinned: true });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `news:${id}`));
    expect(audits.map((a) => a.action)).toEqual(['news.create', 'news.update']);
    expect(audits[1]).toMatchObject({ before: { texts: { en: { title: 'Old' } } }, after: { pinned: true } });

    const noEnglish = await write({ zh: { title: '只有中文', body: '没有英文' } });
    expect(noEnglish).toMatchObject({ error: 'field_required', fields: { 'texts.en.title': 'Please fill in this field' } });
    const noBody = await write({ en: { title: 'T', body: '' } });
    expect(noBody.error).toBe('field_required');
    expect(Object.keys(noBody.fields ?? {})).toEqual(['texts.en.body']);
    expect((await write({ xx: { title: 'T', body: 'B' }, en: { title: 'T', body: 'B' } })).error).toBe('field_invalid');
    expect((await write({ en: { title: 'x'.repeat(201), body: 'B' } })).error).toBe('field_invalid');
    expect(
      (await t.post('admin/news/99999999', { texts: { en: { title: 'a', body: 'b' } } } as never, { token: admin, json: true }))
        .error,
    ).toBe('not_found');
    const u = await registerEmailUser(t);
    expect((await write({ en: { title: 'T', body: 'B' } }, {})).type).toBe('ok');
    expect(
      (await t.post('admin/news', { texts: { en: { title: 'a', body: 'b' } } } as never, { token: u.token, json: true })).type,
    ).toBe('999');

    expect((await t.post(`admin/news/${id}/delete`, {}, { token: admin })).type).toBe('ok');
    expect((await t.get(`news/detail?id=${id}`)).error).toBe('not_found');
    expect((await t.post(`admin/news/${id}/delete`, {}, { token: admin })).error).toBe('not_found');
  });
});
