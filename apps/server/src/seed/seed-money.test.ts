import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { chains, currencySettings, depositAddresses, settings } from '../db/schema.js';
import { isValidAddress } from '../lib/chain-address.js';
import { seed } from './seed.js';

const t = appForFile();

describe('seed: money defaults', () => {
  it('sets rules for the four coins and a valid demo deposit address on every chain', async () => {
    const db = t.database.db;
    const rules = await db.select().from(currencySettings);
    expect(
      rules
        .map((r) => [r.currencyId, Number(r.depositMin), Number(r.withdrawMin), Number(r.withdrawFee), Number(r.fallbackPrice)])
        .sort(),
    ).toEqual(
      [
        [1, 0.0005, 0.001, 0.0002, 60000],
        [2, 0.01, 0.01, 0.002, 3000],
        [3, 10, 10, 1, 1],
        [34, 50, 50, 1, 0.12],
        // Spot-only coins: no deposits or withdrawals, a fallback price for valuations until the feed prices them.
        [35, 0, 0, 0, 150],
        [36, 0, 0, 0, 0.6],
        [37, 0, 0, 0, 580],
        [38, 0, 0, 0, 0.12],
        [39, 0, 0, 0, 0.45],
        [40, 0, 0, 0, 80],
        [41, 0, 0, 0, 5.5],
      ].sort(),
    );
    const rows = await db
      .select({ chain: chains.name, address: depositAddresses.address })
      .from(depositAddresses)
      .innerJoin(chains, eq(chains.id, depositAddresses.chainId));
    expect(rows).toHaveLength(7);
    for (const row of rows) expect(isValidAddress(row.chain, row.address), `${row.chain} ${row.address}`).toBe(true);
  });

  it('does not bring back an address or rule an operator removed, at later starts', async () => {
    const db = t.database.db;
    await db.delete(depositAddresses);
    await db.delete(currencySettings).where(eq(currencySettings.currencyId, 34));
    await seed(db, { log: () => {} });
    await db.update(settings).set({ value: 1 }).where(eq(settings.key, 'seed_version'));
    // A database from before the money rules gets them once…
    await seed(db, { log: () => {} });
    expect(await db.select().from(depositAddresses)).toHaveLength(7);
    await db.delete(depositAddresses);
    // …and not again.
    await seed(db, { log: () => {} });
    expect(await db.select().from(depositAddresses)).toHaveLength(0);
  });
});
