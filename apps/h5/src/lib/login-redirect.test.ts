import { describe, expect, it } from 'vitest';
import { buildLoginUrl, createRedirectLock, safeBackpage } from './login-redirect';
import { PATHS } from './paths';

describe('redirect lock', () => {
  it('grants one redirect per second and tells how long to wait', () => {
    let now = 1_000;
    const lock = createRedirectLock(1_000, () => now);
    expect(lock.tryAcquire()).toBe(0);
    now += 400;
    expect(lock.tryAcquire()).toBe(600);
    now += 600;
    expect(lock.tryAcquire()).toBe(0);
  });

  it('can be held by a flow that navigates to login itself', () => {
    let now = 0;
    const lock = createRedirectLock(1_000, () => now);
    lock.hold();
    now = 999;
    expect(lock.tryAcquire()).toBe(1);
  });
});

describe('login URL', () => {
  it('carries the encoded backpage and backtype', () => {
    const url = buildLoginUrl('/pages/settings/security/index?x=1&y=2', 1);
    expect(url).toBe(`${PATHS.login}?backpage=%2Fpages%2Fsettings%2Fsecurity%2Findex%3Fx%3D1%26y%3D2&backtype=1`);
    const back = new URLSearchParams(url.split('?')[1]).get('backpage');
    expect(safeBackpage(back)).toBe('/pages/settings/security/index?x=1&y=2');
  });

  it('only returns to in-app pages that are not auth pages', () => {
    expect(safeBackpage(null)).toBe(PATHS.home);
    expect(safeBackpage('https://evil.example')).toBe(PATHS.home);
    expect(safeBackpage('//evil.example/x')).toBe(PATHS.home);
    expect(safeBackpage(PATHS.login)).toBe(PATHS.home);
    expect(safeBackpage(`${PATHS.register}?code=1`)).toBe(PATHS.home);
    expect(safeBackpage('%2Fpages%2Fassets%2Findex')).toBe('/pages/assets/index');
  });
});
