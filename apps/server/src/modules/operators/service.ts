import { type adminApi, type ConsoleRole, TOTP_REQUIRED_ROLES } from '@app/shared';
import { and, asc, count, desc, eq, gt, gte, isNull, lt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { adminSessions, admins, operatorTotp, operatorTotpFailures } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { audit } from '../../lib/audit.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, newToken, verifyDecoy, verifyPassword } from '../../lib/secrets.js';
import { operatorKey, type SignInLockout } from '../../lib/sign-in-lockout.js';
import { base32Encode, newTotpSecret, openSecret, otpauthUri, sealSecret, verifyTotp } from '../../lib/totp.js';

/** Console sessions are shorter than users': an operator signs in for a working day. */
export const ADMIN_SESSION_HOURS = 12;
/** Wrong authenticator codes allowed per operator in TOTP_FAILURE_WINDOW_MS before every attempt is refused. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_FAILURE_WINDOW_MS = 15 * 60_000;
export const TOTP_ISSUER = 'H5 Exchange console';

type SessionScope = adminApi.SessionScope;

export type OperatorDeps = { db: Db; key: Buffer; lockout: SignInLockout; now?: () => number };

const needsTotp = (role: string) => TOTP_REQUIRED_ROLES.includes(role as ConsoleRole);

/**
 * An operator's role: the column is written only through the console's role field (consoleRoleSchema)
 * and the seed's 'super', so it always holds one of CONSOLE_ROLES.
 */
const roleOf = (row: { role: string }) => row.role as ConsoleRole;

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
 * Accepts an authenticator code once: records the step it used, so it is never accepted again.
 * `pending`: the secret being enrolled (accepting it completes the enrolment). False for a wrong,
 * replayed or malformed code, or when the operator has no secret in that state.
 */
async function claimCode(deps: OperatorDeps, adminId: number, code: string, pending: boolean): Promise<boolean> {
  const { db, key } = deps;
  const now = deps.now?.() ?? Date.now();
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.adminId, adminId)).limit(1);
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const step = verifyTotp(openSecret(key, row.secretEnc), code, now, row.lastStep);
  if (step === null) return false;
  // Guarded update: of two requests with the same code, only one moves last_step forward.
  const claimed = await db
    .update(operatorTotp)
    .set({ lastStep: step, ...(pending ? { enabledAt: new Date(now) } : {}) })
    .where(and(eq(operatorTotp.adminId, adminId), lt(operatorTotp.lastStep, step)))
    .returning({ adminId: operatorTotp.adminId });
  return claimed.length > 0;
}

/**
 * Checks the code that confirms an enrolment. Wrong codes are counted; after TOTP_MAX_FAILURES in the
 * window every attempt is refused (`rate_limited`), right or wrong, until the oldest failure ages out.
 * (Sign-in does not come here: there the code fails together with the password, see signIn.)
 */
async function checkEnrolmentCode(deps: OperatorDeps, adminId: number, code: string, ip: string): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  if ((await recentFailures(deps.db, adminId, now)) >= TOTP_MAX_FAILURES) throw new AppError('rate_limited');
  if (!(await claimCode(deps, adminId, code, true))) {
    await deps.db.insert(operatorTotpFailures).values({ adminId, ip });
    throw new AppError('totp_invalid', { fields: { totp: 'totp_invalid' } });
  }
}

/** Why a console sign-in failed, as the audit log records it (the reply never says). */
type SignInFailure = 'locked' | 'unknown_operator' | 'wrong_password' | 'wrong_code' | 'disabled';

async function auditSignInFailure(db: Db, request: FastifyRequest, email: string, adminId: number | null, reason: SignInFailure) {
  await audit(
    db,
    request,
    'operator.sign_in_failed',
    adminId === null ? `operator_email:${email.slice(0, 254)}` : `admin:${adminId}`,
    null,
    { reason, email: email.slice(0, 254), user_agent: request.headers['user-agent']?.slice(0, 300) ?? null },
    null,
  );
}

/**
 * Console sign-in: the password and the authenticator code are checked together and any fault gives
 * the one generic `login_failed` — an unknown operator (decoy hash), a wrong password, a missing, wrong
 * or replayed code — so no reply tells a right password from a wrong one. Every failure counts on the
 * account's lockout (whatever the address); a locked account is refused before anything is checked.
 * An operator who has not enrolled a second factor yet (every role needs one) signs in with the
 * password alone to an enrolment-only session: the console can do nothing but set it up. Success and
 * each failure are written to the audit log.
 */
