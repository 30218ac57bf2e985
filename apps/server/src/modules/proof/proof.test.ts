import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { BTC, balance, fund, readyUser, USDT } from '../../../test/money.js';
import { BTC_USDT_ID, type Clock, startOptions, tick } from '../../../test/options.js';
import { adminToken, registerEmailUser } from '../../../test/test-app.js';
import { subscriptionOrders, subscriptionProjects } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';
import { D } from '../../lib/money.js';
import { verifyPath } from './merkle.js';
import { buildSnapshot } from './service.js';

const t = appForFile({ checkLedger: true });

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

  it('is built once a day on schedule, rebuilt on demand by a super operator (audited), the newest published', async () => {
    const token = await adminToken(t);
    // The schedule and the catch-up at start keep the day's snapshot: two at once make none.
    const scheduled = await Promise.all([buildSnapshot(t.database.db), buildSnapshot(t.database.db)]);
    expect(scheduled.every((r) => !r.created)).toBe(true);
    const before = (await t.get('proof/root')).message;

    // Money moves after the snapshot; a super's rebuild publishes the new liabilities.
    const late = await registerEmailUser(t);
    await fund(t, late.user.id, USDT, '5');
    const rebuilt = await t.post('admin/proof/run', {}, { token });
    expect(rebuilt.message.created).toBe(true);
    const usdt = (roots: { currency_id: number; total: string }[]) => roots.find((r) => r.currency_id === USDT)!.total;
    expect(usdt(rebuilt.message.roots)).toBe(new D(usdt(before.roots)).plus(5).toString());
    const published = (await t.get('proof/root')).message;
    expect(published).toMatchObject({ day: before.day, user_count: before.user_count + 1 });
    expect((await t.get('proof/my', { token: late.token })).message.leaves[0]).toMatchObject({ balance: '5' });
    expect((await t.get('proof/days')).message.filter((d: { day: string }) => d.day === before.day)).toHaveLength(1);

    // Every run by an operator is in the audit log, with the snapshot it replaced.
    const audited = await t.get('admin/audit?action=proof.run', { token });
    expect(audited.message.list[0]).toMatchObject({
      action: 'proof.run',
      target: `proof:${before.day}`,
      before: { users: before.user_count },
      after: { day: before.day, users: before.user_count + 1 },
    });
    // Other operator roles cannot rebuild.
    expect((await t.post('admin/proof/run', {})).type).toBe('999');

    // The next day's scheduled run makes that day's snapshot.
    const tomorrow = await buildSnapshot(t.database.db, Date.now() + 86_400_000);
    expect(tomorrow.created).toBe(true);
    expect((await t.get(`proof/root?day=${tomorrow.snapshot.day}`)).message.day).toBe(tomorrow.snapshot.day);
    expect((await t.get('proof/root?day=yesterday')).error).toBe('field_invalid');
    expect((await t.get('proof/root?day=1999-01-01')).error).toBe('proof_not_available');
  });
});

