import { type ConsoleRole, TOTP_REQUIRED_ROLES } from '@app/shared';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { adminSessions, admins, operatorTotp, operatorTotpFailures } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, newToken, verifyDecoy, verifyPassword } from '../../lib/secrets.js';
import { base32Encode, newTotpSecret, openSecret, otpauthUri, sealSecret, verifyTotp } from '../../lib/totp.js';

/** Console sessions are shorter than users': an operator signs in for a working day. */
export const ADMIN_SESSION_HOURS = 12;
/** Wrong authenticator codes allowed per operator in TOTP_FAILURE_WINDOW_MS before every attempt is refused. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * 60_000;
export const TOTP_ISSUER = 'H5 Exchange console';

export type OperatorDeps = { db: Db; key: Buffer; now?: () => number };
type Client = { ip: string; userAgent?: string };

const needsTotp = (role: string) => TOTP_REQUIRED_ROLES.includes(role as ConsoleRole);

async function recentFailures(db: Db, adminId: number, now: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operatorTotpFailures)
    .where(
      and(eq(operatorTotpFailures.adminId, adminId), gt(operatorTotpFailures.createdAt, new Date(now - TOTP_FAILURE_WINDOW_MS))),
    );
  return row?.n ?? 0;
}

/**
 * Checks an authenticator code for an operator and records the step it used, so it is never accepted
 * again. Wrong codes are counted; after TOTP_MAX_FAILURES in the window every attempt is refused
 * (`rate_limited`), right or wrong, until the oldest failure ages out. `pending`: the secret being enrolled.
 */
async function checkCode(deps: OperatorDeps, adminId: number, code: string, ip: string, pending = false): Promise<void> {
  const { db, key } = deps;
  const now = deps.now?.() ?? Date.now();
  if ((await recentFailures(db, adminId, now)) >= TOTP_MAX_FAILURES) throw new AppError('rate_limited');
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.adminId, adminId)).limit(1);
  if (!row || Boolean(row.enabledAt) === pending) throw new AppError('totp_invalid', { fields: { totp: 'totp_invalid' } });
  const step = verifyTotp(openSecret(key, row.secretEnc), code, now, row.lastStep);
  // Guarded update: of two requests with the same code, only one moves last_step forward.
  const claimed =
    step === null
      ? []
      : await db
          .update(operatorTotp)
          .set({ lastStep: step, ...(pending ? { enabledAt: new Date(now) } : {}) })
          .where(and(eq(operatorTotp.adminId, adminId), lt(operatorTotp.lastStep, step)))
          .returning({ adminId: operatorTotp.adminId });
  if (claimed.length === 0) {
    await db.insert(operatorTotpFailures).values({ adminId, ip });
    throw new AppError('totp_invalid', { fields: { totp: 'totp_invalid' } });
  }
}

/**
 * Console sign-in. Password first (one message for an unknown operator and a wrong password, a decoy
 * hash for the former); then, for an operator with two-factor sign-in, the authenticator code. A super
 * or finance operator without it gets an enrolment-only session: the console can do nothing but set it up.
 */
export async function signIn(deps: OperatorDeps, body: { email: string; password: string; totp?: string }, client: Client) {
  const { db } = deps;
  const email = body.email.toLowerCase();
  const [admin] = await db.select().from(admins).where(eq(admins.email, email)).limit(1);
  const valid = admin ? await verifyPassword(admin.passwordHash, body.password) : await verifyDecoy(body.password);
  if (!admin || !valid) throw new AppError('login_failed');
  if (admin.disabledAt) throw new AppError('operator_disabled', { status: 403 });
  const [factor] = await db.select().from(operatorTotp).where(eq(operatorTotp.adminId, admin.id)).limit(1);
  const enrolled = Boolean(factor?.enabledAt);
  if (enrolled) {
    if (!body.totp) throw new AppError('totp_required', { fields: { totp: 'totp_required' } });
    await checkCode(deps, admin.id, body.totp, client.ip);
  }
  const scope = !enrolled && needsTotp(admin.role) ? 'enrol' : 'full';
  const { token, hash } = newToken();
  const expiresAt = new Date((deps.now?.() ?? Date.now()) + ADMIN_SESSION_HOURS * 3_600_000);
  await db.insert(adminSessions).values({
    adminId: admin.id,
    tokenHash: hash,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300),
    expiresAt,
    scope,
  });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    admin: { id: admin.id, email: admin.email, role: admin.role, totp_enabled: enrolled },
    totp_enrolment_required: scope === 'enrol',
  };
}

