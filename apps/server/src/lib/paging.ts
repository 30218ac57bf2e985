import { z } from 'zod';

/** `page` from 1 and `limit` up to 100, as every paged list takes them. */
export const pageFields = {
  page: z.coerce
    .number({ message: 'validation_failed' })
    .int('validation_failed')
    .min(1, 'validation_failed')
    .max(100_000, 'validation_failed')
    .default(1),
  limit: z.coerce
    .number({ message: 'validation_failed' })
    .int('validation_failed')
    .min(1, 'validation_failed')
    .max(100, 'validation_failed')
    .default(20),
};

export type Paged<T> = { list: T[]; total: number; page: number; limit: number };

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
