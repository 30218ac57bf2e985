import { adjustBalance, adminSignIn, apiOk, registerUser, type User } from '../../e2e/src/server-process.js';

/**
 * Users for the scale tests, made the way the browser tests make them: registered through the API (the
 * code read from the development outbox) and funded by the operator's console adjustment, which a
 * second operator approves (four eyes on money moves). All the
 * nodes share the database, so the operator signs in once and its token works on every node.
 */

export const BTC_USDT = { symbol: 'BTC/USDT', legal_id: 3, currency_id: 1 } as const;
/** BTC/USDT's pair id (the seed's first pair): what engine placement hashes. */
export const BTC_USDT_PAIR_ID = 1;
const USDT = 3;
const BTC = 1;

export type Trader = User;

/** The seeded operator's console token (sign in once per cluster: each TOTP step is used only once). */
export const operatorToken = (baseUrl: string) => adminSignIn(baseUrl);

/** `count` users, each with `usdt` USDT and `btc` BTC in the coin account. */
export async function traders(
  baseUrl: string,
  admin: string,
  count: number,
  { usdt = '1000000', btc = '20', name = 'scale' }: { usdt?: string; btc?: string; name?: string } = {},
): Promise<Trader[]> {
  const users: Trader[] = [];
  for (let i = 0; i < count; i++) {
    const user = await registerUser(baseUrl, admin, `${name}${i}`, 'scale-pass-1');
    for (const [currency_id, amount] of [
      [USDT, usdt],
      [BTC, btc],
    ] as const) {
      await adjustBalance(baseUrl, admin, user.id, { currency_id, account: 'coin', amount, reason: 'scale test funds' });
    }
    users.push(user);
  }
  return users;
}

/** A limit order on BTC/USDT through `baseUrl`; the reply's order (throws on a refusal). */
export const placeLimit = (baseUrl: string, user: Trader, side: 'buy' | 'sell', price: string, amount: string) =>
  apiOk(
    baseUrl,
    'POST',
    'coin/trade',
    { ...BTC_USDT, order_type: 'limit', type: side === 'buy' ? 1 : 2, target_price: price, amount },
    { token: user.token },
  );
