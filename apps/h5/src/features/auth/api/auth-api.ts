import type { AccountType, LoginReply } from '@app/shared';
import { api } from '../../../lib/api';

export type LoginInput = { user_string: string; password: string; area_code?: string | undefined };

export const login = (input: LoginInput) => api.post<LoginReply>('user/login', input);

export type RegisterInput = {
  type: AccountType;
  user_string: string;
  area_code?: string | undefined;
  area_code_id?: number | undefined;
  password: string;
  re_password: string;
  code: string;
  extension_code?: string | undefined;
  agree: boolean;
};

export const register = (input: RegisterInput) => api.post<LoginReply>('user/register', input);

export type CheckCodeInput = { type: AccountType; user_string: string; area_code?: string | undefined; code: string };

/** Checks a "forget" code without consuming it, so step two can send it again with the new password. */
export const checkForgetCode = ({ type, ...rest }: CheckCodeInput) =>
  api.post<unknown>(type === 'mobile' ? 'user/check_mobile' : 'user/check_email', { ...rest, scene: 'forget' });

export type ResetPasswordInput = CheckCodeInput & { password: string; re_password: string };

export const resetPassword = (input: ResetPasswordInput) => api.post<unknown>('user/forget', input);
