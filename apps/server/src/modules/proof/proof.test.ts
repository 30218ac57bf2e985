import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BTC, fund, USDT } from '../../../test/money.js';
import { adminToken, createTestApp, registerEmailUser, type TestApp } from '../../../test/test-app.js';
import { verifyLedger } from '../../ledger/verify.js';
import { verifyPath } from './merkle.js';
import { buildSnapshot } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await verifyLedger(t.database.db)).toEqual([]);
  await t.close();
});

describe('proof of liabilities', () => {
  it('answers proof_not_available before the first snapshot', async () => {
    expect(await t.get('proof/root')).toMatchObject({ status: 404, error: 'proof_not_available' });
  });

  it('publishes per-coin roots whose totals are every customer balance, and each user sees only their leaf', async () => {
    const a = await registerEmailUser(t);
    const b = await registerEmailUser(t);
    const empty = await registerEmailUser(t);
    await fund(t, a.user.id, USDT, '1500.25');
    await fund(t, a.user.id, USDT, '10', 'trust');
    await fund(t, b.user.id, USDT, '99.000001');
    await fund(t, b.user.id, BTC, '0.5');

    const run = await t.post('admin/proof/run', {}, { token: await adminToken(t) });
    expect(run.type, JSON.stringify(run)).toBe('ok');
    expect(run.message.created).toBe(true);
    const usdt = run.message.roots.find((r: { currency_id: number }) => r.currency_id === USDT);
    // The seeded market maker is the house's, not a liability: only the two customers are counted.
    expect(usdt).toMatchObject({ total: '1609.250001', total_units: '1609250001', leaf_count: 2 });
    expect(run.message.roots.find((r: { currency_id: number }) => r.currency_id === BTC)).toMatchObject({
      total: '0.5',
      leaf_count: 1,
    });

    // Public, no token.
    const published = await t.get('proof/root');
    expect(published.message).toMatchObject({ day: new Date().toISOString().slice(0, 10), user_count: 2 });
    expect((await t.get('proof/days')).message[0].day).toBe(published.message.day);

    const mine = await t.get('proof/my', { token: a.token });
    expect(mine.message.leaves).toHaveLength(1);
    const leaf = mine.message.leaves[0];
    expect(leaf).toMatchObject({ currency_id: USDT, user_id: a.user.id, balance: '1510.25', units: '1510250000' });
    const root = { hash: usdt.root, sum: usdt.total_units };
    expect(verifyPath({ userId: leaf.user_id, nonce: leaf.nonce, currencyId: USDT, units: leaf.units }, leaf.path, root)).toBe(
      true,
    );
    // Scoping: b's reply holds b's leaves only, and the empty account has none.
    const theirs = await t.get('proof/my', { token: b.token });
    expect(theirs.message.leaves.map((l: { user_id: number }) => l.user_id)).toEqual([b.user.id, b.user.id]);
    expect(JSON.stringify(theirs.message)).not.toContain(leaf.nonce);
    expect((await t.get('proof/my', { token: empty.token })).message.leaves).toEqual([]);
    expect((await t.get('proof/my')).type).toBe('999');
    // There is no way to name someone else's leaf: extra parameters are ignored.
    const sneaky = await t.get(`proof/my?user_id=${b.user.id}`, { token: a.token });
    expect(sneaky.message.leaves.map((l: { user_id: number }) => l.user_id)).toEqual([a.user.id]);

    // A tampered path fails against the published root.
    const tampered = leaf.path.length ? [{ ...leaf.path[0], sum: '0' }, ...leaf.path.slice(1)] : [];
    if (tampered.length) {
      expect(verifyPath({ userId: a.user.id, nonce: leaf.nonce, currencyId: USDT, units: leaf.units }, tampered, root)).toBe(
        false,
      );
    }
    expect(verifyPath({ userId: a.user.id, nonce: leaf.nonce, currencyId: USDT, units: '1' }, leaf.path, root)).toBe(false);
  });

  it('is idempotent per day: a second run returns the same snapshot, and a new day makes a new one', async () => {
    const first = await t.post('admin/proof/run', {}, { token: await adminToken(t) });
    expect(first.message.created).toBe(false);
    const twice = await Promise.all([buildSnapshot(t.database.db), buildSnapshot(t.database.db)]);
    expect(twice.every((r) => !r.created)).toBe(true);
    const tomorrow = await buildSnapshot(t.database.db, Date.now() + 86_400_000);
    expect(tomorrow.created).toBe(true);
    expect((await t.get(`proof/root?day=${tomorrow.snapshot.day}`)).message.day).toBe(tomorrow.snapshot.day);
    expect((await t.get('proof/root?day=yesterday')).error).toBe('field_invalid');
    expect((await t.get('proof/root?day=1999-01-01')).error).toBe('proof_not_available');
    const audit = await t.get('admin/audit?action=proof.run', { token: await adminToken(t) });
    expect(audit.message.total).toBe(2);
  });
});
