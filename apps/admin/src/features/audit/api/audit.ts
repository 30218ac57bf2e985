import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';
import type { Paged } from '../../../lib/paging';

/** One operator action (DESIGN.md §1.6): who, what, on what, from where, and the change it made. */
export type AuditRow = {
  id: number;
  admin_id: number | null;
  admin_email?: string | null;
  admin?: { id?: number; email?: string | null } | null;
  action: string;
  target: string | null;
  ip: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
};

/** The audit search (issue 8, part 2): every field optional; `action` may be a family ("operator.*"). */
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
    queryFn: ({ signal }) => apiGet<{ action: string; count: number }[]>('/admin/audit/actions', undefined, signal),
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
