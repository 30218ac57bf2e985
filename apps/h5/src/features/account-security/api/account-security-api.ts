import type { accountSecurityApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

export type LoginRecord = accountSecurityApi.LoginRecord;
export type UserSession = accountSecurityApi.UserSession;

export const accountSecurityKeys = {
  logins: ['account-security', 'logins'] as const,
  sessions: ['account-security', 'sessions'] as const,
  antiPhishing: ['account-security', 'anti-phishing'] as const,
};

export const loginHistoryQuery = () =>
  apiQuery<accountSecurityApi.LoginsReply>(accountSecurityKeys.logins, 'get', 'user/security/logins', { params: { limit: 20 } });

export const sessionsQuery = () => apiQuery<UserSession[]>(accountSecurityKeys.sessions, 'get', 'user/security/sessions');

export const antiPhishingQuery = () =>
  apiQuery<accountSecurityApi.AntiPhishingReply>(accountSecurityKeys.antiPhishing, 'get', 'user/security/anti_phishing');

export const signOutOthers = () => api.post<accountSecurityApi.RevokeOthersReply>('user/security/sessions/revoke_others');
export const signOutSession = (id: number) => api.post<true>('user/security/sessions/revoke', { id });
export const saveAntiPhishing = (code: string) =>
  api.post<accountSecurityApi.AntiPhishingReply>('user/security/anti_phishing', { code });
