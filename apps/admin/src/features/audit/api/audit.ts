import type { adminConfigApi, adminMoneyApi } from '@app/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import { useOnDemandCheck } from '../../../lib/on-demand-check';
import type { Paged } from '../../../lib/paging';

/** One operator action (DESIGN.md §1.6): who, what, on what, from where, and the change it made. */
export type AuditRow = adminMoneyApi.AuditRow & {
  /** Not in the reply (it names the operator in `admin_email`); read as a fallback by the page. */
  admin?: { id?: number; email?: string | null } | null;
};

/** The audit search: every field optional; `action` may be a family ("operator.*"). */
export type AuditFilters = { action: string; admin: string; target: string; from: string; to: string; q: string };

export const auditQuery = (filters: AuditFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', { ...filters, page, limit }] as const,
    queryFn: ({ signal }) =>
      apiGet<Paged<AuditRow>>(
        '/admin/audit',
        {
          action: filters.action.trim() || undefined,
          admin: filters.admin.trim() || undefined,
          target: filters.target.trim() || undefined,
          from: filters.from || undefined,
          to: filters.to || undefined,
          q: filters.q.trim() || undefined,
          page,
          limit,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** The actions the log holds (the server's SELECT … GROUP BY action), for the filter's list. */
export const auditActionsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'audit', 'actions'] as const,
    queryFn: ({ signal }) => apiGet<adminConfigApi.AuditActionsReply>('/admin/audit/actions', undefined, signal),
  });

/** "withdrawal.approve" → "withdrawal.*": the families the filter offers besides single actions. */
export function actionFamilies(actions: readonly string[]): string[] {
  const families = new Set<string>();
  for (const action of actions) {
    const dot = action.indexOf('.');
    if (dot > 0) families.add(`${action.slice(0, dot)}.*`);
  }
  return [...families].sort();
}

/** One break in the audit log's hash chain (server: lib/audit-chain.ts). */
export type AuditChainFault = adminMoneyApi.AuditChainFault;
export type AuditChainReport = adminMoneyApi.AuditVerifyReply;

/** A mutation, not a query: the check reads the whole log, so it runs only when the operator asks. */
export const useAuditVerify = () => useOnDemandCheck<AuditChainReport>('/admin/audit/verify');

/** What a fault means, in the operator's words. */
export function describeChainFault(f: AuditChainFault): string {
  switch (f.check) {
    case 'hash':
      return `Row #${f.id} (place ${f.seq}) was changed after it was written: its content no longer matches its hash.`;
    case 'link':
      return `Row #${f.id} (place ${f.seq}) does not follow the row before it: a row before it was changed, removed or added.`;
    case 'sequence':
      return `Place ${f.expected} is missing (row #${f.id} has place ${f.found}): rows were removed or added.`;
    case 'unchained':
      return `Row #${f.id} is outside the chain: it was written with the database's chain trigger disabled.`;
    case 'head':
      return `The chain's head names place ${f.head_seq}, the last row is place ${f.last_seq}: rows were removed from or added to the end.`;
  }
}
