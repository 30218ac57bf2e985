import { and, count, desc, eq, gt, type InferSelectModel, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from './db-type.js';

/** A table whose rows are found by a numeric `id`. */
export type TableWithId = PgTable & { id: PgColumn };

/** A table of records an operator reviews once: each is 'pending' until then, and `reviewedAt` says when. */
export type ReviewedTable = TableWithId & { status: PgColumn; reviewedAt: PgColumn };

/** The row of `table` with this id, if there is one. */
export async function rowById<T extends TableWithId>(db: Db, table: T, id: number): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  return row as InferSelectModel<T> | undefined;
}

/** The newest row of `table` (the highest id) that `where` matches, if any. */
export async function newestRow<T extends TableWithId>(
  db: Db,
  table: T,
  where: SQL | undefined,
): Promise<InferSelectModel<T> | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(desc(table.id))
    .limit(1);
  return row as InferSelectModel<T> | undefined;
}

/** How many rows of `table` a user created after `since` (the per-user limits on uploads and feedback). */
export async function countOfUserSince(
  db: Db,
  table: PgTable & { userId: PgColumn; createdAt: PgColumn },
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    // gt() binds the Date through the column's encoder; a raw Date in sql`` breaks postgres-js (PostgreSQL mode).
    .where(and(eq(table.userId, userId), gt(table.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Moves a pending record to its reviewed state in one guarded UPDATE: of two reviews racing, exactly
 * one gets the row back; the other gets nothing and changes nothing.
 */
export async function reviewPending<T extends ReviewedTable>(
  tx: Db,
  table: T,
  id: number,
  set: PgUpdateSetSource<T>,
): Promise<InferSelectModel<T> | undefined> {
  const [row] = await tx
    .update(table as ReviewedTable)
    .set({ ...set, reviewedAt: sql`now()` })
    .where(and(eq(table.id, id), eq(table.status, 'pending')))
    .returning();
  return row as InferSelectModel<T> | undefined;
}
