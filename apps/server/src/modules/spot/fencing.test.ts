import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { USDT } from '../../../test/money.js';
import { coinBalance, placeOrder, trader } from '../../../test/spot.js';
import { queryRows } from '../../db/client.js';
import { claimEpoch } from './repo.js';

/**
 * The fencing token of a market (`spot_markets.owner_epoch`): a book that rebuilds the market it runs
 * keeps it only if no other build took it since; a book another build overtook writes nothing more.
 */
const t = appForFile({ checkLedger: true });
let pairId: number;
beforeAll(async () => {
  await t.app.spot.ready();
  pairId = t.app.market.getPair('BTC/USDT')!.id;
});

const epochNow = async () =>
  Number(
    (await queryRows<{ e: number }>(t.database.db, sql`SELECT owner_epoch AS e FROM spot_markets WHERE pair_id = ${pairId}`))[0]!
      .e,
  );

describe('spot market fencing', () => {
  it('renews its own token on a repair, and gives the market up when another build took it', async () => {
    const book = await t.app.spot.book(pairId);
    const built = await epochNow();
    await book.rebuild(undefined, { keep: true });
    expect(await epochNow()).toBe(built + 1);

    // Another node's build (it holds the engine lock now) takes the market.
    const theirs = await claimEpoch(t.database.db, pairId);
    expect(theirs).toBe(built + 2);
    // A late repair of the old book must not take it back.
    await expect(book.rebuild(undefined, { keep: true })).rejects.toThrow(/fenced out/);
    expect(await epochNow()).toBe(theirs);

    // And the old book's next batch stores nothing.
    const u = await trader(t, { [USDT]: '1000' });
    const reply = await placeOrder(t, u.token, { type: '1', target_price: '1000', amount: '0.1' });
    expect(reply.error).toBe('engine_unavailable');
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '1000', frozen: '0' });
    expect((await t.get('coin/list', { token: u.token })).message.total).toBe(0);
    expect(book.isClosed).toBe(true);
  });
});
