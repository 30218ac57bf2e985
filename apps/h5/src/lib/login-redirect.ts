import { PATHS } from './paths';

/** Spec section 9: at most one login redirect per second, so several failing calls cause one jump. */
export const REDIRECT_LOCK_MS = 1_000;

export type BackType = 1 | 2;

/** A lock that grants one redirect per window; `tryAcquire` returns 0 when granted, else the wait. */
export function createRedirectLock(windowMs = REDIRECT_LOCK_MS, now: () => number = Date.now) {
  let lockedUntil = 0;
  return {
    tryAcquire(): number {
      const t = now();
      if (t < lockedUntil) return lockedUntil - t;
      lockedUntil = t + windowMs;
      return 0;
    },
    /** Taken by explicit flows (log out, password change) that navigate to login themselves. */
    hold(): void {
      lockedUntil = now() + windowMs;
    },
  };
}

export const redirectLock = createRedirectLock();

/** The login URL carrying the page to return to: backtype 1 is a page, 2 a tab (spec section 2). */
export function buildLoginUrl(backpage: string, backtype: BackType): string {
  const params = new URLSearchParams({ backpage, backtype: String(backtype) });
  return `${PATHS.login}?${params.toString()}`;
}

const AUTH_PAGES: readonly string[] = [PATHS.login, PATHS.register, PATHS.choose, PATHS.forgetPassword];

/**
 * Where to go after logging in. Only an in-app path is accepted (never another origin, never the auth
 * pages themselves, which would loop); anything else goes home.
 */
export function safeBackpage(raw: string | null): string {
  if (!raw) return PATHS.home;
  let value = raw;
  // Tolerate a doubly encoded value from older links.
  if (/^%2F/i.test(value)) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return PATHS.home;
    }
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return PATHS.home;
  const pathname = value.split('?')[0] ?? '';
  if (AUTH_PAGES.includes(pathname)) return PATHS.home;
  return value;
}
