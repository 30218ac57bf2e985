import type { adminApi } from '@app/shared';
import { useMutation } from '@tanstack/react-query';
import { message } from 'antd';
import { apiPost } from '../../../lib/api';
import { useAuthStore } from '../../../lib/auth-store';
import { queryClient } from '../../../lib/query-client';

/**
 * `totp`: the authenticator code, checked together with the password (one message for any fault). Only an
 * operator who has not enrolled yet signs in without it, to a session that can do nothing but enrol.
 */
export type AdminLoginInput = { email: string; password: string; totp?: string };
export type AdminLoginReply = adminApi.LoginReply;

export const adminLogin = (input: AdminLoginInput) => apiPost<AdminLoginReply>('/admin/login', input);

/** Revokes the token on the server; the caller clears the local session whatever the outcome. */
export const adminLogout = () => apiPost<unknown>('/admin/logout', {}, { quiet: true });

export function useAdminLogin() {
  const signIn = useAuthStore((s) => s.signIn);
  return useMutation({
    mutationFn: adminLogin,
    onSuccess: (reply) => {
      // A previous operator's cached lists must not be shown to the next one on a shared machine.
      queryClient.clear();
      // A "wrong password" toast from the previous attempt would otherwise linger over the console.
      message.destroy();
      signIn({
        token: reply.token,
        expires_at: reply.expires_at ?? null,
        admin: reply.admin ?? null,
        enrol: reply.totp_enrolment_required === true,
      });
    },
  });
}

export function useAdminLogout() {
  const signOut = useAuthStore((s) => s.signOut);
  return useMutation({
    mutationFn: adminLogout,
    // Signing out must always work locally, even when the server is down or the token already expired.
    onSettled: () => {
      signOut();
      queryClient.clear();
    },
  });
}
