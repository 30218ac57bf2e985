import type {
  AccountType,
  BindContactBody,
  ForgetBody,
  LoginBody,
  LoginReply,
  PayPasswordBody,
  RegisterBody,
  UpdatePasswordBody,
  UserCenter,
} from '@app/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { hashPassword, newInviteCode, newToken, verifyDecoy, verifyPassword } from '../../lib/secrets.js';
import { type SignInLockout, userKey } from '../../lib/sign-in-lockout.js';
import type { Channel } from '../../notify/notifier.js';
import { checkCode, consumeCode, contactTarget } from '../codes/service.js';
import { notifyUser } from '../messages/service.js';
import {
  areaCodeExists,
  findUserByEmail,
  findUserByInviteCode,
  findUsersByPhone,
  hasSessionWithAgent,
  insertSession,
  insertUser,
  recordLogin,
  revokeSession,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from './repo.js';

// Sessions belong to sign-in; account security signs them out through these.
export { revokeSession, revokeUserSessions } from './repo.js';

export type AuthDeps = { db: Db; tokenTtlHours: number; lockout: SignInLockout };
export type ClientInfo = { ip: string; userAgent?: string };

export const channelOf = (type: AccountType): Channel => (type === 'mobile' ? 'sms' : 'email');

/** Card ids are shown with all but the first 3 and last 4 characters hidden. */
export function maskCardId(cardId: string | null): string | null {
  if (!cardId) return null;
  if (cardId.length <= 7) return `${cardId.slice(0, 1)}***`;
  return `${cardId.slice(0, 3)}${'*'.repeat(cardId.length - 7)}${cardId.slice(-4)}`;
}

export function toUserCenter(user: UserRow): UserCenter {
  return {
    id: user.id,
    account_number: user.accountType === 'email' ? (user.email ?? '') : (user.phone ?? ''),
    phone: user.phone,
    area_code: user.areaCode,
    email: user.email,
    review_status: user.reviewStatus,
    advanced_user: user.advancedUser,
    name: user.name,
    card_id: maskCardId(user.cardId),
    extension_code: user.extensionCode,
    has_pay_password: Boolean(user.payPasswordHash),
    lang: user.lang,
    frozen_reason: user.frozenReason,
    created_at: user.createdAt.toISOString(),
  };
}

/** The account an existing contact belongs to, if any. */
export async function findByContact(db: Db, type: AccountType, value: string, areaCode?: string): Promise<UserRow | undefined> {
  if (type === 'email') return findUserByEmail(db, value.toLowerCase());
  const rows = await findUsersByPhone(db, value, areaCode);
  return rows.length === 1 ? rows[0] : undefined;
}

/** Mobile accounts need a known area code; returns it. */
export async function requireAreaCode(db: Db, type: AccountType, areaCode: string | undefined): Promise<string | undefined> {
  if (type !== 'mobile') return undefined;
  if (!areaCode || !(await areaCodeExists(db, areaCode))) {
    throw new AppError('area_code_unknown', { fields: { area_code: 'area_code_unknown' } });
  }
  return areaCode;
}

async function startSession(deps: AuthDeps, tx: Db, user: UserRow, client: ClientInfo): Promise<LoginReply> {
  const { token, hash } = newToken();
  const expiresAt = new Date(Date.now() + deps.tokenTtlHours * 3_600_000);
  await insertSession(tx, {
    userId: user.id,
    tokenHash: hash,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 300),
    expiresAt,
  });
  return { token, expires_at: expiresAt.toISOString(), user: toUserCenter(user) };
}

export async function register(deps: AuthDeps, body: RegisterBody, client: ClientInfo, lang: string): Promise<LoginReply> {
  const { db } = deps;
  const areaCode = await requireAreaCode(db, body.type, body.area_code);
  if (await findByContact(db, body.type, body.user_string, areaCode)) {
    throw new AppError('account_exists', { fields: { user_string: 'account_exists' } });
  }
  let parentId: number | null = null;
  if (body.extension_code) {
    const inviter = await findUserByInviteCode(db, body.extension_code.toUpperCase());
    if (!inviter) throw new AppError('invite_code_unknown', { fields: { extension_code: 'invite_code_unknown' } });
    parentId = inviter.id;
  }
  const target = contactTarget(channelOf(body.type), body.user_string, areaCode);
  const codeId = await checkCode(db, target, 'register', body.code);
  const passwordHash = await hashPassword(body.password);

  // Invite codes are random; a clash with an existing one is retried with a fresh code.
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await consumeCode(tx, codeId);
        const user = await insertUser(tx, {
          accountType: body.type,
          phone: body.type === 'mobile' ? body.user_string : null,
          areaCode: areaCode ?? null,
          email: body.type === 'email' ? body.user_string : null,
          passwordHash,
          extensionCode: newInviteCode(),
          parentId,
          lang,
        });
        return startSession(deps, tx, user, client);
      });
    } catch (error) {
      const constraint = isUniqueViolation(error);
      if (constraint === 'users_extension_code' && attempt < 5) continue;
      if (constraint) throw new AppError('account_exists', { fields: { user_string: 'account_exists' } });
      throw error;
    }
  }
}

