import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { USDT } from '../../../test/money.js';
import { coinBalance, trader } from '../../../test/spot.js';
import { AppError } from '../../lib/app-error.js';

/**
 * A forwarded command carries the moment its caller stops waiting (cluster mode): the book refuses it
 * if its batch starts later, so an order whose client was told "try again" is never stored as well.
 */
const t = appForFile({ checkLedger: true });
let pairId: number;
beforeAll(async () => {
  await t.app.spot.ready();
  pairId = t.app.market.getPair('BTC/USDT')!.id;
});

const form = { side: 'buy' as const, orderType: 'limit' as const, price: '1000', amount: '0.1' };
const listOf = async (token: string) => (await t.get('coin/list', { token })).message as { total: number };

describe('spot commands with a deadline', () => {
  it('refuses a command whose deadline passed before its batch, storing and freezing nothing', async () => {
    const u = await trader(t, { [USDT]: '500' });
    const refusal = await t.app.spot.place(u.id, pairId, form, { notAfter: Date.now() - 1 }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).code).toBe('engine_unavailable');
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '500', frozen: '0' });
    expect((await listOf(u.token)).total).toBe(0);
  });

  it('applies a command still within its deadline, and a late cancel leaves the order waiting', async () => {
    const u = await trader(t, { [USDT]: '500' });
    const order = await t.app.spot.place(u.id, pairId, form, { notAfter: Date.now() + 60_000 });
    expect(order.status).toBeDefined();
    expect((await coinBalance(t, u.id, USDT)).frozen).not.toBe('0');
    const late = await t.app.spot.cancel(u.id, Number(order.id), { notAfter: Date.now() - 1 }).catch((e: unknown) => e);
    expect((late as AppError).code).toBe('engine_unavailable');
    expect((await t.get('coin/list?status=waiting', { token: u.token })).message.total).toBe(1);
    await t.app.spot.cancel(u.id, Number(order.id));
    expect(await coinBalance(t, u.id, USDT)).toEqual({ available: '500', frozen: '0' });
  });
});
