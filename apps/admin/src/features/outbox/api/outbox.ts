import type { adminApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

/** A message the server would have sent by SMS or e-mail, kept because no provider is configured. */
export type OutboxRow = adminApi.OutboxRow;

/** The server's maximum page; an operator scanning for a code wants as many recent rows as it gives. */
const OUTBOX_LIMIT = 200;

export const fetchOutbox = (target: string, signal?: AbortSignal) =>
  apiGet<OutboxRow[]>('/admin/outbox', { target: target.trim(), limit: OUTBOX_LIMIT }, signal);

export const outboxQuery = (target: string) =>
  queryOptions({
    queryKey: ['admin', 'outbox', target.trim()] as const,
    queryFn: ({ signal }) => fetchOutbox(target, signal),
    // An operator is usually waiting for a code that is about to arrive; poll while the page is open.
    refetchInterval: 5_000,
    staleTime: 0,
  });
