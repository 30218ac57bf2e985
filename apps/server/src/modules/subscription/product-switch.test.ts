import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, USDT } from '../../../test/money.js';
import { expectOnlyOff, expectProductDisabled, switchProduct } from '../../../test/products.js';
import { createProject } from '../../../test/subscription.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { subscriptionOrders } from '../../db/schema.js';

// The `subscription` product switch (modules/products): switched off, every lh/send/* route refuses with
// product_disabled and nothing changes; switched back on, the same requests work.
const t = appForFile({ checkLedger: true });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

describe('subscription product switch', () => {
  it('switched off refuses every lh/send route (even a bad body) and changes nothing; back on it works', async () => {
    const created = await createProject(t, { name: 'Switch Coin', introduction: { en: 'A coin for tests.' } });
    expect(created.type).toBe('ok');
    const projectId = String(created.message.id);
    const u = await registerEmailUser(t);
    const userId = u.user.id as number;
    await fund(t, userId, USDT, '100');

    await switchProduct(t, operator, 'subscription', false);
    await expectOnlyOff(t, 'subscription');
    const refused = [
      await t.get('lh/send/config'),
      await t.get('lh/send/get_recommend'),
      await t.get(`lh/send/product_info?id=${projectId}`, { token: u.token }),
      await t.post('lh/send/order', { config_id: projectId, amount: '20' }, { token: u.token, lang: 'zh' }),
      await t.post('lh/send/order', { config_id: 'x', amount: '-1' }, { token: u.token }),
      await t.get('lh/send/order_list', { token: u.token }),
    ];
    expectProductDisabled(refused);
    expect(refused[3]!.message).toBe('该服务暂不可用');
    // Nothing changed: no order, the balance untouched.
    expect(await t.database.db.select().from(subscriptionOrders).where(eq(subscriptionOrders.userId, userId))).toEqual([]);
    expect(await balance(t, userId, USDT)).toEqual({ available: '100', frozen: '0' });
    // Operators keep managing projects while the product is off.
    expect((await t.get('admin/subscription/projects', { token: operator })).type).toBe('ok');

    await switchProduct(t, operator, 'subscription', true);
    expect((await t.get('lh/send/config')).type).toBe('ok');
    const ordered = await t.post('lh/send/order', { config_id: projectId, amount: '20' }, { token: u.token });
    expect(ordered.type).toBe('ok');
    expect(await balance(t, userId, USDT)).toEqual({ available: '80', frozen: '20' });
    expect((await t.get('lh/send/order_list', { token: u.token })).message.total).toBe(1);
  });
});
