import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export type LedgerFault = { check: string; detail: Record<string, unknown> };
export type LedgerVerdict = { sound: boolean; faults: LedgerFault[] };

/**
 * A mutation, not a query: the check scans the whole ledger, so it runs when the operator asks,
 * never on mount or on a background refetch.
 */
export const useLedgerVerify = () => useMutation({ mutationFn: () => apiGet<LedgerVerdict>('/admin/ledger/verify') });
