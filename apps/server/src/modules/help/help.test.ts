import { LANGS } from '@app/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastAudit } from '../../../test/audit.js';
import { appForFile } from '../../../test/file-app.js';
import { JPEG, PNG, upload, uploadId } from '../../../test/money.js';
import { operatorSession } from '../../../test/operators.js';
import { registerEmailUser, sendJson } from '../../../test/test-app.js';
import { auditLog } from '../../db/schema.js';
import { FAQ_SEED } from './faq-seed.js';
import { FEEDBACK_MAX_CHARS, FEEDBACK_MAX_IMAGES } from './service.js';

const t = appForFile();
let owner: { token: string };
let other: { token: string };
beforeAll(async () => {
  owner = await registerEmailUser(t);
  other = await registerEmailUser(t);
});

describe('FAQ', () => {
  it('seeds the five categories with articles in all seven languages', async () => {
    expect(FAQ_SEED.map((c) => c.slug)).toEqual(['deposits', 'withdrawals', 'verification', 'trading', 'security']);
    for (const category of FAQ_SEED) {
      for (const lang of LANGS) expect(category.names[lang]).toBeTruthy();
      for (const article of category.articles) {
        for (const lang of LANGS) {
          const [title, body] = article.texts[lang];
          expect(title.length).toBeGreaterThan(3);
          expect(body.length).toBeGreaterThan(60);
        }
      }
    }
    const cats = await t.get('help/categories', { lang: 'jp' });
    expect(cats.message.map((c: { name: string }) => c.name)).toEqual(['入金', '出金', '本人確認', '取引', 'アカウントの安全']);
    expect(cats.message[0].article_count).toBe(2);
  });

  it('lists a category and shows an article in the reader’s language', async () => {
    const cats = await t.get('help/categories', { lang: 'zh' });
    const deposits = cats.message.find((c: { slug: string }) => c.slug === 'deposits');
    const list = await t.get(`help/articles?category_id=${deposits.id}`, { lang: 'zh' });
    expect(list.message).toHaveLength(2);
    expect(list.message[0]).toMatchObject({ title: '如何充值？', lang: 'zh' });
    const detail = await t.get(`help/article?id=${list.message[0].id}`, { lang: 'th' });
    expect(detail.message).toMatchObject({ title: 'ฝากเหรียญอย่างไร?', lang: 'th', category_name: 'การฝาก' });
    expect(detail.message.body).toContain('คิวอาร์โค้ด');
  });

  it('searches titles and bodies; wildcards typed by the reader are plain letters', async () => {
    const hits = await t.get(`help/articles?q=${encodeURIComponent('fund password')}`, { lang: 'en' });
    // Title matches first, then articles that mention it in the body.
    expect(hits.message[0].title).toBe('What is the fund password?');
    expect(hits.message.map((a: { title: string }) => a.title)).toContain('How do I withdraw?');
    const zh = await t.get(`help/articles?q=${encodeURIComponent('资金密码')}`, { lang: 'zh' });
    expect(zh.message.length).toBeGreaterThan(0);
    expect((await t.get('help/articles?q=%25%25%25', { lang: 'en' })).message).toEqual([]);
    expect((await t.get('help/articles?q=zzzz-no-such-words', { lang: 'en' })).message).toEqual([]);
  });

  it('answers not_found for unknown, malformed and draft article ids, and unknown categories', async () => {
    for (const id of ['999999', '0', '-1', 'abc', '1.5', '99999999999']) {
      const reply = await t.get(`help/article?id=${id}`, { lang: 'esp' });
      expect(reply).toMatchObject({ type: 'error', error: 'not_found' });
    }
    expect(await t.get('help/article')).toMatchObject({ error: 'not_found' });
    expect(await t.get('help/articles?category_id=424242')).toMatchObject({ error: 'not_found' });
  });

  it('console editor: an article written only in English is shown in English to every reader; drafts are hidden; audited', async () => {
    const editor = await operatorSession(t, 'super');
    const cats = await sendJson(t, 'GET', 'admin/help/categories', editor.token);
    const created = await sendJson(t, 'POST', 'admin/help/articles', editor.token, {
      category_id: cats.message[0].id,
      slug: 'test-english-only',
      sort: 9,
      published: true,
      texts: { en: { title: 'English only <b>bold</b>', body: 'Body text for everyone <script>alert(1)</script>' } },
    });
    if (created.type !== 'ok') throw new Error(JSON.stringify(created));
    const id = created.message.id;
    const kr = await t.get(`help/article?id=${id}`, { lang: 'kr' });
    // Stored and returned as the plain text it is; the app renders it as text.
    expect(kr.message).toMatchObject({ lang: 'en', title: 'English only <b>bold</b>' });
    expect(kr.message.body).toBe('Body text for everyone <script>alert(1)</script>');

    const missingEn = await sendJson(t, 'POST', `admin/help/articles/${id}`, editor.token, {
      category_id: cats.message[0].id,
      slug: 'test-english-only',
      texts: { zh: { title: '只有中文', body: '正文' } },
    });
    expect(missingEn).toMatchObject({ type: 'error', error: 'field_required' });

    const draft = await sendJson(t, 'POST', `admin/help/articles/${id}`, editor.token, {
      category_id: cats.message[0].id,
      slug: 'test-english-only',
      published: false,
      texts: { en: { title: 'Draft', body: 'Draft body' }, kr: { title: '초안', body: '초안 본문' } },
    });
    expect(draft.message.texts.kr.title).toBe('초안');
    expect(await t.get(`help/article?id=${id}`, { lang: 'kr' })).toMatchObject({ error: 'not_found' });

    const entry = await lastAudit(t, 'help.article_update');
    expect(entry).toMatchObject({ adminId: editor.id, target: `help_article:${id}` });
    expect((entry!.before as { texts: { en: { title: string } } }).texts.en.title).toBe('English only <b>bold</b>');

    expect((await sendJson(t, 'POST', `admin/help/articles/${id}/delete`, editor.token)).type).toBe('ok');
    expect((await sendJson(t, 'POST', `admin/help/articles/${id}/delete`, editor.token)).error).toBe('not_found');
    // Users cannot use the editor.
    expect((await sendJson(t, 'GET', 'admin/help/categories', owner.token)).type).toBe('999');
  });
});