describe('every liability in the leaf, once', () => {
  const clock: Clock = { now: 1_900_000_000_000 };

  it('counts an open option stake: 10,000 USDT with 200 in open options gives a leaf of 10,000', async () => {
    await startOptions(t, clock);
    const u = await readyUser(t);
    await fund(t, u.id, USDT, '10000', 'option');
    clock.now = (Math.floor(clock.now / 10_000) + 1) * 10_000;
    tick(t, BTC_USDT_ID, '60000.00', clock.now);
    const bought = await t.post(
      'microtrade/submit',
      { match_id: String(BTC_USDT_ID), currency_id: String(USDT), type: '1', seconds: '60', number: '200' },
      { token: u.token },
    );
    expect(bought.type, JSON.stringify(bought)).toBe('ok');
    expect(await balance(t, u.id, USDT, 'option')).toEqual({ available: '9800', frozen: '0' });

    // (The test before published tomorrow's snapshot: today's is asked for by day.)
    const run = await t.post('admin/proof/run', {}, { token: await adminToken(t) });
    const leaf = (await t.get(`proof/my?day=${run.message.day}`, { token: u.token })).message.leaves.find(
      (l: { currency_id: number }) => l.currency_id === USDT,
    );
    expect(leaf).toMatchObject({ balance: '10000', units: '10000000000' });
  });

  it('counts frozen money (contract margin, wealth principal, subscription freeze) once, and an allocated subscription until launch', async () => {
    const u = await registerEmailUser(t);
    const id = u.user.id;
    await fund(t, id, USDT, '100');
    await fund(t, id, USDT, '50', 'contract');
    await fund(t, id, USDT, '40', 'trust');
    // Margin, principal and a subscription freeze are moves from available to frozen within an account.
    const freeze = (kind: 'coin' | 'contract' | 'trust', amount: string) =>
      t.database.db.transaction((tx) =>
        postEntry(tx, { reason: 'test_freeze', refType: 'test' }, [
          { account: { userId: id, kind, currencyId: USDT }, bucket: 'available', amount: `-${amount}` },
          { account: { userId: id, kind, currencyId: USDT }, bucket: 'frozen', amount },
        ]),
      );
    await freeze('coin', '30');
    await freeze('contract', '20');
    await freeze('trust', '25');
    // An allocated subscription whose coin is not launched yet: its cost went to the house.
    const [project] = await t.database.db
      .insert(subscriptionProjects)
      .values(testProject(USDT))
      .returning({ id: subscriptionProjects.id });
    await t.database.db.insert(subscriptionOrders).values({
      projectId: project!.id,
      userId: id,
      amount: '12',
      status: 'allocated',
      quantity: '3',
      cost: '12',
      refund: '0',
    });
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'test_paid', refType: 'test' }, [
        { account: { userId: id, kind: 'coin', currencyId: USDT }, bucket: 'available', amount: '-12' },
        { account: { system: 'house', currencyId: USDT }, bucket: 'available', amount: '12' },
      ]),
    );

    // (The test before published tomorrow's snapshot: today's is asked for by day.)
    const run = await t.post('admin/proof/run', {}, { token: await adminToken(t) });
    const leaf = (await t.get(`proof/my?day=${run.message.day}`, { token: u.token })).message.leaves.find(
      (l: { currency_id: number }) => l.currency_id === USDT,
    );
    // 100 + 50 + 40 funded, frozen or not; the 12 paid is still owed until launch.
    expect(leaf).toMatchObject({ balance: '190' });
    // The freezes stood for holdings this test never made: released, so the ledger check's
    // "what is held matches what holds it" stays true after the file.
    for (const [kind, amount] of [
      ['coin', '30'],
      ['contract', '20'],
      ['trust', '25'],
    ] as const)
      await t.database.db.transaction((tx) =>
        postEntry(tx, { reason: 'test_release', refType: 'test' }, [
          { account: { userId: id, kind, currencyId: USDT }, bucket: 'frozen', amount: `-${amount}` },
          { account: { userId: id, kind, currencyId: USDT }, bucket: 'available', amount },
        ]),
      );
  });
});

/** A subscription project that has ended and been allocated, its coin not launched yet. */
const testProject = (payCurrencyId: number) => {
  const day = 86_400_000;
  return {
    code: `PRF${Date.now().toString(36).toUpperCase()}`,
    name: 'Proof test coin',
    decimals: 8,
    subscribeCurrencyId: payCurrencyId,
    issuePrice: '4',
    totalSupply: '1000',
    minAmount: '1',
    maxAmount: '1000',
    startAt: new Date(Date.now() - 3 * day),
    endAt: new Date(Date.now() - day),
    launchAt: new Date(Date.now() + day),
    lockDays: 0,
    status: 'allocated' as const,
    allocatedAt: new Date(),
  };
};
