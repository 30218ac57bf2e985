import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { heldLong } from '../../test/contracts.js';
import { appForFile } from '../../test/file-app.js';
import { balance, fund, readyUser, USDT } from '../../test/money.js';
import { addOneSecondDelivery, BTC_USDT_ID, type Clock, startOptions, tick } from '../../test/options.js';
import { contractPositions, optionOrders, settings } from '../db/schema.js';
import { guardPriceSource, PRICE_SOURCE_KEY, PriceSourceRefused, priceSourceOf } from './source-guard.js';

const t = appForFile({ checkLedger: true });
const clock: Clock = { now: 1_970_000_000_000 };
const simulated = priceSourceOf({ marketFeed: 'simulated', marketSeed: 'h5-exchange' });
const otherSeed = priceSourceOf({ marketFeed: 'simulated', marketSeed: 'another-seed' });
const binance = priceSourceOf({ marketFeed: 'binance', marketSeed: 'h5-exchange' });

beforeAll(async () => {
  await startOptions(t, clock);
  await addOneSecondDelivery(t);
});

const stored = async () =>
  (await t.database.db.select().from(settings).where(eq(settings.key, PRICE_SOURCE_KEY)))[0]?.value as unknown;

/** Refusal as thrown, for its message and counts. */
async function refusal(promise: Promise<unknown>): Promise<PriceSourceRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PriceSourceRefused);
  return error as PriceSourceRefused;
}

describe('the start-up price-source guard', () => {
  it('identifies a source by its feed and, for the simulated feed, a digest of its seed (never the seed)', () => {
    expect(simulated.feed).toBe('simulated');
    expect(simulated.seed).toMatch(/^[0-9a-f]{16}$/);
    expect(simulated.seed).not.toBe(otherSeed.seed);
    expect(JSON.stringify(simulated)).not.toContain('h5-exchange');
    expect(binance).toEqual({ feed: 'binance', seed: null });
  });

  it('stores the source of the first start and lets the same source start again', async () => {
    expect(await guardPriceSource(t.database.db, { current: simulated, voidOpenOptions: false })).toMatchObject({
      changed: false,
      voided: 0,
    });
    expect(await stored()).toEqual(simulated);
    expect(await guardPriceSource(t.database.db, { current: simulated, voidOpenOptions: false })).toMatchObject({
      changed: false,
    });
  });

  it('refuses another feed or seed while options are open or positions held, naming them; voids options only when told', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '1000', 'option');
    clock.now += 10_000;
    tick(t, BTC_USDT_ID, '60000.00', clock.now);
    const bought = await t.post(
      'microtrade/submit',
      { match_id: String(BTC_USDT_ID), currency_id: String(USDT), type: '1', seconds: '1', number: '100' },
      { token: u.token },
    );
    expect(bought.type).toBe('ok');
    // The server stops here (no settlement) and is started again on another source.
    await t.app.optionsProduct.stop();

    for (const current of [binance, otherSeed]) {
      const refused = await refusal(guardPriceSource(t.database.db, { current, voidOpenOptions: false }));
      expect(refused.open).toEqual({ options: 1, contracts: 0 });
      expect(refused.message).toContain('options: 1 open');
      expect(refused.message).toContain('VOID_OPEN_OPTIONS_ON_SOURCE_CHANGE=1');
    }
    expect(await stored()).toEqual(simulated);

    // A held contract position refuses the start even with the setting; nothing is voided.
    const [position] = await t.database.db
      .insert(contractPositions)
      .values(
        heldLong(u.id, { pairId: BTC_USDT_ID, openFeeRate: '0', closeFeeRate: '0', openPriceTime: clock.now, openFee: '0' }),
      )
      .returning();
    try {
      const refused = await refusal(guardPriceSource(t.database.db, { current: binance, voidOpenOptions: true }));
      expect(refused.open).toEqual({ options: 1, contracts: 1 });
      expect(refused.message).toContain('contracts: 1 positions or entry orders held');
      expect(refused.message).toContain('options: 1 open');
    } finally {
      await t.database.db.delete(contractPositions).where(eq(contractPositions.id, position!.id));
    }
    const [still] = await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, bought.message.id));
    expect(still!.status).toBe('open');
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '900', frozen: '0' });
    expect(await stored()).toEqual(simulated);

    // With the setting and no position: the open option is void, its stake returned, the new source stored.
    const result = await guardPriceSource(t.database.db, { current: binance, voidOpenOptions: true, now: () => clock.now });
    expect(result).toEqual({ previous: simulated, changed: true, voided: 1 });
    const [voided] = await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, bought.message.id));
    expect(voided).toMatchObject({ status: 'void', voidReason: 'source_changed', settledAt: clock.now });
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
    expect(await stored()).toEqual(binance);
  });

  it('lets a changed source start when nothing is open', async () => {
    expect(await guardPriceSource(t.database.db, { current: simulated, voidOpenOptions: false })).toEqual({
      previous: binance,
      changed: true,
      voided: 0,
    });
    expect(await stored()).toEqual(simulated);
  });
});
