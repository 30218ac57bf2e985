import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { HelmetOptions } from 'helmet';
import type { Cluster } from './cluster/cluster.js';
import { clusterMode } from './cluster/node.js';
import type { Config } from './config.js';
import { AppError } from './lib/app-error.js';
import { loggerOptions } from './lib/log-safe-error.js';
import { replySerializerCompiler } from './lib/reply-contract.js';
import { metricsPlugin } from './metrics/metrics-plugin.js';
import { authPlugin } from './plugins/auth.js';
import { envelopePlugin, frameworkErrors } from './plugins/envelope.js';
import { securityHeaders, securityHeadersPlugin } from './plugins/security-headers.js';
import { socketPlugin } from './plugins/socket.js';

// The HTTP layer every route stands on: the Fastify instance, the reply envelope, body parsing, security
// headers, rate limits, the OpenAPI document, authentication, the socket, metrics and the reply deadline.

/** Forms and JSON bodies are small; uploads (multipart) carry their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** The Fastify instance with the zod compilers, before any plugin. */
export function createServer(config: Config, logger: boolean | undefined): FastifyInstance {
  // Router errors are answered before any hook runs: they get the API's security headers here.
  const routerErrorHeaders = securityHeaders(helmetOptions());
  const app = Fastify({
    // Errors are logged without SQL text or values (lib/log-safe-error.ts).
    logger: logger === false ? false : loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: config.requestTimeoutMs,
    trustProxy: config.trustProxy,
    // cluster: a draining node refuses new requests itself, in the envelope (cluster/drain.ts), until it exits.
    return503OnClosing: !clusterMode(config),
    // Router errors (a path segment past 100 characters, a bad percent-escape) answer in the envelope.
    frameworkErrors: (error, request, reply) => {
      reply.headers(routerErrorHeaders);
      return frameworkErrors(error, request, reply);
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler(config.replyCheck));
  return app;
}

/**
 * The app-wide plugins, in the order their hooks must run: envelope, body parsers, security headers,
 * rate limits (one count per client across nodes with `cluster`), the OpenAPI document, authentication,
 * the socket, and metrics last so every route's latency is observed.
 */
export async function registerHttpPlugins(app: FastifyInstance, config: Config, cluster: Cluster | undefined): Promise<void> {
  await app.register(envelopePlugin);
  // The API speaks forms and JSON only; a plain-text body is refused rather than read as a string.
  app.removeContentTypeParser('text/plain');
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(securityHeadersPlugin, helmetOptions());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError('rate_limited'),
    // cluster: one count per client across nodes; a node without Redis keeps serving.
    ...(cluster ? { redis: cluster.bus.pub, nameSpace: `${config.redisPrefix}:rl:`, skipOnError: true } : {}),
  });
  await registerDocs(app);
  await app.register(authPlugin);
  await app.register(socketPlugin);
  // Prometheus metrics: before the routes, so every route's latency is observed.
  await app.register(metricsPlugin);
}

/** The OpenAPI document, served at /api/docs (app-routes.ts). */
async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'H5 exchange API',
        version: '3.5.8',
        description: 'Replies use the envelope {type, message}; see docs/api.md.',
      },
      components: {
        securitySchemes: {
          token: { type: 'apiKey', in: 'header', name: 'Authorization' },
          console: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    // hardening: a console route states in the document which roles may call it
    // (`security: [{console: ['super', …config.roles]}]`), so the authorisation matrix of
    // src/hardening is generated from the document rather than listed by hand.
    // Every other operation states whether it needs a user's token (`token`), takes one if given, or is
    // public (`security: []`), read from the guard its route runs; a test calls each without a token.
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      return { ...out, schema: { ...out.schema, security: operationSecurity(app, input.route, input.url) } };
    },
  });
}

type RouteGuards = {
  onRequest?: unknown;
  preValidation?: unknown;
  preHandler?: unknown;
  config?: { roles?: readonly string[]; auth?: 'user' | 'optional' } | undefined;
};

/**
 * The OpenAPI security requirement of one route, from the guard it runs: a console role list, a user's
 * token (required, or optional: `[{}, {token: []}]`), or none. A route that checks the token inside
 * its handler says so in `config.auth`.
 */
export function operationSecurity(app: FastifyInstance, route: RouteGuards, url: string): Record<string, string[]>[] {
  const guards = [route.onRequest, route.preValidation, route.preHandler].flat();
  // (the support chat's console routes use their own guard around requireAdmin)
  if (guards.includes(app.requireAdmin) || (route.config?.roles && url.startsWith('/api/admin/'))) {
    return [{ console: ['super', ...(route.config?.roles ?? []).filter((role) => role !== 'super')] }];
  }
  if (guards.includes(app.requireUser) || guards.includes(app.requireVerified) || route.config?.auth === 'user') {
    return [{ token: [] }];
  }
  if (guards.includes(app.optionalUser) || route.config?.auth === 'optional') return [{}, { token: [] }];
  return [];
}

/** A reply that has not gone out within the limit is answered with a clear timeout, never left hanging. */
export function addReplyDeadline(app: FastifyInstance, config: Config): void {
  app.addHook('onRequest', async (_request, reply) => {
    const timer = setTimeout(() => {
      if (!reply.sent) reply.send(new AppError('request_timeout'));
    }, config.requestTimeoutMs);
    timer.unref();
    reply.raw.once('close', () => clearTimeout(timer));
  });
}

/**
 * helmet's headers for every reply. `scriptHashes`: inline scripts a page may run, by their hash (the H5
 * page's boot script); every other reply allows none.
 */
export function helmetOptions(scriptHashes: string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // antd and antd-mobile inject their styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}
