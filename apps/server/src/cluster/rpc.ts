import { randomUUID } from 'node:crypto';
import type { ErrorCode } from '@app/shared';
import { AppError } from '../lib/app-error.js';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import type { ServiceLog } from '../lib/service-log.js';
import type { Bus } from './bus.js';

/** `budgetMs`: how long the caller waits for the reply from the moment it sent the request. */
type Request = { id: string; from: string; body: unknown; budgetMs: number };
type Fault = { code: ErrorCode; fields?: Record<string, ErrorCode>; values?: Record<string, string | number>; status?: number };
type Response = { id: string; ok: true; value: unknown } | { id: string; ok: false; error: Fault };

/**
 * Time kept back from a caller's budget for the way back (Redis both ways, the reply's commit): work
 * that starts after `received + budget − margin` is refused, so it cannot succeed after its caller
 * gave up and told the client to try again.
 */
export const replyMargin = (budgetMs: number) => Math.max(250, Math.round(budgetMs / 5));

/** What a caller sees when the node owning the work did not answer: retryable, never a silent success. */
export const unavailable = () => new AppError('engine_unavailable');

/**
 * Request/reply over Redis pub/sub: a request goes to the channel `rpc:<target>`, which only the
 * node owning the target listens to, with a correlation id and the caller's reply channel
 * (`reply:<node>`). No listener (no owner right now, or Redis down) fails at once; no reply within
 * the timeout fails then. Refusals (AppError) travel back as they are, so the reply is the same
 * localized envelope a local call gives.
 */
export class Rpc {
  private readonly waiting = new Map<
    string,
    { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  private stopReplies: (() => Promise<void>) | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly nodeId: string,
    private readonly timeoutMs: number,
    private readonly log: ServiceLog,
  ) {}

  async start(): Promise<void> {
    this.stopReplies = await this.bus.subscribe(`reply:${this.nodeId}`, (message) => {
      const reply = message as Response;
      const entry = this.waiting.get(reply.id);
      if (!entry) return;
      this.waiting.delete(reply.id);
      clearTimeout(entry.timer);
      if (reply.ok) entry.resolve(reply.value);
      else entry.reject(new AppError(reply.error.code, reply.error));
    });
  }

  async request<T>(target: string, body: unknown, timeoutMs = this.timeoutMs): Promise<T> {
    const id = randomUUID();
    const reply = new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.log.warn({ target, timeoutMs }, 'cluster forward timed out');
        reject(unavailable());
      }, timeoutMs);
      timer.unref();
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
    });
    // The reply can come back (and be a refusal) before the publish below has answered: mark the
    // promise handled now, or Node would treat that early rejection as unhandled and end the process.
    // The caller still gets it from the `return reply` below.
    reply.catch(() => {});
    const fail = () => {
      const entry = this.waiting.get(id);
      this.waiting.delete(id);
      if (entry) clearTimeout(entry.timer);
    };
    let receivers: number;
    try {
      receivers = await this.bus.publish(`rpc:${target}`, {
        id,
        from: this.nodeId,
        body,
        budgetMs: timeoutMs,
      } satisfies Request);
    } catch {
      fail();
      throw unavailable();
    }
    if (receivers === 0) {
      fail();
      throw unavailable();
    }
    return reply;
  }

  /**
   * Answers requests to `target` (only its owner should); the returned function stops. The handler
   * gets the moment (this node's clock) after which it must not start the work any more.
   */
  serve(target: string, handler: (body: unknown, notAfter: number) => Promise<unknown>): Promise<() => Promise<void>> {
    return this.bus.subscribe(`rpc:${target}`, (message) => {
      const request = message as Request;
      const notAfter = Date.now() + request.budgetMs - replyMargin(request.budgetMs);
      void (async () => {
        let reply: Response;
        try {
          reply = { id: request.id, ok: true, value: await handler(request.body, notAfter) };
        } catch (error) {
          if (!(error instanceof AppError)) this.log.error({ err: error, target }, 'forwarded command failed');
          reply = { id: request.id, ok: false, error: faultOf(error) };
        }
        await this.bus.publish(`reply:${request.from}`, reply).catch((error) => {
          this.log.warn({ err: error, target }, 'cluster reply not sent');
        });
      })();
    });
  }

  async close(): Promise<void> {
    for (const [id, entry] of this.waiting) {
      clearTimeout(entry.timer);
      entry.reject(unavailable());
      this.waiting.delete(id);
    }
    await this.stopReplies?.();
  }
}

function faultOf(error: unknown): Fault {
  if (error instanceof AppError) return { code: error.code, ...error.options, status: error.status };
  // The owner's database out of reach: nothing was done, the caller may retry (as a local request's 503).
  if (isDatabaseUnavailable(error)) return { code: 'service_unavailable' };
  return { code: 'internal_error' };
}
