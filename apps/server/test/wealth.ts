import type { FastifyInstance } from 'fastify';
import { WealthService } from '../src/modules/wealth/service.js';
import { createTestApp, type TestApp } from './test-app.js';

/** A clock tests move by hand: `at` is the current time in milliseconds. */
export type TestClock = { at: number; set: (iso: string) => void; advanceDays: (days: number) => void };

export function testClock(iso: string): TestClock {
  const clock: TestClock = {
    at: Date.parse(iso),
    set: (next) => {
      clock.at = Date.parse(next);
    },
    advanceDays: (days) => {
      clock.at += days * 86_400_000;
    },
  };
  return clock;
}

/**
 * A test app whose wealth service runs on `clock`: the same service buildApp makes from its `now`
 * option, swapped in before the app is sealed (createTestApp builds the app with the real clock).
 */
export async function wealthTestApp(clock: TestClock): Promise<TestApp> {
  return createTestApp({}, (app: FastifyInstance) => {
    const service = new WealthService({ db: app.db, now: () => clock.at, prices: () => app.market.livePrices });
    (app as unknown as { wealth: WealthService }).wealth = service;
  });
}
