import { createHash } from 'node:crypto';

/**
 * Rendezvous (highest-random-weight) hashing: every node scores every pair with a hash of both ids, and
 * the pair's desired owner is the live node with the highest score. Every node computes the same answer
 * from the same set of live nodes, nothing is stored; a node that joins takes only the pairs it now
 * scores highest on (about 1/N of them), and a node that leaves gives each of its pairs to the runner-up
 * of that pair — no other pair moves.
 */
export function weight(nodeId: string, pairId: number): bigint {
  return createHash('sha256').update(`${nodeId}\u0000${pairId}`).digest().readBigUInt64BE(0);
}

/** The nodes in the order they should own `pairId`: the desired owner first, then its successors. */
export function ranking(pairId: number, nodes: Iterable<string>): string[] {
  return (
    [...new Set(nodes)]
      .map((node) => ({ node, w: weight(node, pairId) }))
      // Equal weights (never seen with 64 bits of SHA-256) fall back to the ids, so the order stays total.
      .sort((a, b) => (a.w === b.w ? (a.node < b.node ? -1 : 1) : a.w > b.w ? -1 : 1))
      .map((entry) => entry.node)
  );
}

/** The desired owner of `pairId` among `nodes` (undefined when there is none). */
export const desiredOwner = (pairId: number, nodes: Iterable<string>): string | undefined => ranking(pairId, nodes)[0];
