import type { adminApi, ConsoleRole, operatorsApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

/** An operator account as the super admin manages it. */
export type Operator = operatorsApi.OperatorRow;

/** A live console session. */
export type ConsoleSession = operatorsApi.SessionRow;

export type Me = adminApi.MeReply;
export type Enrolment = operatorsApi.TotpSetupReply;

export const operatorsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'operators'] as const,
    queryFn: ({ signal }) => apiGet<Operator[]>('/admin/operators', undefined, signal),
  });

/** Every operator's sessions (super), or only the signed-in operator's. */
export const sessionsQuery = (all: boolean) =>
  queryOptions({
    queryKey: ['admin', 'sessions', all ? 'all' : 'mine'] as const,
    queryFn: ({ signal }) => apiGet<ConsoleSession[]>(all ? '/admin/sessions' : '/admin/me/sessions', undefined, signal),
  });

export const meQuery = () =>
  queryOptions({
    queryKey: ['admin', 'me', 'security'] as const,
    queryFn: ({ signal }) => apiGet<Me>('/admin/me', undefined, signal),
  });

/** A mutation that refreshes the operators' and sessions' lists when it succeeds. */
function useOperatorMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'operators'] });
      void client.invalidateQueries({ queryKey: ['admin', 'sessions'] });
      void client.invalidateQueries({ queryKey: ['admin', 'me'] });
    },
  });
}

export const useCreateOperator = () =>
  useOperatorMutation((input: { email: string; password: string; role: ConsoleRole }) =>
    apiPost<Operator>('/admin/operators', input),
  );

export const useUpdateOperator = () =>
  useOperatorMutation(({ id, ...change }: { id: number; role?: ConsoleRole; disabled?: boolean }) =>
    apiPost<Operator>(`/admin/operators/${id}`, change),
  );

export const useResetTotp = () => useOperatorMutation((id: number) => apiPost<Operator>(`/admin/operators/${id}/reset-2fa`));

export const useRevokeSession = () => useOperatorMutation((id: number) => apiPost<boolean>(`/admin/sessions/${id}/revoke`));

export const useStartEnrolment = () => useMutation({ mutationFn: () => apiPost<Enrolment>('/admin/totp/setup') });

export const useConfirmEnrolment = () =>
  useOperatorMutation((code: string) => apiPost<{ totp_enabled: boolean }>('/admin/totp/enable', { code }));

/** The signed-in operator's own password: the current one, then the new one (10+); their other sessions end. */
export const useChangeOwnPassword = () =>
  useOperatorMutation((input: { old_password: string; password: string }) =>
    apiPost<{ other_sessions_ended: number }>('/admin/me/password', input),
  );

/** A super sets another operator's password: their second factor is removed and their sessions end. */
export const useResetPassword = () =>
  useOperatorMutation(({ id, password }: { id: number; password: string }) =>
    apiPost<operatorsApi.ResetPasswordReply>(`/admin/operators/${id}/password`, { password }),
  );
