import type { identityApi } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

export type TierStatus = identityApi.StateName;

export type VerificationCenter = identityApi.CenterReply;

export const verificationKeys = { center: ['user', 'center2'] as const };

// A review happens elsewhere (the console): every visit asks again.
export const verificationQuery = () =>
  apiQuery<VerificationCenter>(verificationKeys.center, 'get', 'user/center2', { staleTime: 0 });

export type BasicInput = { country: string; name: string; card_id: string };
export type AdvancedInput = { address: string; front_pic: string; reverse_pic: string; hand_pic: string };

export const submitBasic = (input: BasicInput) => api.post<identityApi.SubmitReply>('user/real_name', input);
export const submitAdvanced = (input: AdvancedInput) => api.post<identityApi.SubmitReply>('user/real_name2', input);

/** A tier can take a submission when it has none yet or its last one was rejected. */
export const canSubmit = (status: TierStatus) => status === 'none' || status === 'rejected';
