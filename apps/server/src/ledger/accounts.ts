// The four accounts of every user, per currency (spec section 3), in the order the assets page shows
// them: part of the API's contract.
import { walletApi } from '@app/shared';

export const ACCOUNT_KINDS = walletApi.ACCOUNT_KINDS;
export type AccountKind = walletApi.AccountKind;
export const isAccountKind = walletApi.isAccountKind;

export type Bucket = 'available' | 'frozen';

/**
 * An account a posting touches: a user's, or one of the platform's. Platform accounts stand for the
 * world outside the ledger (coins that arrived or left on chain), fees earned, and manual adjustments;
 * they may go negative, which is what lets every entry sum to zero.
 */
export type AccountRef =
  | { userId: number; kind: AccountKind; currencyId: number }
  | { system: SystemAccount; currencyId: number };

export type SystemAccount = 'external' | 'fees' | 'adjustments' | 'house' | 'spot_clearing';

/** The kind the ledger stores on every platform account's row. */
export const SYSTEM_KIND = 'system';

/** One account's identity as a string: the key the ledger sorts and looks accounts up by. */
export const accountKey = (a: AccountRef) =>
  'system' in a ? `s:${a.system}:${a.currencyId}` : `u:${a.userId}:${a.kind}:${a.currencyId}`;
