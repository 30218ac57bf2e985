import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { currencies, currencySettings } from '../db/schema.js';
import { AppError } from './app-error.js';

export type Currency = typeof currencies.$inferSelect & {
  depositMin: string;
  withdrawMin: string;
  withdrawFee: string;
  fallbackPrice: string;
};

/** A coin with its money rules (minimums, fee); `currency_unknown` on the named field when absent. */
export async function requireCurrency(db: Db, id: number | string | undefined, field = 'currency'): Promise<Currency> {
  const numeric = typeof id === 'string' ? Number.parseInt(id, 10) : id;
  if (numeric === undefined || !Number.isInteger(numeric))
    throw new AppError('currency_unknown', { fields: { [field]: 'currency_unknown' } });
  const [row] = await db
    .select()
    .from(currencies)
    .leftJoin(currencySettings, eq(currencySettings.currencyId, currencies.id))
    .where(eq(currencies.id, numeric))
    .limit(1);
  if (!row) throw new AppError('currency_unknown', { fields: { [field]: 'currency_unknown' } });
  return {
    ...row.currencies,
    depositMin: row.currency_settings?.depositMin ?? '0',
    withdrawMin: row.currency_settings?.withdrawMin ?? '0',
    withdrawFee: row.currency_settings?.withdrawFee ?? '0',
    fallbackPrice: row.currency_settings?.fallbackPrice ?? '0',
  };
}

export async function allCurrencies(db: Db) {
  return db.select().from(currencies).orderBy(currencies.sort, currencies.id);
}

/**
 * admin-config: a coin users may deposit or withdraw now; a coin the operators
 * switched off is refused with `coin_disabled` (balances, transfers and pending reviews are unaffected).
 */
export async function requireEnabledCurrency(db: Db, id: number | string | undefined, field = 'currency'): Promise<Currency> {
  const coin = await requireCurrency(db, id, field);
  if (!coin.enabled) throw new AppError('coin_disabled', { fields: { [field]: 'coin_disabled' } });
  return coin;
}
