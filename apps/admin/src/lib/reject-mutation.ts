import { useMutation } from '@tanstack/react-query';
import { apiPost } from './api';

/**
 * A review's reject (deposits, withdrawals, identity checks): the trimmed reason posted to
 * `<path>/<id>/reject`, then `done` with the receipt for that id (useActionDone: the toast and the lists re-read).
 */
export function useRejectMutation(path: string, done: (text: string) => unknown, receipt: (id: number) => string) {
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiPost<unknown>(`${path}/${id}/reject`, { reason: reason.trim() }),
    onSuccess: (_, { id }) => done(receipt(id)),
  });
}
