import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { currencies, currencySettings } from '../db/schema.js';
import { D, type Dec } from './money.js';

export const USDT_ID = 3;

/** USDT value of one unit of a coin, or undefined when the source has no price for it. */
export type PriceSource = (currencyId: number) => Dec | undefined;

/** Live prices and whether they are demo data (the simulated feed's are). */
export type LivePrices = { price: PriceSource; demo: boolean };

/**
 * USDT value of one unit of each coin. USDT is 1 by definition; other coins use the market's index
 * price (`live.price`: the USDT pair's last price from the feed), and until the feed has one the
 * operator-set fallback price. `demo` is true when any price is a fallback or the feed itself is demo
 * data (the simulated feed), so the UI labels the values.
 */
export async function usdtPrices(db: Db, live?: LivePrices): Promise<{ prices: Map<number, Dec>; demo: boolean }> {
  const rows = await db
    .select({ id: currencies.id, fallback: currencySettings.fallbackPrice })
    .from(currencies)
    .leftJoin(currencySettings, eq(currencySettings.currencyId, currencies.id));
  const prices = new Map<number, Dec>();
  let demo = live?.demo ?? false;
  for (const row of rows) {
    if (row.id === USDT_ID) {
      prices.set(row.id, new D(1));
      continue;
    }
    const price = live?.price(row.id);
    if (price) prices.set(row.id, price);
    else {
      prices.set(row.id, new D(row.fallback ?? 0));
      demo = true;
    }
  }
  return { prices, demo };
}
