import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { selectPage } from '../../db/paging.js';
import { rowById } from '../../db/rows.js';
import { bankCards, currencies, currencySettings, identityChecks, ledgerAccounts, users } from '../../db/schema.js';
import { userPostingsPage } from '../../ledger/postings.js';

export type UserRow = typeof users.$inferSelect;

/** LIKE wildcards in what an operator typed are matched literally. */
const literal = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Users matching `q` (id, e-mail, phone or invite code), newest first. */
export async function searchUsers(db: Db, q: string | undefined, limit: number, offset: number) {
  let where: SQL | undefined;
  if (q) {
    const like = `%${literal(q)}%`;
    const conditions: SQL[] = [ilike(users.email, like), ilike(users.phone, like), eq(users.extensionCode, q.toUpperCase())];
    if (/^\d{1,9}$/.test(q)) conditions.push(eq(users.id, Number(q)));
    where = or(...conditions);
  }
  const rows = db.select().from(users).$dynamic();
  return selectPage(db, { rows, count: users, where, orderBy: [desc(users.id)] }, { limit, offset });
}

export async function findUser(db: Db, id: number): Promise<UserRow | undefined> {
  return rowById(db, users, id);
}

export async function balancesOf(db: Db, userId: number) {
  return db
    .select({
      kind: ledgerAccounts.kind,
      currencyId: ledgerAccounts.currencyId,
      currencyName: currencies.name,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .innerJoin(currencies, eq(currencies.id, ledgerAccounts.currencyId))
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(ledgerAccounts.kind), asc(currencies.sort));
}

export async function accountBalance(db: Db, userId: number, kind: string, currencyId: number) {
  const [row] = await db
    .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind), eq(ledgerAccounts.currencyId, currencyId)))
    .limit(1);
  return row ?? { available: '0', frozen: '0' };
}

export async function latestChecks(db: Db, userId: number) {
  return db.select().from(identityChecks).where(eq(identityChecks.userId, userId)).orderBy(desc(identityChecks.id)).limit(10);
}

export async function bankCardOf(db: Db, userId: number) {
  const [row] = await db.select().from(bankCards).where(eq(bankCards.userId, userId)).limit(1);
  return row;
}

/** A user's postings with their entries, newest first. */
export async function userPostings(db: Db, userId: number, limit: number, offset: number) {
  return userPostingsPage(db, userId, {}, limit, offset);
}

export async function currencySettingsList(db: Db) {
  return db
    .select({ coin: currencies, settings: currencySettings })
    .from(currencies)
    .leftJoin(currencySettings, eq(currencySettings.currencyId, currencies.id))
    .orderBy(asc(currencies.sort), asc(currencies.id));
}

export async function upsertCurrencySettings(tx: Db, values: typeof currencySettings.$inferInsert): Promise<void> {
  const { currencyId: _, ...set } = values;
  await tx.insert(currencySettings).values(values).onConflictDoUpdate({ target: currencySettings.currencyId, set });
}
