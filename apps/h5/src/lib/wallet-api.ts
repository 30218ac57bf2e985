import { type depositsApi, type Paged, walletApi } from '@app/shared';
import { apiQuery } from './api-query';

/**
 * Wallet types and the balance query several money features read (assets, transfer, deposit and
 * withdrawal coin lists). Features may not import each other, so these live below them.
 */
export const { ACCOUNT_KINDS, isAccountKind } = walletApi;
export type AccountKind = walletApi.AccountKind;
/** One coin in one account; amounts are decimal strings. */
export type CoinBalance = walletApi.CoinBalance;
export type AccountBalances = walletApi.AccountBalances;
/** `demo_prices`: valued at operator-set fallback prices, not a market feed (the UI says so). */
export type WalletList = walletApi.ListReply;
export type { Paged };

export const PAGE_SIZE = 20;

/** The page after `last`, or undefined when every row has been loaded. */
export function nextPage(last: Paged<unknown>): number | undefined {
  return last.page * last.limit < last.total ? last.page + 1 : undefined;
}

/**
 * Query keys shared across money features. Everything that moves money invalidates `wallet`; review
 * outcomes show up in `records` (deposit and withdrawal logs).
 */
export const walletKeys = {
  all: ['wallet'] as const,
  list: ['wallet', 'list'] as const,
  records: ['charge_mention'] as const,
};

// Balances change elsewhere (reviews in the console, other devices): every visit asks again,
// showing the last known figures meanwhile.
export const walletListQuery = () => apiQuery<WalletList>(walletKeys.list, 'post', 'wallet/list', { staleTime: 0 });

/** The coin account's rows: the list of coins a deposit, withdrawal or address can be for. */
export function coinAccount(list: WalletList | undefined): CoinBalance[] {
  return list?.accounts.find((a) => a.account === 'coin')?.balances ?? [];
}

/** The coins a user may deposit or withdraw now (a switched-off coin keeps its balance, not its choice). */
export function movableCoins(list: WalletList | undefined): CoinBalance[] {
  return coinAccount(list).filter((c) => c.enabled !== false);
}

export function balanceOf(list: WalletList | undefined, account: AccountKind, currencyId: number): CoinBalance | undefined {
  return list?.accounts.find((a) => a.account === account)?.balances.find((b) => b.currency_id === currencyId);
}

/** A currency id from a query string, or undefined. */
export function currencyParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/**
 * Whether the operator has set bank details, i.e. bank deposits are offered (public: home decides
 * before sign-in whether to show the bank deposit entry).
 */
export const bankDepositAvailableQuery = () =>
  apiQuery<depositsApi.BankAvailableReply>(['wallet', 'bank_deposit'] as const, 'get', 'wallet/bank_deposit', {
    staleTime: 60_000,
  });
