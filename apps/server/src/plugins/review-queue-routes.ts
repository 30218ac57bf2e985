import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteGroup } from './route-group.js';

/** What a review list takes: the state to list (none: all) and the page. */
type ReviewListQuery = { status?: string; page: number; limit: number };

/**
 * `GET <queue>`: a console review queue's list (deposits, withdrawals), by status and page, in the
 * schemas the shared contract gives every reviewed request (api/reviewed-requests.ts).
 */
export function reviewListRoute<R extends z.ZodType>(
  group: RouteGroup,
  queue: string,
  api: { consoleListQuery: z.ZodType<ReviewListQuery>; consoleListReply: R },
  summary: string,
  list: (request: FastifyRequest, query: ReviewListQuery) => Promise<z.output<R>>,
) {
  group.get(queue, {
    summary,
    querystring: api.consoleListQuery,
    reply: api.consoleListReply,
    handler: (request) => list(request, request.query),
  });
}

/** A reviewed record as its review leaves it. */
type Reviewed = { id: number; status: string };

/**
 * `POST <queue>/:id/reject`: rejects a record of a console review queue with a reason the user is shown,
 * and answers its id and its new state. The same for deposits, withdrawals and identity checks; each
 * names its schemas (identity's reply states the state as any text, the money requests' as a review state).
 */
export function rejectRoute(
  group: RouteGroup,
  queue: string,
  api: { rejectParams: z.ZodType<{ id: number }>; rejectBody: z.ZodType<{ reason: string }>; rejectReply: z.ZodType<Reviewed> },
  summary: string,
  reject: (request: FastifyRequest, id: number, reason: string) => Promise<Reviewed>,
) {
  group.post(`${queue}/:id/reject`, {
    summary,
    params: api.rejectParams,
    body: api.rejectBody,
    reply: api.rejectReply,
    handler: async (request) => {
      const { id, status } = await reject(request, request.params.id, request.body.reason);
      return { id, status };
    },
  });
}
