/**
 * Rendezvous (highest-random-weight) hashing: every node scores every pair with a hash of both ids, and
 * the pair's desired owner is the live node with the highest score. Every node computes the same answer
 * from the same set of live nodes, nothing is stored; a node that joins takes only the pairs it now
 * scores highest on (about 1/N of them), and a node that leaves gives each of its pairs to the runner-up
 * of that pair — no other pair moves.
 */
export declare function weight(nodeId: string, pairId: number): bigint;
/** The nodes in the order they should own `pairId`: the desired owner first, then its successors. */
export declare function ranking(pairId: number, nodes: Iterable<string>): string[];
/** The desired owner of `pairId` among `nodes` (undefined when there is none). */
export declare const desiredOwner: (pairId: number, nodes: Iterable<string>) => string | undefined;
//# sourceMappingURL=rendezvous.d.ts.map