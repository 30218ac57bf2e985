import type { AccountType, authApi } from '@app/shared';
import { api } from '../../../lib/api';

/** Revokes the token on the server. Quiet: the device forgets the session whatever the reply. */
export const logout = () => api.post<unknown>('user/logout', undefined, { toast: false });

/** Sends a "bind" code to the contact the user did not register with (the server knows which kind). */
export const sendBindCode = (input: { user_string: string; area_code?: string | undefined }) =>
  api.post<authApi.DoneText>('set/sms_other_mail', input);

export const bindContact = (input: { type: AccountType; user_string: string; area_code?: string | undefined; code: string }) =>
  api.post<unknown>('user/bind', input, { failure: 'bind' });
