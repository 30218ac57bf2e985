import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { registerEmailUser } from '../../test/test-app.js';
import { ledgerAccounts, ledgerPostings } from '../db/schema.js';
import { AppError } from '../lib/app-error.js';
import { postEntry, userBalances } from './ledger.js';
import { verifyLedger } from './verify.js';

const t = appForFile();
let userId: number;
beforeAll(async () => {
  userId = (await registerEmailUser(t)).user.id;
});

const USDT = 3;
const coin = () => ({ userId, kind: 'coin' as const, currencyId: USDT });
const external = { system: 'external' as const, currencyId: USDT };

describe('ledger', () => {
  it('credits a user from the platform in one balanced entry', async () => {
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'deposit', refType: 'test', refId: 1 }, [
        { account: coin(), bucket: 'available', amount: '100.5' },
        { account: external, bucket: 'available', amount: '-100.5' },
      ]),
    );
    const balances = await userBalances(t.database.db, userId);
    expect(balances).toEqual([
      { kind: 'coin', currencyId: USDT, available: '100.500000000000000000', frozen: '0.000000000000000000' },
    ]);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('refuses an entry that does not sum to zero', async () => {
    await expect(
      t.database.db.transaction((tx) =>
        postEntry(tx, { reason: 'broken' }, [
          { account: coin(), bucket: 'available', amount: '1' },
          { account: external, bucket: 'available', amount: '-0.999999999999999999' },
        ]),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('refuses to take a user below zero and leaves everything as it was', async () => {
    const before = await userBalances(t.database.db, userId);
    const err = await t.database.db
      .transaction((tx) =>
        postEntry(tx, { reason: 'freeze' }, [
          { account: coin(), bucket: 'available', amount: '-100.500000000000000001' },
          { account: coin(), bucket: 'frozen', amount: '100.500000000000000001' },
        ]),
      )
      .catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('insufficient_balance');
    expect(await userBalances(t.database.db, userId)).toEqual(before);
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it('records the balance after each posting', async () => {
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'freeze' }, [
        { account: coin(), bucket: 'available', amount: '-0.5' },
        { account: coin(), bucket: 'frozen', amount: '0.5' },
      ]),
    );
    const [account] = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
    const postings = await t.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, account!.id));
    expect(postings.map((p) => [p.bucket, p.amount, p.balanceAfter])).toEqual([
      ['available', '100.500000000000000000', '100.500000000000000000'],
      ['available', '-0.500000000000000000', '100.000000000000000000'],
      ['frozen', '0.500000000000000000', '0.500000000000000000'],
    ]);
    // Released again: a coin balance is frozen only while something (an order, a withdrawal…) holds it.
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'unfreeze' }, [
        { account: coin(), bucket: 'frozen', amount: '-0.5' },
        { account: coin(), bucket: 'available', amount: '0.5' },
      ]),
    );
  });

  it('finds a balance edited behind its back', async () => {
    await t.database.db.update(ledgerAccounts).set({ available: '1000' }).where(eq(ledgerAccounts.userId, userId));
    const faults = await verifyLedger(t.database.db);
    expect(faults.map((f) => f.check)).toContain('balance equals its postings');
    await t.database.db.update(ledgerAccounts).set({ available: '100.5' }).where(eq(ledgerAccounts.userId, userId));
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });
});
