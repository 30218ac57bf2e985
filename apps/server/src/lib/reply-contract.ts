import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Replies are written as the handler built them; the route's reply schema (from @app/shared) describes
 * them in the OpenAPI document and, with `check`, is enforced: a reply whose wire form does not parse, or
 * carries a field the schema does not declare, fails loudly instead of reaching a client. Tests run with
 * the check so every reply they provoke proves the contract; production skips the cost.
 */
export function replySerializerCompiler(check: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const json = JSON.stringify(data);
      if (check) {
        try {
          assertReplyMatches(schema, json, `${method} ${url}`);
        } catch (error) {
          // The envelope answers a thrown error as a bare 500: the reason goes to the test's output.
          process.stderr.write(`${(error as Error).message}\n`);
          throw error;
        }
      }
      return json;
    };
}

export class ReplyContractError extends Error {}

/** Throws unless `json` parses against `schema` and parsing keeps every field it carries. */
export function assertReplyMatches(schema: z.ZodType, json: string, route: string): void {
  const wire: unknown = JSON.parse(json);
  const parsed = schema.safeParse(wire);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ReplyContractError(`reply of ${route} breaks its schema: ${issues}`);
  }
  const kept: unknown = JSON.parse(JSON.stringify(parsed.data));
  if (!isDeepStrictEqual(kept, wire)) {
    throw new ReplyContractError(`reply of ${route} carries fields its schema does not declare: ${firstDifference(wire, kept)}`);
  }
}

/** The path of the first field present in the reply but lost (or changed) by its schema. */
function firstDifference(wire: unknown, kept: unknown, path = ''): string {
  if (wire && typeof wire === 'object' && kept && typeof kept === 'object') {
    for (const [key, value] of Object.entries(wire)) {
      const next = path ? `${path}.${key}` : key;
      if (!(key in kept)) return next;
      const inner = firstDifference(value, (kept as Record<string, unknown>)[key], next);
      if (inner) return inner;
    }
    return '';
  }
  return isDeepStrictEqual(wire, kept) ? '' : path || '(root)';
}
