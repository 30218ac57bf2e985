import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type LoginRecord = {
  id: number;
  ip: string | null;
  user_agent: string | null;
  result: 'ok' | 'wrong_password' | 'frozen';
  created_at: string;
};
export type UserSession = {
  id: number;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
  created_at: string;
  expires_at: string;
};

export const accountSecurityKeys = {
  logins: ['account-security', 'logins'] as const,
  sessions: ['account-security', 'sessions'] as const,
  antiPhishing: ['account-security', 'anti-phishing'] as const,
};

export const loginHistoryQuery = () =>
  queryOptions({
    queryKey: accountSecurityKeys.logins,
    queryFn: ({ signal }) =>
      api.get<{ list: LoginRecord[]; total: number }>('user/security/logins', { limit: 20 }, { loading: false, signal }),
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
      api.get<{ code: string | null }>('user/security/anti_phishing', undefined, { loading: false, signal }),
  });

export const signOutOthers = () => api.post<{ ended: number }>('user/security/sessions/revoke_others');
export const signOutSession = (id: number) => api.post<boolean>('user/security/sessions/revoke', { id });
export const saveAntiPhishing = (code: string) => api.post<{ code: string | null }>('user/security/anti_phishing', { code });
