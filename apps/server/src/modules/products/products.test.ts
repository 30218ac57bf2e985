import { beforeAll, describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { adminToken, createTestApp, registerEmailUser } from '../../../test/test-app.js';
import { parseSwitches } from './switches.js';

const t = appForFile({
  open: () =>
    createTestApp({}, (app) => {
      // A stand-in product route, guarded exactly as the real ones are.
      app.get('/api/test/guarded', { onRequest: app.requireProduct('options') }, async () => ({ type: 'ok', message: 'open' }));
    }),
});
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

describe('product switches', () => {
  it('reads stored switches leniently: missing or unknown keys never switch a product off', () => {
    expect(parseSwitches(undefined)).toEqual({ contracts: true, options: true, wealth: true, subscription: true });
    expect(parseSwitches({ options: false, lending: false, contracts: 'no' })).toEqual({
      contracts: true,
      options: false,
      wealth: true,
      subscription: true,
    });
  });

  it('are all on by default, publicly readable', async () => {
    expect((await t.get('products')).message).toEqual({ contracts: true, options: true, wealth: true, subscription: true });
    expect((await t.get('test/guarded')).message).toBe('open');
  });

  it('an operator switches a product off and on without a restart, audited with before and after', async () => {
    const off = await t.post('admin/products', { options: '0' }, { token: operator });
    expect(off.message).toEqual({ contracts: true, options: false, wealth: true, subscription: true });
    expect((await t.get('products')).message).toEqual({ contracts: true, options: false, wealth: true, subscription: true });

    const refused = await t.get('test/guarded', { lang: 'zh' });
    expect(refused).toMatchObject({ status: 403, type: 'error', error: 'product_disabled', message: '该服务暂不可用' });

    // Fields left out keep their value.
    expect((await t.post('admin/products', { contracts: 'false' }, { token: operator })).message).toEqual({
      contracts: false,
      options: false,
      wealth: true,
      subscription: true,
    });
    expect((await t.post('admin/products', { contracts: '1', options: 'true' }, { token: operator })).message).toEqual({
      contracts: true,
      options: true,
      wealth: true,
      subscription: true,
    });
    expect((await t.get('test/guarded')).message).toBe('open');

    const log = await t.get('admin/audit?action=products.set', { token: operator });
    expect(log.message.list[0]).toMatchObject({
      action: 'products.set',
      before: { contracts: false, options: false },
      after: { contracts: true, options: true },
    });
  });

  it('refuses bad values and non-operators, changing nothing', async () => {
    const bad = await t.post('admin/products', { options: 'maybe' }, { token: operator });
    expect(bad.error).toBe('field_invalid');
    const user = await registerEmailUser(t);
    expect((await t.post('admin/products', { options: '0' }, { token: user.token })).type).toBe('999');
    expect((await t.post('admin/products', { options: '0' })).type).toBe('999');
    expect((await t.get('products')).message).toEqual({ contracts: true, options: true, wealth: true, subscription: true });
  });
});
