import { chatApi } from '@app/shared';
import { wholeSetting } from '../../../lib/whole-setting';

export const { WEEKDAYS } = chatApi;
export type Weekday = chatApi.Weekday;
export type DaySpan = chatApi.DaySpan;

/** The chat's greeting per language and the team's hours (null: around the clock, no automatic reply). */
export type SupportChatSettings = chatApi.GreetingReply;

const greeting = wholeSetting<SupportChatSettings>(['admin', 'chat', 'greeting'], '/admin/chat/greeting');

export const supportChatQuery = greeting.query;
export const useSaveSupportChat = greeting.useSave;
