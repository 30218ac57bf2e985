import { isLang, type Lang } from '@app/shared';
import type { FastifyRequest } from 'fastify';

/** The language of a request: its `lang` header when it is one of the seven, else English. */
export function requestLang(request: FastifyRequest): Lang {
  const header = request.headers.lang;
  const value = Array.isArray(header) ? header[0] : header;
  return isLang(value) ? value : 'en';
}
