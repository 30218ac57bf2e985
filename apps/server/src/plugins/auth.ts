import { type ConsoleRole, REVIEW_STATUS, roleAllows } from '@app/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.js';
import { adminSessions, admins, sessions, users } from '../db/schema.js';
import { liveAdminSession } from '../lib/admin-session.js';
import { AppError } from '../lib/app-error.js';
import { sha256 } from '../lib/secrets.js';
import { type AuthUser, registerSessionCache, SessionCache } from './session-cache.js';

export type { AuthUser } from './session-cache.js';
export type AuthAdmin = { id: number; email: string; role: string; sessionId: number; scope?: string };

declare module 'fastify' {
  // operations: console roles, declared per route (docs/api.md "Console roles").
  interface FastifyContextConfig {
    /** Roles besides `super` that may call this console route; left out, only `super` may. */
    roles?: readonly ConsoleRole[];
    /** Reachable with an enrolment-only console session (a super/finance operator setting up 2FA). */
    enrolment?: boolean;
    /**
     * For the OpenAPI document, a route that checks the user's token inside its handler rather than
     * with a guard: `user` (required) or `optional` (used when given).
     */
    auth?: 'user' | 'optional';
  }
  interface FastifyRequest {
    user?: AuthUser;
    admin?: AuthAdmin;
  }
  interface FastifyInstance {
    /** User sessions looked up in the last few seconds (plugins/session-cache.ts). */
    sessionCache: SessionCache;
    /** preHandler: the request must carry a live user token (else reply type 999). */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** preHandler: like requireUser, but leaves `request.user` unset when there is no token. */
    optionalUser: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler: the request must carry a live console token of an operator whose role the route
     * allows (`config.roles`; super always; no declaration → super only). Refusals: 999, `forbidden`,
     * `totp_enrolment_required`.
     */
    requireAdmin: (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler: a signed-in user whose basic (real-name) verification is approved; otherwise type 998
     * (`real_name_required`), on which the original client opens the verification page.
     */
    requireVerified: (request: FastifyRequest) => Promise<void>;
  }
}

/** The token of a request: `Authorization: <token>` as the original client sends it, or `Bearer <token>`. */
export function bearer(request: FastifyRequest): string | undefined {
  const raw = request.headers.authorization?.trim();
  if (!raw) return undefined;
  const token = raw.toLowerCase().startsWith('bearer ') ? raw.slice(7).trim() : raw;
  return token.length >= 20 && token.length <= 200 ? token : undefined;
}

export async function findUserByToken(db: Db, token: string): Promise<AuthUser | undefined> {
  return (await findSession(db, sha256(token)))?.user;
}

async function findSession(db: Db, tokenHash: string): Promise<{ user: AuthUser; expiresAt: Date } | undefined> {
  const rows = await db
    .select({ user: users, sessionId: sessions.id, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  const row = rows[0];
  return row ? { user: { ...row.user, sessionId: row.sessionId }, expiresAt: row.expiresAt } : undefined;
}

export const authPlugin = fp(async (app: FastifyInstance) => {
  // markets: the user-session lookup, cached for a few seconds (plugins/session-cache.ts).
  const cache = new SessionCache();
  const unregister = registerSessionCache(cache);
  app.addHook('onClose', async () => unregister());
  app.decorate('sessionCache', cache);
  const loadUser = async (request: FastifyRequest, fresh = false) => {
    const token = bearer(request);
    if (!token) return undefined;
    const tokenHash = sha256(token);
    const cached = fresh ? undefined : cache.get(tokenHash);
    if (cached) return cached;
    const mark = cache.mark();
    const found = await findSession(app.db, tokenHash);
    if (!found) return undefined;
    cache.set(tokenHash, found.user, found.expiresAt, mark);
    return found.user;
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await loadUser(request);
    if (!user) throw new AppError('not_logged_in');
    request.user = user;
  });

  app.decorate('optionalUser', async (request: FastifyRequest) => {
    request.user = await loadUser(request);
  });

  app.decorate('requireVerified', async (request: FastifyRequest) => {
    // Fresh, never cached: an approval or a revocation of the verification counts at once.
    const user = await loadUser(request, true);
    if (!user) throw new AppError('not_logged_in');
    request.user = user;
    if (user.reviewStatus !== REVIEW_STATUS.verified) throw new AppError('real_name_required');
  });

  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw new AppError('not_logged_in');
    const rows = await app.db
      .select({ id: admins.id, email: admins.email, role: admins.role, sessionId: adminSessions.id, scope: adminSessions.scope })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(liveAdminSession(token))
      .limit(1);
    if (!rows[0]) throw new AppError('not_logged_in');
    request.admin = rows[0];
    // operations: an enrolment-only session reaches nothing but 2FA setup; then the role check.
    const config = request.routeOptions.config;
    if (rows[0].scope !== 'full' && !config.enrolment) throw new AppError('totp_enrolment_required', { status: 403 });
    if (!roleAllows(rows[0].role, config.roles)) throw new AppError('forbidden');
  });

  // operations: a console route declared with `preHandler: app.requireAdmin` checks the operator
  // before the body is validated, so a caller without the role learns nothing about a route's input.
  // hardening: the same for user routes (`requireUser`, `requireVerified`): without a token
  // every user route answers 999 whatever its body, as the authorisation matrix of src/hardening checks.
  const guards: unknown[] = [app.requireAdmin, app.requireUser, app.requireVerified];
  app.addHook('onRoute', (route) => {
    if (!guards.includes(route.preHandler)) return;
    const guard = route.preHandler as typeof app.requireAdmin;
    route.preHandler = undefined;
    const before = route.preValidation;
    route.preValidation = before ? [...(Array.isArray(before) ? before : [before]), guard] : guard;
  });
});
