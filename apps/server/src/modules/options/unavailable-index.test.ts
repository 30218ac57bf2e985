import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { addOneSecondDelivery, BTC_USDT_ID, type Clock } from '../../../test/options.js';
import { optionOrders } from '../../db/schema.js';
import { sampleAt } from '../index-samples/repo.js';
import { IndexSampler } from '../index-samples/sampler.js';
import { OptionsService } from './service.js';

/**
 * Options around an index that becomes unavailable. The sampler carries a price into quiet seconds as in
 * production (up to 2 s), so only the unavailable index keeps the delivery second without a sample.
 */

const t = appForFile({ checkLedger: true });
const clock: Clock = { now: 1_970_000_000_000 };
let sampler: IndexSampler;
let service: OptionsService;

const tick = (price: string, time: number) => sampler.ingest({ pairId: BTC_USDT_ID, price, time });
const status = (available: boolean, since: number) => sampler.indexStatus(BTC_USDT_ID, { available, since });
const order = async (id: number) => (await t.database.db.select().from(optionOrders).where(eq(optionOrders.id, id)))[0]!;

beforeAll(async () => {
  await addOneSecondDelivery(t);
  sampler = new IndexSampler({ db: t.database.db, source: () => 'simulated', now: () => clock.now });
  service = new OptionsService({ db: t.database.db, market: t.app.market, sampler, toUser: () => {}, now: () => clock.now });
  await service.start();
});
afterAll(async () => {
  await service.stop();
  await sampler.stop();
});

describe('an index that becomes unavailable', () => {
  it('voids an option due in the second it flipped in, and refuses purchases until a tick after it is back', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '1000', 'option');
    const s = clock.now / 1000;
    tick('60000.00', s * 1000 + 100);
    clock.now = s * 1000 + 150;
    const bought = await service.submit(u.id, { match_id: BTC_USDT_ID, currency_id: USDT, type: 1, seconds: 1, number: '100' });
    tick('60000.00', s * 1000 + 800);
    // Unavailable at the start of the delivery second s + 1: 60000.00 is 250 ms old, fresh enough to carry.
    status(false, (s + 1) * 1000 + 50);
    clock.now = (s + 1) * 1000 + 100;
    const refused = service.submit(u.id, { match_id: BTC_USDT_ID, currency_id: USDT, type: 1, seconds: 1, number: '100' });
    await expect(refused).rejects.toMatchObject({ code: 'option_price_unavailable' });
    // Back at s + 3, with a tick: the seconds before it stay without a sample.
    status(true, (s + 3) * 1000 + 100);
    tick('61000.00', (s + 3) * 1000 + 200);
    clock.now = (s + 4) * 1000 + 600;
    await sampler.flush();
    await service.settler.idle();

    expect(Number((await sampleAt(t.database.db, BTC_USDT_ID, s))?.price)).toBe(60000);
    for (const second of [s + 1, s + 2]) expect(await sampleAt(t.database.db, BTC_USDT_ID, second)).toBeUndefined();
    expect(Number((await sampleAt(t.database.db, BTC_USDT_ID, s + 3))?.price)).toBe(61000);
    expect(await order(bought.id)).toMatchObject({ status: 'void', voidReason: 'no_sample_delivery', endPrice: null });
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '1000', frozen: '0' });
  });
});
