import { useQuery } from '@tanstack/react-query';
import { selectLoggedIn, useAuthStore } from '../../lib/auth-store';
import { useProducts } from '../../lib/products';
import { holdsContractsQuery } from './api/lever-api';

/**
 * How this user may reach contracts. Switching the product off stops opening only (the server still
 * lets holders see, protect and close what they hold), so a user who holds anything keeps the contract
 * tab, in a closing-only mode:
 * - `open`: contracts are on;
 * - `holder`: switched off, but the user holds a position or a pending entry;
 * - `off`: switched off and nothing held (or not signed in);
 * - `checking`: switched off, the user's holdings are being read.
 */
export type ContractsAccess = 'open' | 'holder' | 'off' | 'checking';

export function useContractsAccess(): ContractsAccess {
  const products = useProducts();
  const loggedIn = useAuthStore(selectLoggedIn);
  // The switches as the entries follow them (the remembered reply until this start's arrives).
  const off = !products.contracts;
  const holds = useQuery({ ...holdsContractsQuery(), enabled: off && loggedIn });
  if (!off) return 'open';
  if (!loggedIn || holds.isError) return 'off';
  if (holds.data === undefined) return 'checking';
  return holds.data ? 'holder' : 'off';
}
