/** The four accounts of every user, per currency (spec section 3), in the order the assets page shows them. */
export const ACCOUNT_KINDS = ['coin', 'option', 'contract', 'trust'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const isAccountKind = (v: unknown): v is AccountKind =>
  typeof v === 'string' && (ACCOUNT_KINDS as readonly string[]).includes(v);

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
