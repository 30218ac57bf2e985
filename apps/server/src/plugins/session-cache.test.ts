import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { registerEmailUser } from '../../test/test-app.js';
import type { AuthUser } from './auth.js';
import { forgetSession, forgetUser, SessionCache } from './session-cache.js';

const user = (id: number, sessionId: number) => ({ id, sessionId }) as AuthUser;
const far = new Date(Date.now() + 86_400_000);

describe('the session cache', () => {
  it('keeps a lookup for its TTL, never past the session’s expiry', () => {
    const clock = { now: 1_000_000 };
    const cache = new SessionCache({ ttlMs: 5_000, now: () => clock.now });
    cache.set('a', user(1, 10), far, cache.mark());
    expect(cache.get('a')).toMatchObject({ id: 1, sessionId: 10 });
    clock.now += 4_999;
    expect(cache.get('a')).toBeDefined();
    clock.now += 1;
    expect(cache.get('a')).toBeUndefined();

    cache.set('b', user(2, 20), new Date(clock.now + 1_000), cache.mark());
    clock.now += 1_000;
    expect(cache.get('b')).toBeUndefined();
  });

  it('is bounded: the oldest entries go first', () => {
    const cache = new SessionCache({ maxEntries: 3 });
    for (let i = 1; i <= 5; i++) cache.set(`t${i}`, user(i, i), far, cache.mark());
    expect(cache.size).toBe(3);
    expect(cache.get('t1')).toBeUndefined();
    expect(cache.get('t2')).toBeUndefined();
    expect(cache.get('t5')).toBeDefined();
  });

  it('drops a revoked session or user at once, and does not take them back for a TTL', () => {
    const clock = { now: 1_000_000 };
    const cache = new SessionCache({ ttlMs: 5_000, now: () => clock.now });
    cache.set('a', user(1, 10), far, cache.mark());
    cache.set('b', user(1, 11), far, cache.mark());
    cache.set('c', user(2, 20), far, cache.mark());
    cache.forgetSession(10);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeDefined();
    // A lookup that read the row before the revoking transaction committed cannot put it back.
    cache.set('a', user(1, 10), far, cache.mark());
    expect(cache.get('a')).toBeUndefined();

    cache.forgetUser(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    cache.set('b', user(1, 11), far, cache.mark());
    expect(cache.get('b')).toBeUndefined();
    clock.now += 5_000;
    cache.set('b', user(1, 11), far, cache.mark());
    expect(cache.get('b')).toBeDefined();
  });

  it('does not store a lookup that started before a forget', () => {
    const cache = new SessionCache();
    const mark = cache.mark();
    cache.forgetUser(99);
    cache.set('a', user(1, 10), far, mark);
    expect(cache.get('a')).toBeUndefined();
  });

  it('hands out copies', () => {
    const cache = new SessionCache();
    cache.set('a', user(1, 10), far, cache.mark());
    const first = cache.get('a')!;
    first.id = 666;
    expect(cache.get('a')!.id).toBe(1);
  });
});

describe('signed-in requests with the cache', () => {
  const t = appForFile();

  it('answer from the cache, and 999 right after logout, password change and a forced revocation', async () => {
    const a = await registerEmailUser(t);
    expect((await t.get('user/center', { token: a.token })).type).toBe('ok');
    const hits = t.app.sessionCache.hits;
    expect((await t.get('user/center', { token: a.token })).type).toBe('ok');
    expect(t.app.sessionCache.hits).toBe(hits + 1);
    expect((await t.post('user/logout', {}, { token: a.token })).type).toBe('ok');
    expect((await t.get('user/center', { token: a.token })).type).toBe('999');

    const b = await registerEmailUser(t);
    expect((await t.get('user/center', { token: b.token })).type).toBe('ok');
    const changed = await t.post(
      'safe/update_password',
      { old_password: b.password, password: 'another-secret-1', re_password: 'another-secret-1' },
      { token: b.token },
    );
    expect(changed.type).toBe('ok');
    expect((await t.get('user/center', { token: b.token })).type).toBe('999');

    // A freeze (or any other revocation) calls forgetUser / forgetSession: cached sessions end at once.
    const c = await registerEmailUser(t);
    expect((await t.get('user/center', { token: c.token })).type).toBe('ok');
    const size = t.app.sessionCache.size;
    forgetUser(c.user.id);
    expect(t.app.sessionCache.size).toBe(size - 1);
    const missesBefore = t.app.sessionCache.misses;
    expect((await t.get('user/center', { token: c.token })).type).toBe('ok');
    expect(t.app.sessionCache.misses).toBe(missesBefore + 1);
    forgetSession(c.user.id);
  });

  it('shows a changed language at once', async () => {
    const d = await registerEmailUser(t);
    expect((await t.get('get/lang', { token: d.token })).type).toBe('ok');
    expect((await t.post('set/lang', { lang: 'th' }, { token: d.token })).type).toBe('ok');
    expect((await t.get('get/lang', { token: d.token })).message.current).toBe('th');
  });
});
