import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { registerEmailUser } from '../../../test/test-app.js';
import { MESSAGE_TEMPLATES, MESSAGES } from '../../i18n/messages.js';
import { notifyUser } from './service.js';

const t = appForFile();

describe('user messages', () => {
  it('renders each stored message in the language it is read in', async () => {
    const u = await registerEmailUser(t);
    await notifyUser(t.database.db, u.user.id, 'deposit', 'deposit_rejected', {
      amount: '20',
      currency: 'USDT',
      reason: 'No transfer found',
    });
    const en = await t.get('user/messages', { token: u.token });
    expect(en.message).toEqual({
      list: [
        {
          id: expect.any(Number),
          kind: 'deposit',
          title: 'Deposit rejected',
          body: 'Your deposit of 20 USDT was rejected. Reason: No transfer found',
          read: false,
          created_at: expect.any(String),
        },
      ],
      total: 1,
      page: 1,
      limit: 20,
      unread: 1,
    });
    const zh = await t.get('user/messages', { token: u.token, lang: 'zh' });
    expect(zh.message.list[0]).toMatchObject({
      title: '充值未通过',
      body: '您的 20 USDT 充值未通过审核。原因：No transfer found',
    });
  });

  it('marks one message or all read, and only the reader’s own', async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    for (const template of ['identity_basic_approved', 'identity_advanced_approved', 'deposit_approved'] as const) {
      await notifyUser(t.database.db, a.user.id, template === 'deposit_approved' ? 'deposit' : 'identity', template, {
        amount: '1',
        credited: '1',
        currency: 'BTC',
      });
    }
    const list = await t.get('user/messages?limit=2', { token: a.token });
    expect(list.message).toMatchObject({ total: 3, unread: 3, limit: 2 });
    expect(list.message.list).toHaveLength(2);
    const newest = list.message.list[0].id;

    expect((await t.post('user/messages/read', { id: String(newest) }, { token: b.token })).error).toBe('not_found');
    expect((await t.get('user/messages', { token: a.token })).message.unread).toBe(3);
    expect((await t.post('user/messages/read', { id: String(newest) }, { token: a.token })).type).toBe('ok');
    const after = await t.get('user/messages', { token: a.token });
    expect(after.message.unread).toBe(2);
    expect(after.message.list[0].read).toBe(true);
    expect((await t.post('user/messages/read', {}, { token: a.token })).error).toBe('field_required');
    expect((await t.post('user/messages/read', { id: 'abc' }, { token: a.token })).error).toBe('not_found');
    expect((await t.post('user/messages/read', { all: '1' }, { token: a.token })).type).toBe('ok');
    expect((await t.get('user/messages', { token: a.token })).message.unread).toBe(0);
    expect((await t.get('user/messages', { token: b.token })).message).toMatchObject({ total: 0, unread: 0 });
    expect((await t.get('user/messages')).type).toBe('999');
  });

  it('has a title and a body for every template in all seven languages', () => {
    for (const template of MESSAGE_TEMPLATES) {
      for (const part of ['title', 'body'] as const) {
        const texts = MESSAGES[`${template}_${part}`];
        expect(Object.keys(texts).sort(), `${template}_${part}`).toEqual(['en', 'esp', 'hk', 'jp', 'kr', 'th', 'zh']);
        // Every language fills in the same values.
        const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
        for (const text of Object.values(texts)) expect(names(text), `${template}_${part}`).toEqual(names(texts.en));
      }
    }
  });
});
