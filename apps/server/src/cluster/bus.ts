import { Redis } from 'ioredis';
import type { ServiceLog } from '../lib/service-log.js';

type Handler = (message: unknown) => void;

/**
 * Redis publish/subscribe under one key prefix. Publishing never queues while Redis is away (the
 * command fails at once, so a forward fails fast); subscriptions are renewed by ioredis when Redis
 * comes back. `publish` resolves to the number of nodes that received the message.
 */
export class Bus {
  /** Commands (publish, rate-limit counters). */
  readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(
    url: string,
    readonly prefix: string,
    private readonly log: ServiceLog,
  ) {
    const retryStrategy = (attempt: number) => Math.min(100 * attempt, 1_000);
    // Every request's rate-limit counter and every forwarded order is a command on this client: sent one
    // write each, they cost each node a system call per command. Auto-pipelining sends the commands of one
    // event-loop turn in one write (and Redis answers them in one), in the order they were issued.
    this.pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy, enableAutoPipelining: true });
    this.sub = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
    let warned = false;
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => {
        if (!warned) this.log.warn({ err: error.message }, 'cluster redis error');
        warned = true;
      });
      client.on('ready', () => {
        warned = false;
      });
    }
    this.sub.on('message', (channel: string, text: string) => {
      const handlers = this.handlers.get(channel);
      if (!handlers) return;
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        return;
      }
      for (const handler of handlers) handler(message);
    });
  }

  get status(): 'up' | 'down' {
    return this.pub.status === 'ready' && this.sub.status === 'ready' ? 'up' : 'down';
  }

  channel(name: string): string {
    return `${this.prefix}:${name}`;
  }

  async publish(name: string, message: unknown): Promise<number> {
    return this.pub.publish(this.channel(name), JSON.stringify(message));
  }

  /** Listens to a channel; the returned function stops listening. */
  async subscribe(name: string, handler: Handler): Promise<() => Promise<void>> {
    const channel = this.channel(name);
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
      await this.sub.subscribe(channel);
    }
    set.add(handler);
    return async () => {
      const current = this.handlers.get(channel);
      if (!current?.delete(handler) || current.size) return;
      this.handlers.delete(channel);
      await this.sub.unsubscribe(channel).catch(() => {});
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
    // A client that is not connected would wait for Redis to quit politely: it is cut at once instead.
    await Promise.allSettled(
      [this.pub, this.sub].map(async (client) => {
        if (client.status === 'ready') await client.quit();
        client.disconnect();
      }),
    );
  }
}
