import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { BTC, fund, USDT } from '../../test/money.js';
import { registerEmailUser } from '../../test/test-app.js';
import { ledgerAccounts, ledgerEntries, ledgerPostings } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { str } from '../lib/money.js';
import type { AccountRef } from './accounts.js';
import { LedgerBatch } from './batch.js';
import { postEntry } from './ledger.js';
import { verifyLedger } from './verify.js';

const t = appForFile({ checkLedger: true });

const coin = (userId: number, currencyId: number): AccountRef => ({ userId, kind: 'coin', currencyId });

async function held(userId: number, currencyId: number) {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const row = rows.find((r) => r.currencyId === currencyId && r.kind === 'coin');
  return row && { available: str(row.available), frozen: str(row.frozen) };
}

describe('LedgerBatch', () => {
  it('writes many entries at once, with the balances and postings postEntry would write', async () => {
    const a = (await registerEmailUser(t)).user.id as number;
    const b = (await registerEmailUser(t)).user.id as number;
    await fund(t, a, USDT, '100');
    const entriesBefore = (await t.database.db.select().from(ledgerEntries)).length;
    await t.database.db.transaction(async (tx) => {
      const batch = new LedgerBatch(tx);
      // b has no USDT or BTC account yet: load creates them.
      await batch.load([coin(a, USDT), coin(b, USDT), coin(b, BTC), { system: 'fees', currencyId: USDT }]);
      batch.post({ reason: 'test', refType: 't', refId: 1 }, [
        { account: coin(a, USDT), bucket: 'available', amount: '-30' },
        { account: coin(a, USDT), bucket: 'frozen', amount: '30' },
      ]);
      batch.post({ reason: 'test', refType: 't', refId: 2 }, [
        { account: coin(a, USDT), bucket: 'frozen', amount: '-30' },
        { account: coin(b, USDT), bucket: 'available', amount: '29.5' },
        { account: { system: 'fees', currencyId: USDT }, bucket: 'available', amount: '0.5' },
      ]);
      expect(str(batch.balance(coin(a, USDT)).available)).toBe('70');
      // A refused entry leaves the batch as it was.
      expect(() =>
        batch.post({ reason: 'x' }, [
          { account: coin(b, USDT), bucket: 'available', amount: '-29.500001' },
          { account: coin(b, USDT), bucket: 'frozen', amount: '29.500001' },
        ]),
      ).toThrow(AppError);
      expect(batch.size).toBe(2);
      await batch.flush();
    });
    expect(await held(a, USDT)).toEqual({ available: '70', frozen: '0' });
    expect(await held(b, USDT)).toEqual({ available: '29.5', frozen: '0' });
    expect(await held(b, BTC)).toEqual({ available: '0', frozen: '0' });
    const entries = await t.database.db.select().from(ledgerEntries).orderBy(asc(ledgerEntries.id));
    expect(entries.length - entriesBefore).toBe(2);
    const last = entries.at(-1)!;
    expect(last).toMatchObject({ reason: 'test', refType: 't', refId: '2' });
    const postings = await t.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.entryId, last.id));
    const after = new Map(postings.map((p) => [str(p.amount), str(p.balanceAfter)]));
    expect(after.get('-30')).toBe('0');
    expect(after.get('29.5')).toBe('29.5');
    expect(after.has('0.5')).toBe(true);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('refuses an entry as postEntry does: unbalanced, zero legs, unloaded accounts, overdrafts', async () => {
    const a = (await registerEmailUser(t)).user.id as number;
    await fund(t, a, USDT, '10');
    await t.database.db.transaction(async (tx) => {
      const batch = new LedgerBatch(tx);
      await batch.load([coin(a, USDT)]);
      const fees = { system: 'fees' as const, currencyId: USDT };
      expect(() => batch.post({ reason: 'x' }, [{ account: coin(a, USDT), bucket: 'available', amount: '-1' }])).toThrow();
      expect(() =>
        batch.post({ reason: 'x' }, [
          { account: coin(a, USDT), bucket: 'available', amount: '-1' },
          { account: coin(a, USDT), bucket: 'frozen', amount: '2' },
        ]),
      ).toThrow(/does not balance/);
      expect(() =>
        batch.post({ reason: 'x' }, [
          { account: coin(a, USDT), bucket: 'available', amount: '0' },
          { account: coin(a, USDT), bucket: 'frozen', amount: '0' },
        ]),
      ).toThrow(/non-zero/);
      expect(() =>
        batch.post({ reason: 'x' }, [
          { account: coin(a, USDT), bucket: 'available', amount: '-1' },
          { account: fees, bucket: 'available', amount: '1' },
        ]),
      ).toThrow(/not loaded/);
      const overdraft = [
        { account: coin(a, USDT), bucket: 'available' as const, amount: '-10.000001' },
        { account: coin(a, USDT), bucket: 'frozen' as const, amount: '10.000001' },
      ];
      expect(batch.fits(overdraft)).toBe(false);
      let error: unknown;
      try {
        batch.post({ reason: 'x' }, overdraft);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('insufficient_balance');
      expect(batch.size).toBe(0);
      await batch.flush();
    });
    expect(await held(a, USDT)).toEqual({ available: '10', frozen: '0' });
  });

  it('mixes with postEntry in one transaction', async () => {
    const a = (await registerEmailUser(t)).user.id as number;
    await t.database.db.transaction(async (tx) => {
      await postEntry(tx, { reason: 'deposit' }, [
        { account: coin(a, BTC), bucket: 'available', amount: '1' },
        { account: { system: 'external', currencyId: BTC }, bucket: 'available', amount: '-1' },
      ]);
      const batch = new LedgerBatch(tx);
      await batch.load([coin(a, BTC)]);
      batch.post({ reason: 'x' }, [
        { account: coin(a, BTC), bucket: 'available', amount: '-0.25' },
        { account: coin(a, BTC), bucket: 'frozen', amount: '0.25' },
      ]);
      await batch.flush();
    });
    expect(await held(a, BTC)).toEqual({ available: '0.75', frozen: '0.25' });
    // Released again: a coin balance is frozen only while something (an order, a withdrawal…) holds it.
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'unfreeze' }, [
        { account: coin(a, BTC), bucket: 'frozen', amount: '-0.25' },
        { account: coin(a, BTC), bucket: 'available', amount: '0.25' },
      ]),
    );
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });
});
