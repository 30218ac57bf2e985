import { describe, expect, it } from 'vitest';
import { reconnectDelaySeconds } from './client.js';

describe("the pool's reconnect delay", () => {
  it('grows with failed opens in a row and never passes one second', () => {
    for (let failures = 0; failures <= 30; failures++) {
      for (let draw = 0; draw < 20; draw++) {
        const delay = reconnectDelaySeconds(failures);
        expect(delay).toBeGreaterThan(0);
        expect(delay).toBeLessThanOrEqual(1);
      }
    }
    // The first retries stay quick: a single dropped connection is reopened in tens of milliseconds.
    expect(reconnectDelaySeconds(1)).toBeLessThanOrEqual(0.03);
    expect(reconnectDelaySeconds(3)).toBeLessThanOrEqual(0.27);
    // After a run of failures (PostgreSQL away for a while) it waits at least half a second.
    expect(reconnectDelaySeconds(10)).toBeGreaterThanOrEqual(0.5);
  });
});
