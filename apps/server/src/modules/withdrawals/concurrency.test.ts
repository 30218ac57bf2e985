import { describe, expect, it } from 'vitest';
import { appForFile } from '../../../test/file-app.js';
import { balance, fund, PAY_PASSWORD, readyUser, USDT } from '../../../test/money.js';
import { createTestApp } from '../../../test/test-app.js';
import { withdrawAddresses } from '../../db/schema.js';
import { verifyLedger } from '../../ledger/verify.js';

// The daily limit is raised so that only the balance can stop the requests.
const t = appForFile({ open: () => createTestApp({ withdrawDailyLimit: 1000 }), checkLedger: true });

describe('wallet/out under concurrency', () => {
  it('lets exactly one of 200 simultaneous withdrawals through when only one is affordable', async () => {
    const u = await readyUser(t);
    // 10 USDT + the 1 USDT fee: exactly one withdrawal of 10.
    await fund(t, u.id, USDT, '11');
    const [row] = await t.database.db
      .insert(withdrawAddresses)
      .values({ userId: u.id, currencyId: USDT, chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' })
      .returning({ id: withdrawAddresses.id });
    const body = { currency: String(USDT), number: '10', address_id: String(row!.id), pay_password: PAY_PASSWORD };

    const replies = await Promise.all(Array.from({ length: 200 }, () => t.post('wallet/out', body, { token: u.token })));

    const succeeded = replies.filter((r) => r.type === 'ok');
    expect(succeeded).toHaveLength(1);
    const others = new Set(replies.filter((r) => r.type !== 'ok').map((r) => r.error));
    expect([...others].every((code) => code === 'insufficient_balance' || code === 'withdraw_limit_reached')).toBe(true);
    expect(await balance(t, u.id, USDT)).toEqual({ available: '0', frozen: '11' });
    const log = await t.get('charge_mention/log3', { token: u.token });
    expect(log.message.total).toBe(1);
    expect(await verifyLedger(t.database.db)).toEqual([]);
    // 200 argon2 checks of the fund password take a few seconds on a small machine.
  }, 90_000);
});
