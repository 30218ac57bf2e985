import { asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database.js';
import { type Database, queryRows } from './client.js';
import { selectPage, withTotal } from './paging.js';

// Tables of this test's own, so the seeded data does not move the numbers.
const owners = pgTable('paging_probe_owners', { id: integer('id').primaryKey(), name: text('name').notNull() });
const items = pgTable('paging_probe_items', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  size: integer('size').notNull(),
});

/** `selectPage` and `withTotal` on this run's database (PGlite, or PostgreSQL with TEST_DB=pg). */
describe('a page of a list with its total', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase(inject('dbTemplate'));
    await database.db.execute(sql`CREATE TABLE paging_probe_owners (id int PRIMARY KEY, name text NOT NULL)`);
    await database.db.execute(
      sql`CREATE TABLE paging_probe_items (id int PRIMARY KEY, owner_id int NOT NULL, size int NOT NULL)`,
    );
    await database.db.insert(owners).values([
      { id: 1, name: 'ann' },
      { id: 2, name: 'bob' },
    ]);
    // 25 items: odd ids ann's, even ids bob's; size id % 5.
    await database.db
      .insert(items)
      .values(Array.from({ length: 25 }, (_, i) => ({ id: i + 1, ownerId: i % 2 === 0 ? 1 : 2, size: (i + 1) % 5 })));
  });
  afterAll(async () => {
    await database?.close();
  });

  const itemsWithOwner = () =>
    database.db
      .select({ id: items.id, owner: owners.name })
      .from(items)
      .innerJoin(owners, eq(owners.id, items.ownerId))
      .$dynamic();

  it('returns the window of the ordered, filtered rows and counts every row the filter keeps', async () => {
    const where = eq(items.ownerId, 1);
    const first = await selectPage(
      database.db,
      { rows: itemsWithOwner(), count: items, where, orderBy: [desc(items.id)] },
      { limit: 5, offset: 0 },
    );
    expect(first).toEqual({
      rows: [25, 23, 21, 19, 17].map((id) => ({ id, owner: 'ann' })),
      total: 13,
    });
    const last = await selectPage(
      database.db,
      { rows: itemsWithOwner(), count: items, where, orderBy: [desc(items.id)] },
      { limit: 5, offset: 10 },
    );
    expect(last).toEqual({ rows: [5, 3, 1].map((id) => ({ id, owner: 'ann' })), total: 13 });
  });

  it('past the end: no rows, the same total; no filter: every row', async () => {
    const past = await selectPage(
      database.db,
      { rows: itemsWithOwner(), count: items, where: eq(items.ownerId, 2), orderBy: [asc(items.id)] },
      { limit: 20, offset: 20 },
    );
    expect(past).toEqual({ rows: [], total: 12 });
    const all = await selectPage(
      database.db,
      {
        rows: database.db.select({ id: items.id }).from(items).$dynamic(),
        count: items,
        where: undefined,
        orderBy: [asc(items.id)],
      },
      { limit: 3, offset: 0 },
    );
    expect(all).toEqual({ rows: [{ id: 1 }, { id: 2 }, { id: 3 }], total: 25 });
  });

  it('orders by every key given, in turn', async () => {
    const page = await selectPage(
      database.db,
      {
        rows: database.db.select({ id: items.id }).from(items).$dynamic(),
        count: items,
        where: gt(items.size, 2),
        orderBy: [desc(items.size), asc(items.id)],
      },
      { limit: 6, offset: 0 },
    );
    expect(page).toEqual({ rows: [4, 9, 14, 19, 24, 3].map((id) => ({ id })), total: 10 });
  });

  it('counts through the joins a filter on a joined table needs', async () => {
    const counted = database.db.select({ n: count() }).from(items).innerJoin(owners, eq(owners.id, items.ownerId)).$dynamic();
    const page = await selectPage(
      database.db,
      { rows: itemsWithOwner(), count: counted, where: eq(owners.name, 'bob'), orderBy: [asc(items.id)] },
      { limit: 2, offset: 1 },
    );
    expect(page).toEqual({ rows: [4, 6].map((id) => ({ id, owner: 'bob' })), total: 12 });
  });

  it('pages inside a transaction, both statements on its one connection', async () => {
    const page = await database.db.transaction((tx) =>
      selectPage(
        tx,
        {
          rows: tx.select({ id: items.id }).from(items).$dynamic(),
          count: items,
          where: eq(items.size, 0),
          orderBy: [asc(items.id)],
        },
        { limit: 2, offset: 0 },
      ),
    );
    expect(page).toEqual({ rows: [{ id: 5 }, { id: 10 }], total: 5 });
  });

  it('pairs a count with rows from raw SQL; a count without a row is 0', async () => {
    const page = await withTotal(
      database.db.select({ n: count() }).from(items).where(eq(items.ownerId, 2)),
      queryRows<{ id: number }>(database.db, sql`SELECT id FROM paging_probe_items WHERE owner_id = 2 ORDER BY id DESC LIMIT 2`),
    );
    expect(page).toEqual({ rows: [{ id: 24 }, { id: 22 }], total: 12 });
    expect(await withTotal(Promise.resolve([]), Promise.resolve(['x']))).toEqual({ rows: ['x'], total: 0 });
  });
});
