import { eq } from 'drizzle-orm';
import { ledgerAccounts } from '../src/db/schema.js';
import { str } from '../src/lib/money.js';
import { fund } from './money.js';
import { type Envelope, nextIp, registerEmailUser, type TestApp } from './test-app.js';

/** Test helpers for spot trading: funded traders, order placement and cancel. */

export const BTC_USDT = { legal_id: '3', currency_id: '1' };
export const ETH_USDT = { legal_id: '3', currency_id: '2' };
export const TRX_USDT = { legal_id: '3', currency_id: '34' };

/** A registered user with these coin-account balances ({currencyId: amount}). */
export async function trader(t: TestApp, balances: Record<number, string> = {}) {
  const reg = await registerEmailUser(t);
  const id = reg.user.id as number;
  for (const [currencyId, amount] of Object.entries(balances)) await fund(t, id, Number(currencyId), amount);
  return { ...reg, id };
}

export type OrderInput = Partial<
  Record<'type' | 'order_type' | 'target_price' | 'amount' | 'total' | 'legal_id' | 'currency_id', string>
>;

export function placeOrder(t: TestApp, token: string, order: OrderInput, opts: { lang?: string } = {}): Promise<Envelope> {
  return t.post('coin/trade', { ...BTC_USDT, ...order } as Record<string, string>, { token, ...opts });
}

/** PUT coin/trade (cancel). */
export async function cancelOrder(t: TestApp, token: string | undefined, id: string | number, opts: { lang?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (token) headers.authorization = token;
  if (opts.lang) headers.lang = opts.lang;
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/coin/trade',
    headers,
    payload: new URLSearchParams({ id: String(id) }).toString(),
    remoteAddress: nextIp(),
  });
  return { status: res.statusCode, ...res.json<Record<string, unknown>>() } as Envelope;
}

export async function depth(t: TestApp, symbol = 'BTC/USDT', limit = 10) {
  return (await t.get(`market/depth?symbol=${encodeURIComponent(symbol)}&limit=${limit}`)).message as {
    bids: [string, string][];
    asks: [string, string][];
  };
}

/** available/frozen of a user's coin account as exact decimal strings ("0" when none). */
export async function coinBalance(t: TestApp, userId: number, currencyId: number) {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, userId));
  const row = rows.find((r) => r.kind === 'coin' && r.currencyId === currencyId);
  return { available: str(row?.available ?? '0'), frozen: str(row?.frozen ?? '0') };
}

/** The platform's fees account balance in a coin. */
export async function feesBalance(t: TestApp, currencyId: number) {
  const rows = await t.database.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.systemCode, 'fees'));
  return str(rows.find((r) => r.currencyId === currencyId)?.available ?? '0');
}
