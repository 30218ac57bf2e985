import type { adminMoneyApi } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

export type LedgerFault = adminMoneyApi.LedgerFault;
export type LedgerVerdict = adminMoneyApi.LedgerVerifyReply;

/**
 * A mutation, not a query: the check scans the whole ledger, so it runs when the operator asks,
 * never on mount or on a background refetch.
 */
export const useLedgerVerify = () => useMutation({ mutationFn: () => apiGet<LedgerVerdict>('/admin/ledger/verify') });
