import { intField } from '@app/shared';

/** `page` from 1 and `limit` up to 100, as every paged list takes them. */
export const pageFields = {
  page: intField(1, 100_000, 'validation_failed').default(1),
  limit: intField(1, 100, 'validation_failed').default(20),
};

export type Paged<T> = { list: T[]; total: number; page: number; limit: number };

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
