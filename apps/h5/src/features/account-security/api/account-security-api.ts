import type { accountSecurityApi } from '@app/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type LoginRecord = accountSecurityApi.LoginRecord;
export type UserSession = accountSecurityApi.UserSession;

export const accountSecurityKeys = {
  logins: ['account-security', 'logins'] as const,
  sessions: ['account-security', 'sessions'] as const,
  antiPhishing: ['account-security', 'anti-phishing'] as const,
};

export const loginHistoryQuery = () =>
  queryOptions({
    queryKey: accountSecurityKeys.logins,
    queryFn: ({ signal }) =>
      api.get<accountSecurityApi.LoginsReply>('user/security/logins', { limit: 20 }, { loading: false, signal }),
  });

export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountSecurityKeys.sessions,
    queryFn: ({ signal }) => api.get<UserSession[]>('user/security/sessions', undefined, { loading: false, signal }),
  });

export const antiPhishingQuery = () =>
  queryOptions({
    queryKey: accountSecurityKeys.antiPhishing,
    queryFn: ({ signal }) =>
      api.get<accountSecurityApi.AntiPhishingReply>('user/security/anti_phishing', undefined, { loading: false, signal }),
  });

export const signOutOthers = () => api.post<accountSecurityApi.RevokeOthersReply>('user/security/sessions/revoke_others');
export const signOutSession = (id: number) => api.post<true>('user/security/sessions/revoke', { id });
export const saveAntiPhishing = (code: string) =>
  api.post<accountSecurityApi.AntiPhishingReply>('user/security/anti_phishing', { code });
