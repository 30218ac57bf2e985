import { and, count, desc, type InferSelectModel, is, type SQL } from 'drizzle-orm';
import { type PgColumn, type PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db-type.js';

/** Which rows of a list one reply carries: `limit` of them, after the first `offset`. */
export type PageWindow = { limit: number; offset: number };

/** One page of a list, and how many rows the whole list has. */
export type PageOf<T> = { rows: T[]; total: number };

/** `SELECT count(*) AS n FROM …` with its joins, made `$dynamic()`, before its WHERE. */
export type CountQuery<C extends PgSelect = PgSelect> = C & PromiseLike<{ n: number }[]>;

/**
 * Runs a list's count and its page side by side and returns both: on PostgreSQL over two of the pool's
 * connections (inside a transaction, queued on its one connection), on PGlite one after the other.
 * `count` answers one row `{ n }`; no row counts as 0.
 */
export async function withTotal<T>(count: PromiseLike<{ n: number }[]>, rows: PromiseLike<T[]>): Promise<PageOf<T>> {
  const [[total], page] = await Promise.all([count, rows]);
  return { rows: page, total: total?.n ?? 0 };
}

/**
 * One page of a list and its total. The same `where` narrows both: the rows' query (its SELECT,
 * FROM and joins, made `$dynamic()`) gets it with `orderBy` and the window; the count is of `count`
 * (the list's table, or a `CountQuery` for a WHERE that needs a joined table) under the same WHERE.
 */
export async function selectPage<Q extends PgSelect, C extends PgSelect>(
  db: Db,
  list: { rows: Q; count: PgTable | CountQuery<C>; where: SQL | undefined; orderBy: (PgColumn | SQL)[] },
  window: PageWindow,
): Promise<PageOf<Awaited<Q>[number]>> {
  const counted = is(list.count, PgTable) ? db.select({ n: count() }).from(list.count).$dynamic() : list.count;
  // `where` on a dynamic query answers the query itself, typed without the count's row shape.
  const total = counted.where(list.where) as PromiseLike<{ n: number }[]>;
  return withTotal(
    total,
    list.rows
      .where(list.where)
      .orderBy(...list.orderBy)
      .limit(window.limit)
      .offset(window.offset),
  );
}

/**
 * One page of a user's inbox (their messages, their feedback and its replies), newest first, with the
 * list's total and how many of its rows are still `unread`. `where` picks the user's rows.
 */
export async function inboxPage<T extends PgTable & { id: PgColumn }>(
  db: Db,
  inbox: { table: T; where: SQL; unread: SQL | undefined },
  window: PageWindow,
): Promise<PageOf<InferSelectModel<T>> & { unread: number }> {
  const { table, where } = inbox;
  const [{ total, rows }, [unread]] = await Promise.all([
    selectPage(
      db,
      {
        rows: db
          .select()
          .from(table as PgTable)
          .$dynamic(),
        count: table,
        where,
        orderBy: [desc(table.id)],
      },
      window,
    ),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(and(where, inbox.unread)),
  ]);
  return { total, unread: unread?.n ?? 0, rows: rows as InferSelectModel<T>[] };
}
