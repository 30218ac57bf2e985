// The paging fields and page shape are part of the API's contract (@app/shared); the offset is the server's.
export { type Paged, pageFields } from '@app/shared';

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
