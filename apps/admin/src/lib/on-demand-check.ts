import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet } from './api';

/**
 * A check the operator runs on demand (the ledger, the audit chain). A mutation, not a query: a check
 * scans a whole table, so it runs when the operator asks, never on mount or on a background refetch.
 * `report` is the last run's verdict, hidden while a new run is under way; `checkedAt` says when it came.
 */
export function useOnDemandCheck<R>(path: string) {
  const check = useMutation({ mutationFn: () => apiGet<R>(path) });
  const [checkedAt, setCheckedAt] = useState<Date | null>(null);
  return {
    run: () => check.mutate(undefined, { onSuccess: () => setCheckedAt(new Date()) }),
    running: check.isPending,
    failed: check.isError,
    report: check.isPending ? undefined : check.data,
    checkedAt: checkedAt?.toLocaleString() ?? '',
  };
}