export async function totpEnabled(db: Db, adminId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabledAt: operatorTotp.enabledAt })
    .from(operatorTotp)
    .where(eq(operatorTotp.adminId, adminId))
    .limit(1);
  return Boolean(row?.enabledAt);
}

/**
 * Starts (or restarts) enrolment: a fresh secret, stored sealed, returned this once with its otpauth
 * URI for the QR code. Once enrolment is confirmed the secret is never returned again.
 */
export async function startEnrolment(deps: OperatorDeps, admin: { id: number; email: string }) {
  if (await totpEnabled(deps.db, admin.id)) throw new AppError('totp_already_enabled');
  const secret = newTotpSecret();
  const secretEnc = sealSecret(deps.key, secret);
  await deps.db
    .insert(operatorTotp)
    .values({ adminId: admin.id, secretEnc })
    .onConflictDoUpdate({ target: operatorTotp.adminId, set: { secretEnc, lastStep: 0, enabledAt: null } });
  return { secret: base32Encode(secret), otpauth_uri: otpauthUri(secret, admin.email, TOTP_ISSUER) };
}

/** Confirms enrolment with a code from the app; the session that did it becomes a full one. */
export async function confirmEnrolment(deps: OperatorDeps, request: FastifyRequest, code: string) {
  const admin = request.admin!;
  if (await totpEnabled(deps.db, admin.id)) throw new AppError('totp_already_enabled');
  await checkCode(deps, admin.id, code, request.ip, true);
  await deps.db.transaction(async (tx) => {
    await tx.update(adminSessions).set({ scope: 'full' }).where(eq(adminSessions.id, admin.sessionId));
    await audit(tx, request, 'operator.totp_enable', `admin:${admin.id}`, { totp_enabled: false }, { totp_enabled: true });
  });
  return { totp_enabled: true };
}

// ---------------------------------------------------------------- operator accounts (super)

const operatorView = (row: typeof admins.$inferSelect, totp: boolean) => ({
  id: row.id,
  email: row.email,
  role: row.role,
  disabled: Boolean(row.disabledAt),
  disabled_at: row.disabledAt?.toISOString() ?? null,
  totp_enabled: totp,
  created_at: row.createdAt.toISOString(),
});

export async function listOperators(db: Db) {
  const rows = await db
    .select({ admin: admins, enabledAt: operatorTotp.enabledAt })
    .from(admins)
    .leftJoin(operatorTotp, eq(operatorTotp.adminId, admins.id))
    .orderBy(asc(admins.id));
  return rows.map((r) => operatorView(r.admin, Boolean(r.enabledAt)));
}

async function requireOperator(db: Db, id: number) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function createOperator(
  db: Db,
  request: FastifyRequest,
  body: { email: string; password: string; role: ConsoleRole },
) {
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(admins)
        .values({ email: body.email.toLowerCase(), passwordHash, role: body.role })
        .returning();
      const view = operatorView(row!, false);
      await audit(tx, request, 'operator.create', `admin:${row!.id}`, null, view);
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('operator_exists', { fields: { email: 'operator_exists' } });
    throw error;
  }
}

