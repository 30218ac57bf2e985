import { beforeAll, describe, expect, it } from 'vitest';
import { heldLong } from '../../../test/contracts.js';
import { appForFile } from '../../../test/file-app.js';
import { SEEDED_PAIRS } from '../../../test/market.js';
import { BTC, fund, PAY_PASSWORD, readyUser, USDT } from '../../../test/money.js';
import { placeOrder, trader } from '../../../test/spot.js';
import { adminToken, operatorSignIn, registerEmailUser } from '../../../test/test-app.js';
import { contractPositions, deposits, optionOrders, withdrawAddresses } from '../../db/schema.js';
import { postEntry } from '../../ledger/ledger.js';

const t = appForFile({ checkLedger: true });
let operator: string;
beforeAll(async () => {
  operator = await adminToken(t);
});

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('GET admin/dashboard', () => {
  it('on the seeded template: no customers, no queues, the market maker and its funding', async () => {
    const d = (await t.get('admin/dashboard', { token: operator })).message;
    expect(d.users).toEqual({ total: 0, today: 0 });
    expect(d.identity_queue).toBe(0);
    expect(d.pending_deposits).toEqual({ count: 0, usdt: '0', by_coin: [] });
    expect(d.spot_volume_24h.map((v: { symbol: string; trades: number }) => [v.symbol, v.trades])).toEqual(
      SEEDED_PAIRS.map((symbol) => [symbol, 0]),
    );
    // The market maker's seeded USDT came from the house account: the two sum to zero.
    const usdt = d.house.filter((h: { currency_id: number }) => h.currency_id === USDT);
    expect(usdt).toEqual([
      expect.objectContaining({ owner: 'house', available: '-10000000' }),
      expect.objectContaining({ owner: 'market_maker', available: '10000000', usdt: '10000000' }),
    ]);
  });

  it('counts users, the verification queue, pending money, 24h volume and open interest exactly', async () => {
    // Three customers registered today (the trade's two and one more), one of them waiting for review.
    const seller = await trader(t, { [BTC]: '2' });
    const buyer = await trader(t, { [USDT]: '100000' });
    const applicant = await registerEmailUser(t);
    expect(
      (
        await t.post(
          'user/real_name',
          { country: 'de', name: 'Erika Mustermann', card_id: 'T22000129' },
          { token: applicant.token },
        )
      ).type,
    ).toBe('ok');

    // One spot trade: 0.5 BTC at 60 000 → 30 000 USDT.
    expect((await placeOrder(t, seller.token, { type: '2', target_price: '60000', amount: '0.5' })).type).toBe('ok');
    expect((await placeOrder(t, buyer.token, { type: '1', target_price: '60000', amount: '0.5' })).type).toBe('ok');

    // Pending money: a BTC deposit of 0.25 (its USDT value at the fallback price) and a USDT withdrawal of 10.
    await t.database.db
      .insert(deposits)
      .values({ userId: seller.id, currencyId: BTC, method: 'chain', chain: 'BTC', amount: '0.25' });
    const w = await readyUser(t);
    await fund(t, w.id, USDT, '100');
    const [addr] = await t.database.db
      .insert(withdrawAddresses)
      .values({ userId: w.id, currencyId: USDT, chain: 'TRC20', address: TRON })
      .returning();
    const out = await t.post(
      'wallet/out',
      { currency: String(USDT), number: '10', address_id: String(addr!.id), pay_password: PAY_PASSWORD },
      { token: w.token },
    );
    expect(out.type, JSON.stringify(out)).toBe('ok');

    // Open interest: a holding long of 3 lots × 0.01 BTC at 60 000 (notional 1 800) and one open option of 50 USDT at 85 %.
    await t.database.db
      .insert(contractPositions)
      .values(heldLong(buyer.id, { lots: 3, openFeeRate: '0.001', closeFeeRate: '0.001', margin: '180', openFee: '1.8' }));
    // Their money on the ledger as the contract and option modules hold it: the margin frozen in the
    // contract account, the stake paid to the house (the ledger check ties both to these rows).
    await fund(t, buyer.id, USDT, '180', 'contract');
    await fund(t, buyer.id, USDT, '50', 'option');
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'contract_open', refType: 'contract', refId: 1 }, [
        { account: { userId: buyer.id, kind: 'contract', currencyId: USDT }, bucket: 'available', amount: '-180' },
        { account: { userId: buyer.id, kind: 'contract', currencyId: USDT }, bucket: 'frozen', amount: '180' },
      ]),
    );
    const [option] = await t.database.db
      .insert(optionOrders)
      .values({
        userId: buyer.id,
        pairId: 2,
        currencyId: USDT,
        direction: 1,
        seconds: 60,
        profitRatio: '0.85',
        lossRatio: '1',
        stake: '50',
        openPrice: '3000',
        openPriceTime: 1,
        openedAt: 1,
        deliverySecond: 61,
      })
      .returning({ id: optionOrders.id });
    await t.database.db.transaction((tx) =>
      postEntry(tx, { reason: 'option_stake', refType: 'option_order', refId: option!.id }, [
        { account: { userId: buyer.id, kind: 'option', currencyId: USDT }, bucket: 'available', amount: '-50' },
        { account: { system: 'house', currencyId: USDT }, bucket: 'available', amount: '50' },
      ]),
    );

    const reply = await t.get('admin/dashboard', { token: operator });
    const d = reply.message;
    expect(d.users).toEqual({ total: 4, today: 4 });
    expect(d.identity_queue).toBe(1);
    // No feed runs in API tests: BTC is valued at its seeded fallback price, 60 000 (and flagged as demo).
    expect(d.demo_prices).toBe(true);
    expect(d.pending_deposits).toEqual({
      count: 1,
      usdt: '15000',
      by_coin: [{ currency_id: BTC, currency_name: 'BTC', count: 1, amount: '0.25', usdt: '15000' }],
    });
    expect(d.pending_withdrawals).toEqual({
      count: 1,
      usdt: '10',
      by_coin: [{ currency_id: USDT, currency_name: 'USDT', count: 1, amount: '10', usdt: '10' }],
    });
    expect(d.spot_volume_24h[0]).toEqual({
      pair_id: 1,
      symbol: 'BTC/USDT',
      trades: 1,
      base_volume: '0.5',
      quote_volume: '30000',
      usdt: '30000',
    });
    expect(d.spot_volume_24h[1].trades).toBe(0);
    expect(d.contracts_open).toEqual([
      { pair_id: 1, symbol: 'BTC/USDT', side: 'long', positions: 1, lots: 3, notional: '1800', margin: '180' },
    ]);
    expect(d.options_open).toEqual([
      { pair_id: 2, symbol: 'ETH/USDT', currency_id: USDT, currency_name: 'USDT', orders: 1, stake: '50', max_payout: '42.5' },
    ]);
  });

  it('is for super and finance only; others are refused, users get 999', async () => {
    const support = await t.post(
      'admin/operators',
      { email: 'dash-support@example.test', password: 'operator-password-1', role: 'support' },
      { token: operator },
    );
    expect(support.type).toBe('ok');
    const { token } = await operatorSignIn(t, 'dash-support@example.test', 'operator-password-1');
    expect((await t.get('admin/dashboard', { token })).error).toBe('forbidden');
    const u = await registerEmailUser(t);
    expect((await t.get('admin/dashboard', { token: u.token })).type).toBe('999');
    expect((await t.get('admin/dashboard')).type).toBe('999');
  });
});