export async function signIn(
  deps: OperatorDeps,
  request: FastifyRequest,
  body: { email: string; password: string; totp?: string },
) {
  const { db, lockout } = deps;
  const email = body.email.toLowerCase();
  const account = operatorKey(email);
  const [admin] = await db.select().from(admins).where(eq(admins.email, email)).limit(1);
  let attempt: number;
  try {
    attempt = await lockout.begin(account);
  } catch (error) {
    if (error instanceof AppError) await auditSignInFailure(db, request, email, admin?.id ?? null, 'locked');
    throw error;
  }
  const valid = admin ? await verifyPassword(admin.passwordHash, body.password) : await verifyDecoy(body.password);
  const [factor] = admin && valid ? await db.select().from(operatorTotp).where(eq(operatorTotp.adminId, admin.id)).limit(1) : [];
  const enrolled = Boolean(factor?.enabledAt);
  // The code is only looked at behind a right password, so a guess never spends the operator's step.
  const codeOk =
    admin && valid && enrolled ? Boolean(body.totp) && (await claimCode(deps, admin.id, body.totp ?? '', false)) : true;
  if (!admin || !valid || !codeOk) {
    await lockout.fail(account, attempt);
    const reason: SignInFailure = !admin ? 'unknown_operator' : !valid ? 'wrong_password' : 'wrong_code';
    await auditSignInFailure(db, request, email, admin?.id ?? null, reason);
    throw new AppError('login_failed');
  }
  if (admin.disabledAt) {
    await auditSignInFailure(db, request, email, admin.id, 'disabled');
    throw new AppError('operator_disabled', { status: 403 });
  }
  await lockout.clear(account);
  const scope = !enrolled && needsTotp(admin.role) ? 'enrol' : 'full';
  const { token, hash } = newToken();
  const expiresAt = new Date((deps.now?.() ?? Date.now()) + ADMIN_SESSION_HOURS * 3_600_000);
  const userAgent = request.headers['user-agent']?.slice(0, 300);
  await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(adminSessions)
      .values({ adminId: admin.id, tokenHash: hash, ip: request.ip, userAgent, expiresAt, scope })
      .returning({ id: adminSessions.id });
    await audit(
      tx,
      request,
      'operator.sign_in',
      `admin:${admin.id}`,
      null,
      { session_id: session!.id, scope, user_agent: userAgent ?? null },
      admin.id,
    );
  });
  return {
    token,
    expires_at: expiresAt.toISOString(),
    admin: { id: admin.id, email: admin.email, role: roleOf(admin), totp_enabled: enrolled },
    totp_enrolment_required: scope === 'enrol',
  };
}

/** Console sign-out: the session ends and the audit log says so, together. */
export async function signOut(db: Db, request: FastifyRequest) {
  const admin = request.admin!;
  await db.transaction(async (tx) => {
    await tx.update(adminSessions).set({ revokedAt: new Date() }).where(eq(adminSessions.id, admin.sessionId));
    await audit(tx, request, 'operator.sign_out', `admin_session:${admin.sessionId}`, { revoked: false }, { revoked: true });
  });
}

/** Revokes an operator's live sessions (all, or all but `keep`); returns how many were live. */
async function revokeOperatorSessions(tx: Db, adminId: number, keep?: number): Promise<number> {
  const rows = await tx
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.revokedAt),
        keep === undefined ? undefined : ne(adminSessions.id, keep),
      ),
    )
    .returning({ id: adminSessions.id });
  return rows.length;
}

/**
 * An operator changes their own password: the current one first (a wrong one counts on the account's
 * lockout, like a sign-in), then the new one; their other sessions end. Audited, without either password.
 */
export async function changeOwnPassword(
  deps: OperatorDeps,
  request: FastifyRequest,
  body: { old_password: string; password: string },
) {
  const { db, lockout } = deps;
  const me = request.admin!;
  const account = operatorKey(me.email);
  const attempt = await lockout.begin(account);
  const row = await requireOperator(db, me.id);
  if (!(await verifyPassword(row.passwordHash, body.old_password))) {
    await lockout.fail(account, attempt);
    throw new AppError('old_password_wrong', { fields: { old_password: 'old_password_wrong' } });
  }
  await lockout.clear(account);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, me.id));
    const ended = await revokeOperatorSessions(tx, me.id, me.sessionId);
    await audit(tx, request, 'operator.password_change', `admin:${me.id}`, null, { other_sessions_ended: ended });
    return { other_sessions_ended: ended };
  });
}

/**
 * A super sets another operator's password (forgotten, or suspected known): their second factor is
 * removed so they enrol again at the next sign-in, every session of theirs ends, and a lockout on the
 * account is lifted. A super changes their own password with changeOwnPassword instead.
 */
export async function resetPassword(deps: OperatorDeps, request: FastifyRequest, id: number, password: string) {
  const { db, lockout } = deps;
  if (id === request.admin!.id) throw new AppError('forbidden');
  const row = await requireOperator(db, id);
  const totpBefore = await totpEnabled(db, id);
  const passwordHash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash }).where(eq(admins.id, id));
    await tx.delete(operatorTotp).where(eq(operatorTotp.adminId, id));
    await tx.delete(operatorTotpFailures).where(eq(operatorTotpFailures.adminId, id));
    const ended = await revokeOperatorSessions(tx, id);
    await audit(
      tx,
      request,
      'operator.password_reset',
      `admin:${id}`,
      { totp_enabled: totpBefore },
      { totp_enabled: false, sessions_ended: ended },
    );
    return { ...operatorView(row, false), sessions_ended: ended };
  });
  await lockout.clear(operatorKey(row.email));
  return result;
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
  await checkEnrolmentCode(deps, admin.id, code, request.ip);
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
  role: roleOf(row),
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
    await revokeOperatorSessions(tx, id);
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
    role: roleOf({ role }),
    ip: session.ip,
    user_agent: session.userAgent,
    // written only as 'full' or 'enrol' (signIn, confirmEnrolment)
    scope: session.scope as SessionScope,
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