/** At least one enabled super operator must remain, or nobody could manage the console. */
async function assertNotLastSuper(db: Db, id: number) {
  const [row] = await db
    .select({ n: count() })
    .from(admins)
    .where(and(eq(admins.role, 'super'), isNull(admins.disabledAt), ne(admins.id, id)));
  if ((row?.n ?? 0) === 0) throw new AppError('forbidden');
}

/** Changes an operator's role or disables/enables them; disabling (or a role change) ends their sessions. */
export async function updateOperator(
  db: Db,
  request: FastifyRequest,
  id: number,
  change: { role?: ConsoleRole; disabled?: boolean },
) {
  const before = await requireOperator(db, id);
  const demoting = change.role !== undefined && change.role !== 'super' && before.role === 'super';
  if ((demoting || change.disabled === true) && before.role === 'super' && !before.disabledAt) await assertNotLastSuper(db, id);
  const totp = await totpEnabled(db, id);
  return db.transaction(async (tx) => {
    const set: Partial<typeof admins.$inferInsert> = {};
    if (change.role !== undefined) set.role = change.role;
    if (change.disabled !== undefined) set.disabledAt = change.disabled ? (before.disabledAt ?? new Date()) : null;
    const [after] = Object.keys(set).length ? await tx.update(admins).set(set).where(eq(admins.id, id)).returning() : [before];
    if (change.disabled === true || (change.role !== undefined && change.role !== before.role)) {
      await tx
        .update(adminSessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt)));
    }
    const view = operatorView(after!, totp);
    await audit(tx, request, 'operator.update', `admin:${id}`, operatorView(before, totp), view);
    return view;
  });
}

/** Removes an operator's second factor (lost phone): their sessions end and the next sign-in enrols again. */
export async function resetTotp(db: Db, request: FastifyRequest, id: number) {
  const row = await requireOperator(db, id);
  const before = await totpEnabled(db, id);
  return db.transaction(async (tx) => {
    await tx.delete(operatorTotp).where(eq(operatorTotp.adminId, id));
    await tx.delete(operatorTotpFailures).where(eq(operatorTotpFailures.adminId, id));
    await tx
      .update(adminSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(adminSessions.adminId, id), isNull(adminSessions.revokedAt)));
    await audit(tx, request, 'operator.totp_reset', `admin:${id}`, { totp_enabled: before }, { totp_enabled: false });
    return operatorView(row, false);
  });
}

// ---------------------------------------------------------------- sessions

/** Live console sessions, newest first: every operator's (super) or one operator's own. */
export async function liveSessions(db: Db, currentSessionId: number, adminId?: number) {
  const rows = await db
    .select({ session: adminSessions, email: admins.email, role: admins.role })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, new Date()),
        adminId === undefined ? undefined : eq(adminSessions.adminId, adminId),
      ),
    )
    .orderBy(desc(adminSessions.id))
    .limit(200);
  return rows.map(({ session, email, role }) => ({
    id: session.id,
    admin_id: session.adminId,
    admin_email: email,
    role,
    ip: session.ip,
    user_agent: session.userAgent,
    scope: session.scope,
    current: session.id === currentSessionId,
    created_at: session.createdAt.toISOString(),
    expires_at: session.expiresAt.toISOString(),
  }));
}

/** Revokes one console session; an operator other than super may revoke only their own. */
export async function revokeSession(db: Db, request: FastifyRequest, sessionId: number) {
  const admin = request.admin!;
  const [session] = await db
    .select()
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.id, sessionId),
        admin.role === 'super' ? undefined : eq(adminSessions.adminId, admin.id),
        isNull(adminSessions.revokedAt),
        gte(adminSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!session) throw new AppError('not_found');
  await db.transaction(async (tx) => {
    await tx.update(adminSessions).set({ revokedAt: new Date() }).where(eq(adminSessions.id, sessionId));
    await audit(
      tx,
      request,
      'operator.session_revoke',
      `admin_session:${sessionId}`,
      { admin_id: session.adminId, ip: session.ip, revoked: false },
      { revoked: true },
    );
  });
  return true;
}
