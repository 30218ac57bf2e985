import type { FastifyReply } from 'fastify';

/**
 * A success reply in the product's envelope. Routes build their replies with it and the envelope
 * plugin sends errors in the same shape; it lives in `lib` so routes do not depend on a plugin.
 */
export const ok = <T>(message: T) => ({ type: 'ok' as const, message });

/**
 * Sends an uploaded file for the browser to show inline: of the type it was stored with (never
 * sniffed), cached by that browser alone for an hour.
 */
export const sendUpload = (reply: FastifyReply, upload: { mime: string }, bytes: Buffer) =>
  reply
    .type(upload.mime)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', 'inline')
    .send(bytes);
