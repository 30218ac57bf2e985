import type { Db } from '../../db/client.js';
import { ACCOUNT_KINDS, type AccountKind } from '../../ledger/accounts.js';
import { postEntry, userBalances } from '../../ledger/ledger.js';
import { AppError } from '../../lib/app-error.js';
import { allCurrencies } from '../../lib/currencies.js';
import { D, type Dec, str } from '../../lib/money.js';
import { type LivePrices, usdtPrices } from '../../lib/valuation.js';
import { insertTransfer } from './repo.js';

export type BalanceView = {
  currency_id: number;
  currency_name: string;
  icon: string;
  decimals: number;
  available: string;
  frozen: string;
  total: string;
  usdt_value: string;
  /** admin-config: false while deposits and withdrawals of the coin are off (the balance stays shown). */
  enabled: boolean;
};

/** USDT values are shown to cents and never overstated. */
const usdt = (value: Dec) => value.toDecimalPlaces(2, D.ROUND_DOWN).toFixed(2);

/** Every base coin in every account, zero or not, valued in USDT at the market's index prices (`live`). */
export async function walletList(db: Db, userId: number, live?: LivePrices) {
  const [coins, balances, { prices, demo }] = await Promise.all([
    allCurrencies(db),
    userBalances(db, userId),
    usdtPrices(db, live),
  ]);
  const held = new Map(balances.map((b) => [`${b.kind}:${b.currencyId}`, b]));
  let grand = new D(0);
  const accounts = ACCOUNT_KINDS.map((account) => {
    let sum = new D(0);
    const rows: BalanceView[] = coins.map((coin) => {
      const b = held.get(`${account}:${coin.id}`);
      const available = new D(b?.available ?? 0);
      const frozen = new D(b?.frozen ?? 0);
      const total = available.plus(frozen);
      const value = total.times(prices.get(coin.id) ?? 0);
      sum = sum.plus(value);
      return {
        currency_id: coin.id,
        currency_name: coin.name,
        icon: coin.icon,
        decimals: coin.decimals,
        available: str(available),
        frozen: str(frozen),
        total: str(total),
        usdt_value: usdt(value),
        enabled: coin.enabled,
      };
    });
    grand = grand.plus(sum);
    return { account, total_usdt: usdt(sum), balances: rows };
  });
  return { total_usdt: usdt(grand), demo_prices: demo, accounts };
}

export async function walletDetail(db: Db, userId: number, currencyId: number, account: AccountKind, live?: LivePrices) {
  const list = await walletList(db, userId, live);
  const row = list.accounts.find((a) => a.account === account)?.balances.find((b) => b.currency_id === currencyId);
  if (!row) throw new AppError('currency_unknown', { fields: { currency: 'currency_unknown' } });
  return { ...row, account, demo_prices: list.demo_prices };
}

/**
 * Moves available balance between two of a user's own accounts: the transfer record and its ledger
 * entry commit together or not at all. Frozen funds (pending withdrawals, margin in use) never move.
 */
export async function transfer(
  db: Db,
  userId: number,
  currencyId: number,
  from: AccountKind,
  to: AccountKind,
  amount: Dec,
): Promise<number> {
  if (from === to) throw new AppError('same_account', { fields: { to_field: 'same_account' } });
  return db.transaction(async (tx) => {
    const id = await insertTransfer(tx, { userId, currencyId, fromAccount: from, toAccount: to, amount: str(amount) });
    await postEntry(tx, { reason: 'transfer', refType: 'transfer', refId: id }, [
      { account: { userId, kind: from, currencyId }, bucket: 'available', amount: amount.negated() },
      { account: { userId, kind: to, currencyId }, bucket: 'available', amount },
    ]);
    return id;
  });
}
