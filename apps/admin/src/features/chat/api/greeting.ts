import { chatApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

export const { WEEKDAYS } = chatApi;
export type Weekday = chatApi.Weekday;
export type DaySpan = chatApi.DaySpan;

/** The chat's greeting per language and the team's hours (null: around the clock, no automatic reply). */
export type SupportChatSettings = chatApi.GreetingReply;

const key = ['admin', 'chat', 'greeting'] as const;

export const supportChatQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => apiGet<SupportChatSettings>('/admin/chat/greeting', undefined, signal),
  });

export function useSaveSupportChat() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (value: SupportChatSettings) => apiPost<SupportChatSettings>('/admin/chat/greeting', value),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
