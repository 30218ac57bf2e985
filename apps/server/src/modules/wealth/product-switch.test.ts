import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, readyUser, USDT } from '../../../test/money.js';
import { expectOnlyOff, expectProductDisabled, switchProduct } from '../../../test/products.js';
import { adminToken } from '../../../test/test-app.js';
import { testClock, wealthTestApp } from '../../../test/wealth.js';
import { wealthOrders } from '../../db/schema.js';

// The `wealth` product switch (modules/products): switched off, every lh/deposit* route refuses with
// product_disabled and nothing changes; switched back on, the same requests work.
const t = appForFile({ open: () => wealthTestApp(testClock('2026-05-10T08:30:00Z')), checkLedger: true });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

describe('wealth product switch', () => {
  it('switched off refuses every user route (even a bad body) and changes nothing; back on it works', async () => {
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '1000');
    const products = (await t.get('lh/deposit/config', { token: u.token })).message as {
      id: number;
      currency_id: number;
      day: number;
    }[];
    const p = products.find((x) => x.currency_id === USDT && x.day === 15)!;
    const bought = await t.post('lh/deposit', { config_id: String(p.id), amount: '100', agree: '1' }, { token: u.token });
    expect(bought.type).toBe('ok');
    const before = await balance(t, u.id, USDT);

    await switchProduct(t, operator, 'wealth', false);
    await expectOnlyOff(t, 'wealth');
    const refused = [
      await t.get('lh/deposit/config', { token: u.token }),
      await t.get(`lh/deposit/product_info?id=${p.id}`, { token: u.token }),
      await t.post('lh/deposit', { config_id: String(p.id), amount: '100', agree: '1' }, { token: u.token, lang: 'zh' }),
      await t.post('lh/deposit', { config_id: 'x', amount: '-1' }, { token: u.token }),
      await t.get('lh/deposit/order', { token: u.token }),
      await t.post('lh/deposit/order/cancel', { id: String(bought.message.id) }, { token: u.token }),
      await t.get('lh/deposit/report', { token: u.token }),
      await t.get('lh/deposit/config'),
    ];
    expectProductDisabled(refused);
    expect(refused[2]!.message).toBe('该服务暂不可用');
    // Nothing changed: the balance, the one order (still hosting), the ledger.
    expect(await balance(t, u.id, USDT)).toEqual(before);
    const orders = await t.database.db.select().from(wealthOrders).where(eq(wealthOrders.userId, u.id));
    expect(orders.map((o) => o.status)).toEqual(['hosting']);
    // The console keeps working while the product is off.
    expect((await t.get('admin/wealth/products', { token: operator })).type).toBe('ok');

    await switchProduct(t, operator, 'wealth', true);
    expect((await t.get('lh/deposit/config', { token: u.token })).type).toBe('ok');
    const again = await t.post('lh/deposit', { config_id: String(p.id), amount: '100', agree: '1' }, { token: u.token });
    expect(again.type).toBe('ok');
    expect((await t.get('lh/deposit/order', { token: u.token })).message.total).toBe(2);
    expect((await t.post('lh/deposit/order/cancel', { id: String(bought.message.id) }, { token: u.token })).type).toBe('ok');
  });
});
