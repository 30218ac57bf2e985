import { useQuery } from '@tanstack/react-query';
import { selectLoggedIn, useAuthStore } from '../../lib/auth-store';
import { useProducts } from '../../lib/products';
import { holdsContractsQuery } from './api/contracts-api';

/**
 * How this user may reach contracts. Switching the product off stops opening only (the server still
 * lets holders see, protect and close what they hold), so a user who holds anything keeps the contract
 * tab, in a closing-only mode:
 * - `open`: contracts are on;
 * - `holder`: switched off, but the user holds a position or a pending limit entry (or the holdings
 *   could not be read: the page is kept rather than risk hiding someone's positions; the server decides);
 * - `off`: switched off and nothing held (or not signed in);
 * - `checking`: switched off, the user's holdings are being read.
 */
export type ContractsAccess = 'open' | 'holder' | 'off' | 'checking';

/** The decision, from the switch, the session and what the holdings read said (undefined: not yet). */
export function contractsAccess(on: boolean, loggedIn: boolean, holds: { data?: boolean; failed: boolean }): ContractsAccess {
  if (on) return 'open';
  if (!loggedIn) return 'off';
  if (holds.failed) return 'holder';
  if (holds.data === undefined) return 'checking';
  return holds.data ? 'holder' : 'off';
}

export function useContractsAccess(): ContractsAccess {
  const products = useProducts();
  const loggedIn = useAuthStore(selectLoggedIn);
  // The switches as the entries follow them (the remembered reply until this start's arrives); the
  // holdings are read only while contracts are off.
  const holds = useQuery({ ...holdsContractsQuery(), enabled: !products.contracts && loggedIn });
  return contractsAccess(products.contracts, loggedIn, { data: holds.data, failed: holds.isError });
}
