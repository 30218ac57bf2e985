import { desc, eq, type InferSelectModel } from 'drizzle-orm';
import { type OwnerStatusFilter, ownerAndStatus, ownerContact } from './console-lists.js';
import type { Db } from './db-type.js';
import { type PageOf, type PageWindow, selectPage } from './paging.js';
import { currencies, type deposits, users, type withdrawals } from './schema.js';

/** The tables of the coin requests operators review: a user's deposit or withdrawal of one coin. */
type CoinRequestTable = typeof deposits | typeof withdrawals;

/** A coin request as its lists show it: the row, its coin's name and its owner's contact. */
export type ListedCoinRequest<Row> = { request: Row } & Omit<Awaited<ReturnType<typeof listed>>['rows'][number], 'request'>;

/**
 * One page of coin requests, newest first, each with its coin's name and its owner's contact: a user's
 * own (`userId`) or the console's review list (`status`). Deposits and withdrawals are listed alike.
 */
export async function coinRequestsPage<T extends CoinRequestTable>(
  db: Db,
  table: T,
  filter: OwnerStatusFilter,
  window: PageWindow,
): Promise<PageOf<ListedCoinRequest<InferSelectModel<T>>>> {
  // Typed for either table; the page's rows are of the one given.
  return listed(db, table, filter, window) as Promise<PageOf<ListedCoinRequest<InferSelectModel<T>>>>;
}

function listed(db: Db, table: CoinRequestTable, filter: OwnerStatusFilter, window: PageWindow) {
  const rows = db
    .select({ request: table, currencyName: currencies.name, ...ownerContact })
    .from(table)
    .innerJoin(currencies, eq(currencies.id, table.currencyId))
    .innerJoin(users, eq(users.id, table.userId))
    .$dynamic();
  return selectPage(db, { rows, count: table, where: ownerAndStatus(table, filter), orderBy: [desc(table.id)] }, window);
}
