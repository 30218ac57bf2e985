import { ANY_CONSOLE_ROLE, type ConsoleRole, okReply, type Product } from '@app/shared';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ok } from '../lib/reply.js';

/**
 * Who may call a route. The guard runs before the body is validated (plugins/auth.ts), so a caller
 * without access learns nothing about a route's input; the OpenAPI document states it as the route's
 * security requirement (app-http.ts `operationSecurity`).
 */
export type Access = {
  /**
   * `anyone`: public; `user`: a signed-in user (else 999); `optional user`: `request.user` when a token
   * is given; `verified user`: a user whose real-name verification is approved (else 998);
   * `operator`: a console operator of one of `roles` (super always).
   */
  who: 'anyone' | 'user' | 'optional user' | 'verified user' | 'operator';
  /** Console roles besides `super` that may call the route; left out, only `super` may. */
  roles?: readonly ConsoleRole[];
  /** Reachable with an enrolment-only console session (setting up 2FA). */
  enrolment?: true;
  /**
   * A product switch checked first (onRequest, before validation): switched off, the route answers
   * `product_disabled` whatever the request. Only on routes that open something new (products/routes.ts).
   */
  product?: Product;
  /**
   * A module's own guard in place of the standard one of `who` (run before validation), for a check
   * beyond the role (e.g. the chat desk's agents).
   */
  check?: (request: FastifyRequest) => Promise<void>;
  /**
   * The handler asks for the token itself, when its request needs one (e.g. a code sent to the own
   * contact): the OpenAPI document states the token as optional (`config.auth`).
   */
  tokenInHandler?: true;
};

export const anyone: Access = { who: 'anyone' };
export const signedIn: Access = { who: 'user' };
export const optionallySignedIn: Access = { who: 'optional user' };
export const verified: Access = { who: 'verified user' };
/** Console routes of no declared role: super only. */
export const superOnly: Access = { who: 'operator' };
export const consoleRoles = (...roles: ConsoleRole[]): Access => ({ who: 'operator', roles });
/** Every signed-in operator, whatever the role. */
export const anyOperator: Access = { who: 'operator', roles: ANY_CONSOLE_ROLE };

type Schema = z.ZodType | undefined;
type RequestSchemas<Q extends Schema, P extends Schema, B extends Schema> = { querystring: Q; params: P; body: B };

/** The request as Fastify types it for these schemas with the zod type provider. */
export type RouteRequest<Q extends Schema, P extends Schema, B extends Schema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RequestSchemas<Q, P, B>,
  ZodTypeProvider
>;

/** One route: what the route states of itself; its group adds the tags, the guards and the envelope. */
export type RouteSpec<Q extends Schema, P extends Schema, B extends Schema, R extends z.ZodType> = {
  summary: string;
  description?: string;
  /** Request content types other than JSON (e.g. multipart uploads). */
  consumes?: string[];
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success reply's `message`: sent as `{type: 'ok', message}` (okReply). */
  reply: R;
  /** Requests per minute from one client, instead of the app-wide limit. */
  rateLimitPerMinute?: number;
  /** Returns the reply's message; the group wraps it in the envelope. */
  handler: (request: RouteRequest<Q, P, B>, reply: FastifyReply) => Promise<z.output<R>> | z.output<R>;
};

/** A route whose request fields (if any) come by GET in the query or by POST in the body, alike. */
export type GetAndPostSpec<F extends Schema, R extends z.ZodType> = Omit<
  RouteSpec<undefined, undefined, undefined, R>,
  'handler'
> & {
  fields?: F;
  handler: (request: FastifyRequest, fields: F extends z.ZodType ? z.output<F> : undefined) => Promise<z.output<R>> | z.output<R>;
};

type Declare = <R extends z.ZodType, Q extends Schema = undefined, P extends Schema = undefined, B extends Schema = undefined>(
  url: string,
  spec: RouteSpec<Q, P, B, R>,
) => void;

/**
 * Declares routes of one OpenAPI tag and one access rule: each route states its path, summary, request
 * and reply schemas, rate limit and handler; the Fastify options (tags, guards, `config`, the
 * `okReply` reply schema) are built here, the same way for every route.
 */
export function routeGroup(app: FastifyInstance, tags: string[], access: Access) {
  const guards = guardsOf(app, access);
  const declare =
    (method: 'GET' | 'POST' | 'PUT'): Declare =>
    (url, { summary, description, consumes, params, querystring, body, reply, rateLimitPerMinute, handler }) => {
      const config: FastifyContextConfig = {
        ...(access.roles && { roles: access.roles }),
        ...(access.enrolment && { enrolment: true }),
        ...(rateLimitPerMinute !== undefined && { rateLimit: { max: rateLimitPerMinute, timeWindow: '1 minute' } }),
        ...(access.tokenInHandler && { auth: 'optional' as const }),
      };
      app.route({
        method,
        url,
        ...guards,
        ...(Object.keys(config).length > 0 && { config }),
        schema: {
          tags,
          summary,
          ...(description !== undefined && { description }),
          ...(consumes && { consumes }),
          ...(params && { params }),
          ...(querystring && { querystring }),
          ...(body && { body }),
          response: { 200: okReply(reply) },
        },
        handler: async (request, res) => ok(await handler(request as never, res)),
      });
    };
  const get = declare('GET');
  const post = declare('POST');
  return {
    get,
    post,
    put: declare('PUT'),
    /**
     * The same route by GET, its fields in the query, and by POST, in the body (the original client
     * POSTs what links and caches would rather GET).
     */
    getAndPost: <R extends z.ZodType, F extends Schema = undefined>(
      url: string,
      { fields, handler, ...spec }: GetAndPostSpec<F, R>,
    ) => {
      type Fields = Parameters<typeof handler>[1];
      get(url, { ...spec, querystring: fields, handler: (request) => handler(request, request.query as Fields) });
      post(url, { ...spec, body: fields, handler: (request) => handler(request, request.body as Fields) });
    },
  };
}

/** The declaring functions of one group of routes. */
export type RouteGroup = ReturnType<typeof routeGroup>;

/** The Fastify hooks that enforce an access rule. */
function guardsOf(app: FastifyInstance, access: Access) {
  const product = access.product && { onRequest: app.requireProduct(access.product) };
  if (access.check) return { ...product, preValidation: access.check };
  switch (access.who) {
    case 'anyone':
      return { ...product };
    case 'user':
      return { ...product, preHandler: app.requireUser };
    case 'optional user':
      return { ...product, preHandler: app.optionalUser };
    case 'verified user':
      return { ...product, preValidation: app.requireVerified };
    case 'operator':
      return { ...product, preHandler: app.requireAdmin };
  }
}
