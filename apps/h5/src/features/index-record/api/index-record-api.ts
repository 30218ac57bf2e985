import type { indexSamplesApi, SampleProof } from '@app/shared';
import { api } from '../../../lib/api';
import { apiQuery } from '../../../lib/api-query';

/** A pair's day head as `GET /api/index/heads` publishes it; `head` is null while the day has no sample. */
export type DayHead = indexSamplesApi.DayHead;

export type DayMinutes = indexSamplesApi.MinutesReply;

/** The published heads of a UTC day, every pair. */
export const dayHeadsQuery = (day: string) =>
  apiQuery<indexSamplesApi.HeadsReply>(['index-record', 'heads', day] as const, 'get', 'index/heads', { params: { day } });

/**
 * One pair's published head of a day as it stood at the end of second `at` (fetched apart from the
 * sample it will check; the running day's head moves every second).
 */
export const pairHead = (symbol: string, day: string, at: number) =>
  api
    .get<indexSamplesApi.HeadsReply>('index/heads', { pair: symbol, day, at: String(at) }, { loading: false, toast: false })
    .then((r) => r.list[0]?.head ?? null);

/** A day's minute checkpoints as they stood at the end of second `at` (the head's `last_second`). */
export const dayMinutes = (symbol: string, day: string, at: number) =>
  api.get<DayMinutes>('index/minutes', { pair: symbol, day, at: String(at) }, { loading: false, toast: false });

export const sampleProof = (symbol: string, second: number) =>
  api.get<SampleProof>('index/sample', { pair: symbol, second: String(second) }, { loading: false, toast: false });
