import type { users } from '../db/schema.js';

/**
 * The signed-in user a request carries: the user row and the session it came through. Defined here,
 * where it is cached, so the auth plugin (which fills it) and the cache do not import each other.
 */
export type AuthUser = typeof users.$inferSelect & { sessionId: number };

/**
 * The user-session lookup of every authenticated request (token → session → user), cached in memory for
 * a few seconds. On the embedded database that lookup costs more than most routes' own work; with the
 * cache a busy client's requests (the order form, the bench) skip it.
 *
 * Rules, because a cached session must never outlive its revocation on this node:
 * - entries live at most `ttlMs` (5 s) and never past the session's own expiry; the map is bounded
 *   (`maxEntries`, oldest dropped first);
 * - every revocation goes through `forgetSession` / `forgetUser` (auth/repo.ts `revokeSession`,
 *   `revokeUserSessions`, `updateUser`; an account freeze must call `forgetUser` too), which drop the
 *   entries at once and, for `ttlMs`, refuse to cache that user or session again — a lookup that read
 *   the row just before the revoking transaction committed cannot put it back;
 * - a lookup that started before any forget is not cached (generation check).
 * Other nodes (a later multi-node mode) learn of a revocation only through the short TTL: a revoked
 * token stays usable there for at most `ttlMs` (docs/decisions.md).
 *
 * The cached user row can be up to `ttlMs` old for fields that change without a revocation (the
 * review status: `requireVerified` always reads it fresh).
 */
export type SessionCacheOptions = { ttlMs?: number; maxEntries?: number; now?: () => number };

type Entry = { user: AuthUser; until: number };

export class SessionCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly entries = new Map<string, Entry>();
  private readonly blockedUsers = new Map<number, number>();
  private readonly blockedSessions = new Map<number, number>();
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(options: SessionCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 5_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached user of a token hash (a copy: routes may not change what other requests see). */
  get(tokenHash: string): AuthUser | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) {
      this.misses++;
      return undefined;
    }
    if (entry.until <= this.now()) {
      this.entries.delete(tokenHash);
      this.misses++;
      return undefined;
    }
    this.hits++;
    return { ...entry.user };
  }

  /** Taken before the database lookup and handed to `set`: a forget in between keeps the result out. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, user: AuthUser, sessionExpiresAt: Date, mark: number): void {
    if (mark !== this.generation || this.ttlMs <= 0) return;
    const now = this.now();
    if ((this.blockedUsers.get(user.id) ?? 0) > now || (this.blockedSessions.get(user.sessionId) ?? 0) > now) return;
    const until = Math.min(now + this.ttlMs, sessionExpiresAt.getTime());
    if (until <= now) return;
    this.entries.delete(tokenHash);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { user: { ...user }, until });
  }

  /** A session was revoked (logout). */
  forgetSession(sessionId: number): void {
    this.forget(this.blockedSessions, sessionId, (user) => user.sessionId === sessionId);
  }

  /** Every session of a user was revoked, or the user changed (password, freeze, profile). */
  forgetUser(userId: number): void {
    this.forget(this.blockedUsers, userId, (user) => user.id === userId);
  }

  /** Drops the cached sessions `matches` picks and keeps `id` out of the cache (`blocked`) for one TTL. */
  private forget(blocked: Map<number, number>, id: number, matches: (user: AuthUser) => boolean): void {
    this.generation++;
    const now = this.now();
    this.prune(now);
    blocked.set(id, now + this.ttlMs);
    for (const [key, entry] of this.entries) if (matches(entry.user)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  private prune(now: number): void {
    for (const [id, until] of this.blockedUsers) if (until <= now) this.blockedUsers.delete(id);
    for (const [id, until] of this.blockedSessions) if (until <= now) this.blockedSessions.delete(id);
  }
}

/** Every app's cache in this process (tests run several apps): revocations reach them all. */
const caches = new Set<SessionCache>();

export function registerSessionCache(cache: SessionCache): () => void {
  caches.add(cache);
  return () => caches.delete(cache);
}

/** Drops a revoked session from every cache of this process (call it wherever a session is revoked). */
export function forgetSession(sessionId: number): void {
  for (const cache of caches) cache.forgetSession(sessionId);
}

/** Drops every cached session of a user (all revoked, password changed, account frozen, profile changed). */
export function forgetUser(userId: number): void {
  for (const cache of caches) cache.forgetUser(userId);
}
