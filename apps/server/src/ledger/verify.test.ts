import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../test/file-app.js';
import { BTC, fund, USDT } from '../../test/money.js';
import { registerEmailUser } from '../../test/test-app.js';
import { type Db, queryRows } from '../db/client.js';
import { postEntry } from './ledger.js';
import { type LedgerFault, verifyLedger } from './verify.js';

const t = appForFile();
let userId: number;
/** BTC/USDT: base BTC, quote USDT. */
const PAIR = 1;
beforeAll(async () => {
  userId = (await registerEmailUser(t)).user.id;
  await fund(t, userId, USDT, '1000');
  await fund(t, userId, BTC, '1');
  await fund(t, userId, USDT, '1000', 'option');
});

class Rollback extends Error {}

/**
 * Breaks the ledger (or a record beside it) in a transaction, runs the verifier inside it, then rolls
 * it all back, so each case starts from the same sound database.
 */
async function faultsAfter(breakIt: (tx: Db) => Promise<unknown>): Promise<LedgerFault[]> {
  let faults: LedgerFault[] = [];
  await t.database.db
    .transaction(async (tx) => {
      await breakIt(tx);
      faults = await verifyLedger(tx);
      throw new Rollback();
    })
    .catch((error) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return faults;
}

const run = (tx: Db, query: SQL) => tx.execute(query);
const checks = (faults: LedgerFault[]) => [...new Set(faults.map((f) => f.check))].sort();
const coin = (currencyId: number) => ({ userId, kind: 'coin' as const, currencyId });

describe('the ledger verifier', () => {
  it('finds a sound ledger sound, before and after every broken case', async () => {
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it("breaks the balance_after chain: a posting's balance_after is not the previous one plus its amount", async () => {
    const faults = await faultsAfter((tx) =>
      run(
        tx,
        sql`UPDATE ledger_postings SET balance_after = balance_after + 1
            WHERE id = (SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                        WHERE a.user_id = ${userId} AND a.kind = 'coin' AND a.currency_id = ${USDT} ORDER BY p.id LIMIT 1)`,
      ),
    );
    // Only the chain shows it: the balances still equal the sums of the amounts.
    expect(checks(faults)).toEqual(['balance_after chain']);
    expect(faults[0]!.detail).toMatchObject({ amount: '1000.000000000000000000', balance_after: '1001.000000000000000000' });
    expect(await verifyLedger(t.database.db)).toEqual([]);
  });

  it("breaks a posting's currency: it is not its account's", async () => {
    const faults = await faultsAfter((tx) =>
      run(
        tx,
        sql`UPDATE ledger_postings SET currency_id = ${USDT}
            WHERE id = (SELECT p.id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                        WHERE a.user_id = ${userId} AND a.currency_id = ${BTC} LIMIT 1)`,
      ),
    );
    expect(checks(faults)).toContain("posting currency is its account's");
    expect(faults.find((f) => f.check === "posting currency is its account's")!.detail).toMatchObject({
      posting_currency: USDT,
      account_currency: BTC,
    });
  });

  it('leaves money in the spot clearing account', async () => {
    const faults = await faultsAfter((tx) =>
      postEntry(tx, { reason: 'test' }, [
        { account: { system: 'house', currencyId: USDT }, bucket: 'available', amount: '-2' },
        { account: { system: 'spot_clearing', currencyId: USDT }, bucket: 'available', amount: '2' },
      ]),
    );
    expect(checks(faults)).toEqual(['clearing account is back at 0']);
    expect(faults[0]!.detail).toMatchObject({ system_code: 'spot_clearing', currency_id: USDT });
  });

  it("an option order's stake or payout differs from its postings", async () => {
    const order = (status: string, payout: string | null) => sql`
      INSERT INTO option_orders (user_id, pair_id, currency_id, direction, seconds, profit_ratio, loss_ratio, stake,
                                 open_price, open_price_time, opened_at, delivery_second, status, payout)
      VALUES (${userId}, ${PAIR}, ${USDT}, 1, 60, 0.8, 1, 10, 40000, 1, 1, 61, ${status}, ${payout}) RETURNING id`;
    const stake = (tx: Db, id: number) =>
      postEntry(tx, { reason: 'option_stake', refType: 'option_order', refId: id }, [
        { account: { userId, kind: 'option', currencyId: USDT }, bucket: 'available', amount: '-10' },
        { account: { system: 'house', currencyId: USDT }, bucket: 'available', amount: '10' },
      ]);
    const insert = async (tx: Db, status: string, payout: string | null) =>
      Number((await queryRows<{ id: string }>(tx, order(status, payout)))[0]!.id);
    // Sound: an open order whose stake was posted.
    expect(await faultsAfter(async (tx) => stake(tx, await insert(tx, 'open', null)))).toEqual([]);
    // An open order with no stake posting.
    const unpaid = await faultsAfter((tx) => insert(tx, 'open', null));
    expect(checks(unpaid)).toEqual(['option order equals its postings']);
    expect(unpaid[0]!.detail).toMatchObject({ status: 'open', postings: '0' });
    // A settled win recorded with a payout of 18 that was never posted.
    const unpaidWin = await faultsAfter(async (tx) => stake(tx, await insert(tx, 'settled', '18')));
    expect(checks(unpaidWin)).toEqual(['option order equals its postings']);
  });

  it("a contract account's frozen balance differs from its positions' margins", async () => {
    const position = (status: string) => sql`
      INSERT INTO contract_positions (user_id, pair_id, side, entry, status, lots, multiple, contract_size, open_fee_rate,
                                      close_fee_rate, maintenance_margin_rate, margin, open_fee)
      VALUES (${userId}, ${PAIR}, 'long', 'market', ${status}, 1, 10, 0.01, 0.001, 0.001, 0.005, 40, 0.4)`;
    const margin = (tx: Db, amount: string) =>
      postEntry(tx, { reason: 'test' }, [
        { account: coin(USDT), bucket: 'available', amount: `-${amount}` },
        { account: { userId, kind: 'contract', currencyId: USDT }, bucket: 'frozen', amount },
      ]);
    // Sound: a held position and its margin; a waiting limit entry and its margin + fee.
    expect(
      await faultsAfter(async (tx) => {
        await run(tx, position('holding'));
        await margin(tx, '40');
        await run(tx, position('entrusted'));
        await margin(tx, '40.4');
      }),
    ).toEqual([]);
    const noMargin = await faultsAfter((tx) => run(tx, position('holding')));
    expect(checks(noMargin)).toEqual(['contract margins equal the frozen balance']);
    expect(noMargin[0]!.detail).toMatchObject({ user_id: userId, frozen: '0', positions: '40.000000000000000000' });
    // Margin frozen with no position holding it.
    expect(checks(await faultsAfter((tx) => margin(tx, '5')))).toEqual(['contract margins equal the frozen balance']);
  });

  it("a coin account's frozen balance differs from its spot locks, withdrawals and subscriptions", async () => {
    const spotOrder = sql`
      INSERT INTO spot_orders (user_id, pair_id, side, type, price, amount, locked, used, status, seq)
      VALUES (${userId}, ${PAIR}, 'sell', 'limit', 40000, 0.1, 0.1, 0.04, 'waiting', 999999)`;
    const freeze = (tx: Db, currencyId: number, amount: string) =>
      postEntry(tx, { reason: 'test' }, [
        { account: coin(currencyId), bucket: 'available', amount: `-${amount}` },
        { account: coin(currencyId), bucket: 'frozen', amount },
      ]);
    // Sound: a sell order locking 0.1 BTC of which 0.04 was used keeps 0.06 frozen.
    expect(
      await faultsAfter(async (tx) => {
        await run(tx, spotOrder);
        await freeze(tx, BTC, '0.06');
      }),
    ).toEqual([]);
    const unlocked = await faultsAfter((tx) => run(tx, spotOrder));
    expect(checks(unlocked)).toEqual(['coin frozen equals spot locks, withdrawals and subscriptions']);
    expect(unlocked[0]!.detail).toMatchObject({ currency_id: BTC, held: '0.060000000000000000', sources: 'spot' });
    expect(Number(unlocked[0]!.detail.frozen)).toBe(0);
    // A frozen amount nothing holds (a withdrawal freeze with no withdrawal).
    const orphan = await faultsAfter((tx) => freeze(tx, USDT, '3'));
    expect(checks(orphan)).toEqual(['coin frozen equals spot locks, withdrawals and subscriptions']);
    expect(orphan[0]!.detail).toMatchObject({ currency_id: USDT, frozen: '3.000000000000000000', held: '0' });
    // A pending withdrawal whose amount and fee were frozen is sound.
    expect(
      await faultsAfter(async (tx) => {
        await run(
          tx,
          sql`INSERT INTO withdrawals (user_id, currency_id, chain, address, amount, fee, status)
              VALUES (${userId}, ${USDT}, 'TRC20', 'T123', 2, 1, 'pending')`,
        );
        await freeze(tx, USDT, '3');
      }),
    ).toEqual([]);
  });

  it("a trust account's frozen balance differs from its hosting wealth orders", async () => {
    const faults = await faultsAfter((tx) =>
      postEntry(tx, { reason: 'test' }, [
        { account: coin(USDT), bucket: 'available', amount: '-7' },
        { account: { userId, kind: 'trust', currencyId: USDT }, bucket: 'frozen', amount: '7' },
      ]),
    );
    expect(checks(faults)).toEqual(['trust frozen equals hosting wealth orders']);
  });
});
