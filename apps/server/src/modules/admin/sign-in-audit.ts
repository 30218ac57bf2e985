import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { admins, auditLog } from '../../db/schema.js';

/**
 * The e-mail an attempt named, as the log may hold it: control characters (PostgreSQL text cannot hold
 * NUL) and lone surrogates (not UTF-8) become U+FFFD; at most 254 characters.
 */
function printable(email: string): string {
  let out = '';
  for (const char of email.slice(0, 254)) {
    const code = char.codePointAt(0)!;
    const lone = code >= 0xd800 && code <= 0xdfff;
    out += code < 0x20 || code === 0x7f || lone ? '\uFFFD' : char;
  }
  return out;
}

/**
 * Console sign-ins in the audit log: `operator.sign_in` (the operator is the actor), and
 * `operator.sign_in_failed` for a refused attempt — no actor (nobody proved who they are), the target
 * the operator the e-mail names (`admin:<id>`, or `admin:unknown`), the e-mail and the refusal's code.
 * A failed attempt's row is written on its own: the refusal has nothing else to commit.
 */
export async function auditSignIn(
  db: Db,
  request: FastifyRequest,
  attempt: { email: string; adminId?: number; scope?: string; refused?: string },
): Promise<void> {
  let targetId = attempt.adminId;
  const email = printable(attempt.email.trim().toLowerCase());
  if (targetId === undefined && attempt.refused) {
    const [named] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, email)).limit(1);
    targetId = named?.id;
  }
  await db.insert(auditLog).values({
    adminId: attempt.refused ? null : (attempt.adminId ?? null),
    action: attempt.refused ? 'operator.sign_in_failed' : 'operator.sign_in',
    target: `admin:${targetId ?? 'unknown'}`,
    ip: request.ip,
    before: null,
    after: attempt.refused
      ? { email, reason: attempt.refused, user_agent: request.headers['user-agent']?.slice(0, 300) ?? null }
      : { email, scope: attempt.scope, user_agent: request.headers['user-agent']?.slice(0, 300) ?? null },
  });
}
