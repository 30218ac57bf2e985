/**
 * API calls that never throw, for tests that cut services on purpose: every outcome — a reply in the
 * envelope, a reply that is not one, a network failure, no answer in time — is returned and classified.
 */

export type Outcome =
  // biome-ignore lint/suspicious/noExplicitAny: replies are checked field by field
  | { kind: 'ok'; status: number; message: any; ms: number }
  | { kind: 'refused'; status: number; error: string; message: string; ms: number }
  /** A reply that is not the product's envelope (a stack trace, HTML, an empty body…). */
  | { kind: 'malformed'; status: number; body: string; ms: number }
  /** The connection failed or was dropped (a killed node). */
  | { kind: 'network'; error: string; ms: number }
  /** No reply within the client's own deadline (longer than the server's request timeout). */
  | { kind: 'hang'; ms: number };

/**
 * A refusal a client should retry: HTTP 503 with an error code in the envelope — the market's engine is
 * moving or unreachable (`engine_unavailable`), the request ran past the server's deadline
 * (`request_timeout`), or a service it needs is briefly away.
 */
export const isRetryable = (o: Outcome) => o.kind === 'refused' && o.status === 503;

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: Record<string, unknown>,
  { token, timeoutMs = 60_000 }: { token?: string; timeoutMs?: number } = {},
): Promise<Outcome> {
  const started = Date.now();
  const headers: Record<string, string> = {};
  if (token) headers.authorization = token;
  if (body) headers['content-type'] = 'application/json';
  let res: Response;
  let text: string;
  try {
    res = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers,
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    const ms = Date.now() - started;
    if ((error as Error).name === 'TimeoutError') return { kind: 'hang', ms };
    return { kind: 'network', error: String((error as Error).cause ?? error), ms };
  }
  const ms = Date.now() - started;
  let reply: { type?: unknown; message?: unknown; error?: unknown } | undefined;
  try {
    reply = JSON.parse(text);
  } catch {
    return { kind: 'malformed', status: res.status, body: text.slice(0, 500), ms };
  }
  if (reply?.type === 'ok' && res.ok) return { kind: 'ok', status: res.status, message: reply.message, ms };
  if (typeof reply?.error === 'string' && typeof reply.message === 'string' && !/\n\s+at /.test(text)) {
    return { kind: 'refused', status: res.status, error: reply.error, message: reply.message, ms };
  }
  return { kind: 'malformed', status: res.status, body: text.slice(0, 500), ms };
}

/** A short description of an outcome for failure messages and logs. */
export function describe(o: Outcome): string {
  switch (o.kind) {
    case 'ok':
      return `ok ${o.status}`;
    case 'refused':
      return `${o.status} ${o.error}`;
    case 'malformed':
      return `${o.status} malformed: ${o.body.slice(0, 120)}`;
    case 'network':
      return `network: ${o.error.slice(0, 120)}`;
    case 'hang':
      return `no reply in ${o.ms} ms`;
  }
}
