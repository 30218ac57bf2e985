import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { SEEDED_PAIRS } from '../../test/market.js';
import { adminSessions, admins, areaCodes, chains, currencies, ledgerEntries, pairs, settings } from '../db/schema.js';
import { seed } from './seed.js';

const t = appForFile();

describe('seed', () => {
  it("holds the spec's base coins with their ids, icons and chains", async () => {
    const db = t.database.db;
    const coins = await db.select().from(currencies).orderBy(asc(currencies.id));
    expect(coins.map((c) => [c.id, c.name])).toEqual([
      [1, 'BTC'],
      [2, 'ETH'],
      [3, 'USDT'],
      [34, 'TRX'],
      // Spot-only coins (no deposit chain).
      [35, 'SOL'],
      [36, 'XRP'],
      [37, 'BNB'],
      [38, 'DOGE'],
      [39, 'ADA'],
      [40, 'LTC'],
      [41, 'TON'],
    ]);
    for (const coin of coins) {
      const icon = await t.app.inject({ method: 'GET', url: coin.icon });
      expect(icon.statusCode, coin.icon).toBe(200);
    }
    const rows = await db
      .select({ coin: currencies.name, chain: chains.name })
      .from(chains)
      .innerJoin(currencies, eq(currencies.id, chains.currencyId));
    const byCoin = (name: string) =>
      rows
        .filter((r) => r.coin === name)
        .map((r) => r.chain)
        .sort();
    expect(byCoin('USDT')).toEqual(['ERC20', 'OMNI', 'TRC20']);
    expect(byCoin('BTC')).toEqual(['OMNI']);
    expect(byCoin('ETH')).toEqual(['ERC20']);
    expect(byCoin('TRX')).toEqual(['ERC20', 'TRC20']);
    expect(byCoin('SOL')).toEqual([]);
    expect((await db.select().from(areaCodes)).length).toBeGreaterThan(30);
  });

  it('is idempotent', async () => {
    const before = (await t.database.db.select().from(chains)).length;
    await seed(t.database.db, { log: () => {} });
    expect((await t.database.db.select().from(chains)).length).toBe(before);
  });

  it('seeds ten USDT pairs, each with its own market-maker ladder, once, even from an older seed version', async () => {
    const db = t.database.db;
    const read = async () => (await db.select().from(pairs).orderBy(asc(pairs.id))).map((p) => [p.symbol, p.mmLevels, p.mmDepth]);
    const first = await read();
    expect(first.map(([symbol]) => symbol)).toEqual(SEEDED_PAIRS);
    for (const [symbol, levels] of first) expect(Number(levels), String(symbol)).toBeGreaterThanOrEqual(20);
    const funding = async () =>
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.reason, 'market_maker_funding'))).length;
    const entries = await funding();
    // A database at version 4 runs version 5's step: nothing is added twice.
    await db.update(settings).set({ value: 4 }).where(eq(settings.key, 'seed_version'));
    await seed(db, { log: () => {} });
    expect(await read()).toEqual(first);
    expect(await funding()).toBe(entries);
  });

  it('creates a first operator with a random password shown once, to the person starting the server, never in the log', async () => {
    const db = t.database.db;
    await db.delete(adminSessions);
    await db.delete(admins);
    const shown: string[] = [];
    const logged: string[] = [];
    const options = { log: (line: string) => logged.push(line), showSecret: (secret: string) => shown.push(secret) };
    await seed(db, options);
    expect(shown).toHaveLength(1);
    const password = shown[0]?.match(/admin@localhost \/ (\S+)/)?.[1];
    expect(password).toMatch(/^[\w-]{16}$/);
    expect(logged.join('\n')).not.toContain(password!);
    const login = await t.post('admin/login', { email: 'admin@localhost', password: password! });
    expect(login.type).toBe('ok');
    await seed(db, options);
    expect(shown).toHaveLength(1);
  });

  it('shows the first password on stderr by default (plain text, not through the JSON logger)', async () => {
    const db = t.database.db;
    await db.delete(adminSessions);
    await db.delete(admins);
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const lines: string[] = [];
    try {
      await seed(db, { log: (line) => lines.push(line) });
    } finally {
      spy.mockRestore();
    }
    const password = written.join('').match(/admin@localhost \/ (\S+)/)?.[1];
    expect(password).toBeTruthy();
    expect(lines.join('\n')).not.toContain(password);
  });
});
