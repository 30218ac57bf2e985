import type { approvalsApi } from '@app/shared';
import { and, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { rowById } from '../../db/rows.js';
import { admins, pendingApprovals } from '../../db/schema.js';

export type ApprovalRow = typeof pendingApprovals.$inferSelect;

export async function insertApproval(tx: Db, values: typeof pendingApprovals.$inferInsert): Promise<ApprovalRow> {
  const [row] = await tx.insert(pendingApprovals).values(values).returning();
  return row!;
}

export async function findApproval(db: Db, id: number): Promise<ApprovalRow | undefined> {
  return rowById(db, pendingApprovals, id);
}

/**
 * Decides a waiting request in one guarded statement: only while it is pending and only by someone
 * other than its maker. Of two checkers at once, the second finds it decided (the row lock makes it
 * wait for the first, then re-reads the status) and gets nothing back.
 */
export async function decidePending(
  tx: Db,
  id: number,
  checkerId: number,
  status: 'approved' | 'rejected',
  note: string | null,
): Promise<ApprovalRow | undefined> {
  const [row] = await tx
    .update(pendingApprovals)
    .set({ status, checkerId, decidedAt: new Date(), note })
    .where(and(eq(pendingApprovals.id, id), eq(pendingApprovals.status, 'pending'), ne(pendingApprovals.makerId, checkerId)))
    .returning();
  return row;
}

export async function listApprovals(db: Db, status: approvalsApi.ReviewState | undefined, limit: number, offset: number) {
  const where: SQL | undefined = status ? eq(pendingApprovals.status, status) : undefined;
  const rows = db
    .select({ approval: pendingApprovals, makerEmail: admins.email })
    .from(pendingApprovals)
    .leftJoin(admins, eq(admins.id, pendingApprovals.makerId))
    .$dynamic();
  return selectPage(db, { rows, count: pendingApprovals, where, orderBy: [desc(pendingApprovals.id)] }, { limit, offset });
}
