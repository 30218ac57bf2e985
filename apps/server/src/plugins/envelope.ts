import { type ErrorCode, isCleanText, isErrorCode } from '@app/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { translate } from '../i18n/messages.js';
import { AppError } from '../lib/app-error.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { requestLang } from '../lib/lang.js';

type Issue = { message?: string; path?: PropertyKey[]; instancePath?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** Turns zod issues into one reply code and a code per field; unknown messages become validation_failed. */
function fromIssues(issues: Issue[]): { code: ErrorCode; fields: Record<string, ErrorCode> } {
  const fields: Record<string, ErrorCode> = {};
  let first: ErrorCode | undefined;
  for (const issue of issues) {
    const code = isErrorCode(issue.message) ? issue.message : 'validation_failed';
    const path = issue.params?.issue?.path ?? issue.path;
    const name = path?.length ? String(path[0]) : issue.instancePath?.replace(/^\//, '').split('/')[0] || '_';
    fields[name] ??= code;
    if (!first || (first === 'validation_failed' && code !== 'validation_failed')) first = code;
  }
  return { code: first ?? 'validation_failed', fields };
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const lang = requestLang(request);
  const message = translate(lang, error.code, error.options.values);
  if (error.code === 'not_logged_in') {
    return reply.code(error.status).send({ type: '999', message, error: error.code });
  }
  // The original client opens the verification page on type 998.
  if (error.code === 'real_name_required') {
    return reply.code(error.status).send({ type: '998', message, error: error.code });
  }
  // A field's message keeps the refusal's values ("The minimum is 10"): the H5 shows it under the input as is.
  const fields = error.options.fields
    ? Object.fromEntries(
        Object.entries(error.options.fields).map(([k, code]) => [k, translate(lang, code, error.options.values)]),
      )
    : undefined;
  return reply.code(error.status).send({ type: 'error', message, error: error.code, ...(fields ? { fields } : {}) });
}

/** Maps Fastify's own errors (parsing, limits) onto the product's error codes. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
      return new AppError('body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('unsupported_media_type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('validation_failed');
  }
  if (error.statusCode === 429) return new AppError('rate_limited');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('validation_failed');
  return undefined;
}

/**
 * The first field of a request (body, query or path) holding a NUL or a lone surrogate, in keys or
 * values at any depth: PostgreSQL cannot store either and no form can type them, so the request is
 * refused before any route sees it. Depth and breadth are bounded by the body limit.
 */
export function uncleanField(value: unknown, field = '_', depth = 0): string | undefined {
  if (typeof value === 'string') return isCleanText(value) ? undefined : field;
  if (value === null || typeof value !== 'object' || depth > 32) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const name = depth === 0 ? key : field;
    if (!isCleanText(key)) return name;
    const found = uncleanField(inner, name, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`): a path segment
 * longer than the router's bound (`maxParamLength`) names nothing that exists, and a malformed
 * percent-escape is bad input. Both answer in the envelope instead of Fastify's own 414 and 400 bodies.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(request, reply, new AppError('not_found'));
  if (error.code === 'FST_ERR_BAD_URL') return sendError(request, reply, new AppError('validation_failed'));
  request.log.error({ code: error.code }, 'router error');
  return sendError(request, reply, new AppError('internal_error'));
}

/**
 * Every reply goes out in the envelope of DESIGN.md section 4: validation failures name the field in
 * the request's language; anything unexpected is logged and answered with a generic message, never a
 * stack trace.
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(request, reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { code, fields } = fromIssues(error.validation as Issue[]);
      return sendError(request, reply, new AppError(code, { fields }));
    }
    if (Array.isArray(error.validation)) {
      const { code, fields } = fromIssues(error.validation as Issue[]);
      return sendError(request, reply, new AppError(code, { fields }));
    }
    const mapped = fromFastifyError(error);
    if (mapped) return sendError(request, reply, mapped);
    // The database is restarting or out of reach: the request did nothing, and the client may retry.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error.message }, 'database unavailable');
      return sendError(request, reply, new AppError('service_unavailable'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, new AppError('internal_error'));
  });

  app.setNotFoundHandler((request, reply) => sendError(request, reply, new AppError('not_found')));

  // Routes read an empty object when a POST carries no body, so "no fields" fails validation per field
  // rather than as a shapeless request.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined || request.body === null) request.body = {};
    // A path that carries one names nothing (not_found); in a query or body it is a field error.
    if (uncleanField(request.params)) throw new AppError('not_found');
    const field = uncleanField(request.query) ?? uncleanField(request.body);
    if (field) throw new AppError('field_invalid', { fields: { [field]: 'field_invalid' } });
  });
});
