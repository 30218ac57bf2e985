import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { settings, wealthProducts } from '../../db/schema.js';

/**
 * Starting products (operators edit, pause or add to them in the console). Rates are fractions per
 * day; the damages rate equals the yield, as in the spec's example (0.4 %, 15 days).
 */
export const WEALTH_PRODUCTS = [
  {
    currencyId: 3,
    days: 7,
    minAmount: '100',
    maxAmount: '50000',
    dailyRate: '0.003',
    penaltyRate: '0.003',
    totalCap: null,
    sort: 1,
  },
  {
    currencyId: 3,
    days: 15,
    minAmount: '100',
    maxAmount: '100000',
    dailyRate: '0.004',
    penaltyRate: '0.004',
    totalCap: null,
    sort: 2,
  },
  {
    currencyId: 3,
    days: 30,
    minAmount: '500',
    maxAmount: '200000',
    dailyRate: '0.005',
    penaltyRate: '0.005',
    totalCap: '5000000',
    sort: 3,
  },
  {
    currencyId: 1,
    days: 15,
    minAmount: '0.01',
    maxAmount: '5',
    dailyRate: '0.002',
    penaltyRate: '0.002',
    totalCap: null,
    sort: 4,
  },
  {
    currencyId: 2,
    days: 30,
    minAmount: '0.1',
    maxAmount: '100',
    dailyRate: '0.0025',
    penaltyRate: '0.0025',
    totalCap: null,
    sort: 5,
  },
];

const MARKER = 'wealth_seeded';

/**
 * Adds the starting products once per database (a marker in `settings`, separate from the seed
 * version so features seed independently); products an operator later changes are never touched.
 */
export async function seedWealthProducts(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [marker] = await tx.select().from(settings).where(eq(settings.key, MARKER)).limit(1);
    if (marker) return;
    await tx.insert(wealthProducts).values(WEALTH_PRODUCTS);
    await tx.insert(settings).values({ key: MARKER, value: 1 }).onConflictDoNothing();
  });
}
