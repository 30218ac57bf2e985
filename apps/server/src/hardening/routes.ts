import type { FastifyInstance } from 'fastify';

/**
 * hardening: the route table as the OpenAPI document states it. Every suite of this folder
 * walks this list, so a new route is covered (and must be classified) without anyone listing it.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Operation = {
  method: Method;
  /** OpenAPI path, e.g. `/api/admin/users/{id}/adjust`. */
  path: string;
  /** Roles that may call a console route (`super` first); undefined for user and public routes. */
  consoleRoles?: string[];
  /** The operation's security requirement as the document states it. */
  security?: Record<string, string[]>[];
  /** The JSON schema of its success reply (`200`), when it answers JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: a JSON schema of the document
  reply?: any;
  // biome-ignore lint/suspicious/noExplicitAny: JSON schemas of the document, walked generically
  body?: any;
  // biome-ignore lint/suspicious/noExplicitAny: idem
  query?: any[];
  params: string[];
};

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is walked generically
type Doc = { paths: Record<string, Record<string, any>> };

export function operations(app: FastifyInstance): Operation[] {
  const doc = app.swagger() as unknown as Doc;
  const result: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const upper = method.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(upper)) continue;
      const consoleRoles = op.security?.find((s: Record<string, string[]>) => s.console)?.console;
      // biome-ignore lint/suspicious/noExplicitAny: OpenAPI parameter objects
      const parameters: any[] = op.parameters ?? [];
      result.push({
        method: upper,
        path,
        consoleRoles,
        security: op.security,
        reply: op.responses?.['200']?.content?.['application/json']?.schema,
        body:
          op.requestBody?.content?.['application/json']?.schema ??
          op.requestBody?.content?.['application/x-www-form-urlencoded']?.schema,
        query: parameters.filter((p) => p.in === 'query'),
        params: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
      });
    }
  }
  return result;
}

/** `/api/x/{id}` with its parameters filled in. */
export const fillPath = (path: string, values: Record<string, string> | string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    encodeURIComponent(typeof values === 'string' ? values : (values[name] ?? '999999')),
  );

export type Reply = { status: number; type?: string; error?: string; raw: string; headers: Record<string, unknown> };

let ipCounter = 0;
/** Addresses of their own (172.16/12), apart from the test helpers' 10/8 ones. */
const nextIp = () => {
  ipCounter++;
  return `172.${16 + ((ipCounter >> 16) & 15)}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

/** One request from a fresh address (so the global per-IP limit never bites), JSON body. */
export async function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string> } = {},
): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = opts.token;
  const qs = opts.query ? `?${new URLSearchParams(opts.query).toString()}` : '';
  const res = await app.inject({
    method,
    url: url + qs,
    headers,
    ...(method !== 'GET' ? { payload: (opts.body ?? {}) as Record<string, unknown> } : {}),
    remoteAddress: nextIp(),
  });
  let parsed: { type?: string; error?: string } = {};
  try {
    parsed = res.json();
  } catch {
    // not JSON (a file, a page): judged by status only
  }
  return { status: res.statusCode, type: parsed.type, error: parsed.error, raw: res.body, headers: res.headers };
}
