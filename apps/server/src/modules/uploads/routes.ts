import { uploadsApi } from '@app/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.js';
import { sendUpload } from '../../lib/reply.js';
import { routeGroup, signedIn } from '../../plugins/route-group.js';
import { readUpload, storeUpload, UPLOAD_MAX_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from './service.js';

const tags = ['uploads'];
const MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/** Multipart failures as the product's errors: an oversized file is upload_too_large, never a 500. */
function fromMultipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('upload_too_large', { fields: { file: 'upload_too_large' }, values: { max: MAX_MB } });
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
    return new AppError('validation_failed');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('unsupported_media_type');
  return error;
}

/** Reads the one file and the `purpose` field, in whichever order the client sent them. */
async function readForm(request: FastifyRequest): Promise<{ file?: Buffer; purpose?: string }> {
  const out: { file?: Buffer; purpose?: string } = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') out.file = await part.toBuffer();
      else if (part.fieldname === 'purpose' && typeof part.value === 'string') out.purpose = part.value.trim();
    }
  } catch (error) {
    throw fromMultipartError(error);
  }
  return out;
}

/**
 * POST upload (multipart: `file`, `purpose`) and GET upload/:id. Multipart is parsed in this plugin
 * only: every other route still refuses it.
 */
export async function uploadRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  await app.register(multipart, {
    limits: { files: 1, fileSize: UPLOAD_MAX_BYTES, fields: 4, parts: 5, fieldSize: 200, fieldNameSize: 50, headerPairs: 20 },
  });

  routeGroup(app, tags, signedIn).post('/upload', {
    summary: `Upload a JPEG, PNG or WebP image (multipart: file, purpose); at most ${MAX_MB} MB`,
    consumes: ['multipart/form-data'],
    reply: uploadsApi.uploadReply,
    rateLimitPerMinute: 30,
    handler: async (request) => {
      const form = await readForm(request);
      if (!UPLOAD_PURPOSES.includes(form.purpose as UploadPurpose)) {
        throw new AppError(form.purpose ? 'field_invalid' : 'field_required', {
          fields: { purpose: form.purpose ? 'field_invalid' : 'field_required' },
        });
      }
      if (!form.file || form.file.length === 0) throw new AppError('upload_required', { fields: { file: 'upload_required' } });
      return storeUpload(app.db, app.uploads, { userId: request.user!.id }, form.purpose as UploadPurpose, form.file);
    },
  });

  // Not JSON (the image itself), and for a user or an operator: declared outside a route group.
  app.get(
    '/upload/:id',
    {
      schema: {
        tags,
        summary: 'An uploaded image, for its owner (user token) or an operator (console token)',
        params: uploadsApi.imageParams,
      },
      // Console roles that read uploads: deposit proofs (finance) and identity photos (compliance).
      config: { roles: ['finance', 'compliance'] as const, auth: 'optional' },
    },
    async (request, reply) => {
      await app.optionalUser(request);
      if (!request.user) await app.requireAdmin(request).catch(() => undefined);
      const { row, bytes } = await readUpload(app.db, app.uploads, request.params.id, {
        userId: request.user?.id,
        adminId: request.admin?.id,
        adminRole: request.admin?.role,
      });
      return sendUpload(reply, row, bytes);
    },
  );
}
