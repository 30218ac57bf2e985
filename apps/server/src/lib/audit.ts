import { MAX_INT32 } from '@app/shared';
import { and, asc, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { selectPage } from '../db/paging.js';
import { admins, auditLog } from '../db/schema.js';
import { offsetOf } from './paging.js';

/** JSON the audit log can hold; Dates become ISO strings and undefined fields drop out. */
const plain = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Records an operator's action (who, what, target, from where, before/after) inside the caller's
 * transaction, so the audit row exists exactly when the change does (DESIGN.md 1.6). `actor`: the
 * operator when the request has no session yet (a sign-in names who signed in; a failed one nobody).
 */
export async function audit(
  tx: Db,
  request: FastifyRequest,
  action: string,
  target: string,
  before: unknown,
  after: unknown,
  actor: number | null = request.admin?.id ?? null,
): Promise<void> {
  await tx.insert(auditLog).values({
    adminId: actor,
    action,
    target,
    ip: request.ip,
    before: plain(before),
    after: plain(after),
  });
}

// ---- audit search: who, action, target, time range, free text; paged ----

export type AuditFilter = {
  /** Exact action ("withdrawal.approve") or a family ending in ".*" ("operator.*"). */
  action?: string;
  /** The operator: their id, or part of their e-mail. */
  admin?: string;
  /** Part of the target ("user:12"). */
  target?: string;
  from?: Date;
  to?: Date;
  /** Free text found in the action, target, IP, operator e-mail or the before/after JSON. */
  q?: string;
};

/** LIKE pattern that matches `text` literally anywhere. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function auditWhere(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.action) {
    parts.push(
      f.action.endsWith('.*')
        ? sql`${auditLog.action} LIKE ${`${f.action.slice(0, -2).replace(/[\\%_]/g, (c) => `\\${c}`)}.%`}`
        : eq(auditLog.action, f.action),
    );
  }
  if (f.admin) {
    parts.push(
      /^\d{1,10}$/.test(f.admin) && Number(f.admin) <= MAX_INT32
        ? eq(auditLog.adminId, Number(f.admin))
        : ilike(admins.email, contains(f.admin.toLowerCase())),
    );
  }
  if (f.target) parts.push(ilike(auditLog.target, contains(f.target)));
  if (f.from) parts.push(gte(auditLog.createdAt, f.from));
  if (f.to) parts.push(lt(auditLog.createdAt, f.to));
  if (f.q) {
    const p = contains(f.q);
    parts.push(
      or(
        ilike(auditLog.action, p),
        ilike(auditLog.target, p),
        ilike(auditLog.ip, p),
        ilike(admins.email, p),
        sql`${auditLog.before}::text ILIKE ${p}`,
        sql`${auditLog.after}::text ILIKE ${p}`,
      )!,
    );
  }
  return parts.length ? and(...parts) : undefined;
}

/** One page of the audit log, newest first, with the operator's e-mail. */
export async function searchAudit(db: Db, filter: AuditFilter, page: number, limit: number) {
  const where = auditWhere(filter);
  // The filter may match the operator's e-mail, so the count joins the operators as the rows do.
  const counted = db.select({ n: count() }).from(auditLog).leftJoin(admins, eq(admins.id, auditLog.adminId)).$dynamic();
  const { rows, total } = await selectPage(
    db,
    {
      rows: db
        .select({ e: auditLog, adminEmail: admins.email })
        .from(auditLog)
        .leftJoin(admins, eq(admins.id, auditLog.adminId))
        .$dynamic(),
      count: counted,
      where,
      orderBy: [desc(auditLog.id)],
    },
    { limit, offset: offsetOf(page, limit) },
  );
  return {
    list: rows.map(({ e, adminEmail }) => ({
      id: e.id,
      admin_id: e.adminId,
      admin_email: adminEmail,
      action: e.action,
      target: e.target,
      ip: e.ip,
      before: e.before,
      after: e.after,
      created_at: e.createdAt.toISOString(),
    })),
    total,
    page,
    limit,
  };
}

/** Every action the log holds, with how often: the console's filter list comes from the data itself. */
export async function auditActions(db: Db) {
  const rows = await db
    .select({ action: auditLog.action, n: count() })
    .from(auditLog)
    .groupBy(auditLog.action)
    .orderBy(asc(auditLog.action));
  return rows.map((r) => ({ action: r.action, count: r.n }));
}
