import type { adminMoneyApi } from '@app/shared';
import { useOnDemandCheck } from '../../../lib/on-demand-check';

export type LedgerFault = adminMoneyApi.LedgerFault;
export type LedgerVerdict = adminMoneyApi.LedgerVerifyReply;

/** The ledger check: it scans the whole ledger, so it runs when the operator asks. */
export const useLedgerVerify = () => useOnDemandCheck<LedgerVerdict>('/admin/ledger/verify');
