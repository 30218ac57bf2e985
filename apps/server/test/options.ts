import { adminToken, type Envelope, type TestApp } from './test-app.js';

/** Test helpers for options: a clock the test moves, index ticks fed to the sampler, settlement awaited. */

export const BTC_USDT_ID = 1;
export const ETH_USDT_ID = 2;

export type Clock = { now: number };

/** Puts the sampler and the options service on `clock` (ms) and starts the settler. */
export async function startOptions(t: TestApp, clock: Clock) {
  t.app.indexSamples.useClock(() => clock.now);
  t.app.optionsProduct.useClock(() => clock.now);
  await t.app.optionsProduct.start();
}

/** One index tick of a pair at `time` (ms; the clock's now by default), as the market stream publishes it. */
export function tick(t: TestApp, pairId: number, price: string, time: number) {
  t.app.indexSamples.ingest({ pairId, price, time });
}

/** Stores every final second and waits for the settlements they make due. */
export async function settle(t: TestApp) {
  await t.app.indexSamples.flush();
  await t.app.optionsProduct.settler.idle();
}

/** Adds a one-second delivery time as the operator (85 % profit, the whole stake lost), so scenarios settle at once. */
export async function addOneSecondDelivery(t: TestApp): Promise<Envelope> {
  return t.post(
    'admin/options/seconds',
    { seconds: '1', profit_ratio: '85', loss_ratio: '100', min_num: '1', max_num: '1000' },
    { token: await adminToken(t) },
  );
}
