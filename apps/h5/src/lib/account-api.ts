import type { AreaCode, authApi, CodeScene, UserCenter } from '@app/shared';
import { api } from './api';
import { apiQuery } from './api-query';
import { useAuthStore } from './auth-store';
import { showMessage } from './loading-indicator';

/**
 * Calls shared by several features (the signed-in user, area codes, verification codes). Features may
 * not import each other, so these live below them.
 */
export const accountKeys = {
  center: ['user', 'center'] as const,
  areaCodes: ['area_code'] as const,
};

export const userCenterQuery = () =>
  apiQuery<UserCenter>(accountKeys.center, 'get', 'user/center', {
    // Keep the stored copy current: the home card and menu read it without a request.
    onReply: (user) => useAuthStore.getState().setUser(user),
  });

// The country list does not change while the app is open.
export const areaCodesQuery = () =>
  apiQuery<AreaCode[]>(accountKeys.areaCodes, 'get', 'area_code', { staleTime: Number.POSITIVE_INFINITY });

export type CodeTarget = { channel: 'mobile'; phone: string; areaCode: string } | { channel: 'email'; email: string };

/** Sends a verification code and shows the server's "code sent" text. */
export async function sendVerificationCode(target: CodeTarget, scene: CodeScene): Promise<boolean> {
  const message =
    target.channel === 'mobile'
      ? await api.post<authApi.DoneText>('sms_send', { user_string: target.phone, area_code: target.areaCode, scene })
      : await api.post<authApi.DoneText>('sms_mail', { user_string: target.email, scene });
  if (typeof message === 'string' && message) showMessage(message, 'success');
  return true;
}