/**
 * Same reply for an unknown account and a wrong password, and about the same time taken. Wrong
 * passwords count on the account's lockout whatever the address (unknown accounts alike); a locked
 * account is refused before the password is looked at. A sign-in from a device the account has never
 * had a session on (its user agent) leaves the user a message.
 */
export async function login(deps: AuthDeps, body: LoginBody, client: ClientInfo): Promise<LoginReply> {
  const { db, lockout } = deps;
  const account = userKey(body.user_string);
  const attempt = await lockout.begin(account);
  const isEmail = body.user_string.includes('@');
  const user = isEmail
    ? await findUserByEmail(db, body.user_string.toLowerCase())
    : await findByContact(db, 'mobile', body.user_string, body.area_code);
  const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyDecoy(body.password);
  // operations: attempts on a known account go into the user's login history.
  if (!user || !valid) {
    await lockout.fail(account, attempt);
    if (user) await recordLogin(db, user.id, client, 'wrong_password');
    throw new AppError('login_failed');
  }
  await lockout.clear(account);
  // A frozen account signs in to a restricted state (account-security/freeze-guard.ts): it may see and
  // close what it holds, but not add risk or withdraw. The reply's `frozen_reason` says so; the history
  // marks the sign-in as made while frozen.
  const userAgent = client.userAgent?.slice(0, 300);
  return db.transaction(async (tx) => {
    await recordLogin(tx, user.id, client, user.frozenReason ? 'frozen' : 'ok');
    if (!(await hasSessionWithAgent(tx, user.id, userAgent))) {
      await notifyUser(tx, user.id, 'system', 'new_device_sign_in', {
        device: userAgent ?? '?',
        ip: client.ip,
        time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      });
    }
    return startSession(deps, tx, user, client);
  });
}

export async function logout(db: Db, sessionId: number): Promise<void> {
  await revokeSession(db, sessionId);
}

/** Resets the login password with a code sent to the account's contact; every session ends. */
export async function forget(deps: AuthDeps, body: ForgetBody): Promise<void> {
  const { db } = deps;
  const areaCode = await requireAreaCode(db, body.type, body.area_code);
  const target = contactTarget(channelOf(body.type), body.user_string, areaCode);
  const codeId = await checkCode(db, target, 'forget', body.code);
  const user = await findByContact(db, body.type, body.user_string, areaCode);
  if (!user) throw new AppError('code_invalid', { fields: { code: 'code_invalid' } });
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id);
  });
}

/** Changes the login password; every session, this one included, ends, so the user signs in again. */
export async function changePassword(db: Db, user: UserRow, body: UpdatePasswordBody): Promise<void> {
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    throw new AppError('old_password_wrong', { fields: { old_password: 'old_password_wrong' } });
  }
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await revokeUserSessions(tx, user.id);
  });
}

/** The contact a user registered with, as the codes service stores it. */
export function primaryTarget(user: UserRow): { channel: Channel; target: string } {
  return user.accountType === 'email'
    ? { channel: 'email', target: contactTarget('email', user.email ?? '') }
    : { channel: 'sms', target: contactTarget('sms', user.phone ?? '', user.areaCode ?? '') };
}

/** Sets or changes the six-digit fund password, authorised by a code sent to the user's own contact. */
export async function setPayPassword(db: Db, user: UserRow, body: PayPasswordBody): Promise<void> {
  const codeId = await checkCode(db, primaryTarget(user).target, 'pay_password', body.code);
  // Hashed like the login password but stored apart: knowing one never reveals the other.
  const payPasswordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await consumeCode(tx, codeId);
    await updateUser(tx, user.id, { payPasswordHash });
  });
}

/** The contact type a user may still bind: a phone for an e-mail account, an e-mail for a phone account. */
export const missingContactType = (user: UserRow): AccountType => (user.accountType === 'email' ? 'mobile' : 'email');

export async function assertBindable(db: Db, user: UserRow, type: AccountType, value: string, areaCode?: string): Promise<void> {
  if (type !== missingContactType(user) || (type === 'email' ? user.email : user.phone)) {
    throw new AppError('contact_already_bound', { fields: { user_string: 'contact_already_bound' } });
  }
  if (await findByContact(db, type, value, areaCode)) {
    throw new AppError('contact_taken', { fields: { user_string: 'contact_taken' } });
  }
}

export async function bindContact(db: Db, user: UserRow, body: BindContactBody): Promise<void> {
  const areaCode = await requireAreaCode(db, body.type, body.area_code);
  await assertBindable(db, user, body.type, body.user_string, areaCode);
  const target = contactTarget(channelOf(body.type), body.user_string, areaCode);
  const codeId = await checkCode(db, target, 'bind', body.code);
  try {
    await db.transaction(async (tx) => {
      await consumeCode(tx, codeId);
      await updateUser(
        tx,
        user.id,
        body.type === 'email' ? { email: body.user_string } : { phone: body.user_string, areaCode: areaCode ?? null },
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('contact_taken', { fields: { user_string: 'contact_taken' } });
    throw error;
  }
}
