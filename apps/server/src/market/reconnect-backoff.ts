import { randomInt } from 'node:crypto';

/**
 * The wait before a feed's next reconnect: exponential in the failed attempts, capped, with ±20 %
 * jitter so that many connections dropped together do not all come back in the same instant.
 */
export function reconnectDelay(attempts: number, baseMs = 1000, maxMs = 60_000): number {
  const delay = Math.min(maxMs, baseMs * 2 ** attempts);
  return Math.round((delay * randomInt(800, 1201)) / 1000);
}