describe('feedback', () => {
  it('stores text and the user’s own images; the user sees the operator’s reply, audited', async () => {
    const a = await uploadId(t, owner.token, 'feedback');
    const b = await uploadId(t, owner.token, 'feedback');
    const sent = await t.post(
      'help/feedback',
      { content: '  The app <b>froze</b> on deposit  ', images: `${a},${b}` },
      { token: owner.token },
    );
    expect(sent.type).toBe('ok');
    expect(sent.message).toMatchObject({ content: 'The app <b>froze</b> on deposit', reply: null });
    expect(sent.message.images.map((i: { id: string }) => i.id)).toEqual([a, b]);

    const agent = await operatorSession(t, 'support');
    const inbox = await sendJson(t, 'GET', 'admin/feedback?status=open', agent.token);
    const item = inbox.message.list.find((f: { id: number }) => f.id === sent.message.id);
    expect(item.user.id).toBe((await t.get('user/center', { token: owner.token })).message.id);
    const replied = await sendJson(t, 'POST', `admin/feedback/${sent.message.id}/reply`, agent.token, {
      reply: 'Fixed in today’s release.',
    });
    expect(replied.message.reply).toBe('Fixed in today’s release.');
    expect(await sendJson(t, 'POST', `admin/feedback/${sent.message.id}/reply`, agent.token, { reply: '   ' })).toMatchObject({
      error: 'field_required',
    });
    expect(await sendJson(t, 'POST', 'admin/feedback/999999/reply', agent.token, { reply: 'x' })).toMatchObject({
      error: 'not_found',
    });

    const mine = await t.get('help/feedback', { token: owner.token });
    expect(mine.message.unread).toBe(1);
    expect(mine.message.list[0]).toMatchObject({ id: sent.message.id, reply: 'Fixed in today’s release.', reply_unread: true });
    await t.post('help/feedback/read', {}, { token: owner.token });
    expect((await t.get('help/feedback', { token: owner.token })).message.unread).toBe(0);
    // Another user sees none of it.
    expect((await t.get('help/feedback', { token: other.token })).message.list).toEqual([]);

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'feedback.reply')).limit(1);
    expect(entry).toMatchObject({
      adminId: agent.id,
      target: `feedback:${sent.message.id}`,
      after: { reply: 'Fixed in today’s release.' },
    });
  });

  it('refuses empty or oversized text, too many images, someone else’s or unknown images; nothing stored', async () => {
    const before = (await t.get('help/feedback', { token: other.token })).message.total;
    expect(await t.post('help/feedback', { content: '   ' }, { token: other.token, lang: 'zh' })).toMatchObject({
      status: 400,
      error: 'field_required',
      fields: { content: '请填写此项' },
    });
    expect(await t.post('help/feedback', {}, { token: other.token })).toMatchObject({ error: 'field_required' });
    expect(
      await t.post('help/feedback', { content: 'x'.repeat(FEEDBACK_MAX_CHARS + 1) }, { token: other.token, lang: 'kr' }),
    ).toMatchObject({
      error: 'text_too_long',
      message: '텍스트가 너무 깁니다',
    });
    // Exactly the limit (in characters, not bytes) is fine.
    expect((await t.post('help/feedback', { content: '字'.repeat(FEEDBACK_MAX_CHARS) }, { token: other.token })).type).toBe('ok');

    const ids = [];
    for (let i = 0; i <= FEEDBACK_MAX_IMAGES; i++) ids.push(await uploadId(t, other.token, 'feedback'));
    expect(await t.post('help/feedback', { content: 'pics', images: ids.join(',') }, { token: other.token })).toMatchObject({
      error: 'too_many_images',
    });
    const foreign = await uploadId(t, owner.token, 'feedback');
    expect(await t.post('help/feedback', { content: 'pics', images: foreign }, { token: other.token })).toMatchObject({
      error: 'not_found',
      fields: { images: expect.any(String) },
    });
    expect(
      await t.post('help/feedback', { content: 'pics', images: 'AAAAAAAAAAAAAAAAAAAAAA' }, { token: other.token }),
    ).toMatchObject({
      error: 'not_found',
    });
    expect((await t.get('help/feedback', { token: other.token })).message.total).toBe(before + 1);
    expect(await t.post('help/feedback', { content: 'hi' })).toMatchObject({ type: '999' });
  });

  it('images go through the upload module: not an image, too large, and the feedback purpose', async () => {
    const text = await upload(t, owner.token, {
      purpose: 'feedback',
      file: { filename: 'x.png', contentType: 'image/png', bytes: Buffer.from('<svg onload=alert(1)>') },
    });
    expect(text).toMatchObject({ error: 'upload_not_image' });
    const big = await upload(t, owner.token, {
      purpose: 'feedback',
      file: { bytes: Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]) },
    });
    expect(big).toMatchObject({ status: 413, error: 'upload_too_large' });
    expect((await upload(t, owner.token, { purpose: 'feedback', file: { bytes: JPEG } })).type).toBe('ok');
  });
});
