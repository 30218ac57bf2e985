import { expect } from 'vitest';
import { apiOk } from '../../e2e/src/server-process.js';
import { describe as describeOutcome, isRetryable } from './api.js';
import { bookFromDatabase, levelsOf } from './checks.js';
import type { Cluster } from './cluster.js';
import type { Attempt } from './load.js';
import { BTC_USDT } from './traders.js';

/** What the fault tests check once their load has stopped: the replies it got, the books, the ledger. */

/** How many attempts ended in each outcome ("ok", "refused 503 …"), for the test's log. */
export function outcomeTally(attempts: Attempt[]): Record<string, number> {
  const tally = new Map<string, number>();
  for (const a of attempts) tally.set(describeOutcome(a.outcome), (tally.get(describeOutcome(a.outcome)) ?? 0) + 1);
  return Object.fromEntries(tally);
}

/**
 * The attempts whose reply was not the product's envelope for a moving engine: success, a retryable
 * refusal, or a cancel that came too late. A connection may fail only to a node `mayDrop` names (one
 * the test stopped). Described, for a readable failure.
 */
export function unexpectedAttempts(attempts: Attempt[], mayDrop: (node: string) => boolean): string[] {
  return attempts
    .filter(
      (a) =>
        !(
          a.outcome.kind === 'ok' ||
          isRetryable(a.outcome) ||
          (a.kind === 'cancel' && a.outcome.kind === 'refused' && a.outcome.error === 'order_not_cancellable') ||
          (a.outcome.kind === 'network' && mayDrop(a.node))
        ),
    )
    .map((a) => `${a.kind} via ${a.node}: ${describeOutcome(a.outcome)}`);
}

/** The book every remaining node serves is the waiting orders' book in the database, and that is not empty. */
export async function expectNodesServeStoredBook(cluster: Cluster): Promise<void> {
  const stored = await bookFromDatabase(cluster.db);
  expect(stored.bids.length + stored.asks.length).toBeGreaterThan(0);
  for (const node of cluster.live()) {
    const depth = await apiOk(node.baseUrl, 'GET', `market/depth?symbol=${encodeURIComponent(BTC_USDT.symbol)}`);
    expect(levelsOf(depth), `the book on ${node.name}`).toEqual(stored);
  }
}

/** The operators' ledger check finds the shared database sound. */
export async function expectLedgerSound(cluster: Cluster): Promise<void> {
  const verify = await cluster.ledgerVerify();
  expect(verify.output).toContain('ledger: sound');
  expect(verify.status).toBe(0);
}
