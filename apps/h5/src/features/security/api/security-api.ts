import type { authApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

export const securityKeys = { hasPassword: ['user', 'has_password'] as const };

/** Whether a fund password is set; the security centre hints when it is not (spec section 6). */
export const hasPayPasswordQuery = () =>
  apiQuery<authApi.HasPasswordReply>(securityKeys.hasPassword, 'post', 'user/has_password');

/** Changes the login password; the server then revokes every session of the user. */
export const updatePassword = (input: { old_password: string; password: string; re_password: string }) =>
  api.post<unknown>('safe/update_password', input);

/** Sets the six-digit fund password, authorised by a code sent to the user's own contact. */
export const setPayPassword = (input: { password: string; re_password: string; code: string }) =>
  api.post<unknown>('user/e_pwd', input);
