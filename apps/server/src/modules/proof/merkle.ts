import { createHash } from 'node:crypto';

/**
 * The proof-of-liabilities Merkle sum tree (docs/security.md "Proof of liabilities"). Pure: no I/O.
 *
 * - leaf: SHA-256(0x00 ‖ UTF-8("<user_id>:<nonce>:<currency_id>:<units>")), `units` the balance in the
 *   coin's smallest unit (an integer string), `nonce` 32 hex digits random per user and snapshot;
 *   the leaf's sum is `units`.
 * - node: SHA-256(0x01 ‖ UTF-8("<left hash>:<left sum>:<right hash>:<right sum>")), sum = left + right.
 * - a level with an odd number of nodes carries its last node up unchanged (never duplicated, so no
 *   two different leaf lists give the same root).
 * - hashes are lower-case hex; sums are decimal integer strings.
 *
 * The 0x00/0x01 prefixes keep a leaf from ever being read as a node (second-preimage attacks); the
 * sums make the root commit to the total, so no leaf can be left out or shrunk without changing it.
 */

export type MerkleNode = { hash: string; sum: bigint };
export type PathStep = { hash: string; sum: string; side: 'left' | 'right' };
export type LeafInput = { userId: number; nonce: string; currencyId: number; units: string };

const sha256hex = (prefix: number, text: string) =>
  createHash('sha256')
    .update(Buffer.concat([Buffer.from([prefix]), Buffer.from(text, 'utf8')]))
    .digest('hex');

export const leafText = (leaf: LeafInput) => `${leaf.userId}:${leaf.nonce}:${leaf.currencyId}:${leaf.units}`;
export const leafHash = (leaf: LeafInput): string => sha256hex(0x00, leafText(leaf));

export function parentOf(left: MerkleNode, right: MerkleNode): MerkleNode {
  return { hash: sha256hex(0x01, `${left.hash}:${left.sum}:${right.hash}:${right.sum}`), sum: left.sum + right.sum };
}

/** Every level of the tree, leaves first, root level last. An empty list has no tree. */
export function buildLevels(leaves: MerkleNode[]): MerkleNode[][] {
  if (leaves.length === 0) return [];
  const levels: MerkleNode[][] = [leaves];
  let level = leaves;
  while (level.length > 1) {
    const next: MerkleNode[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const left = level[i]!;
      const right = level[i + 1];
      next.push(right ? parentOf(left, right) : left);
    }
    levels.push(next);
    level = next;
  }
  return levels;
}

export const rootOf = (levels: MerkleNode[][]): MerkleNode | undefined => levels[levels.length - 1]?.[0];

/** The siblings from the leaf at `position` up to the root; `side` says where the sibling sits. */
export function pathOf(levels: MerkleNode[][], position: number): PathStep[] {
  const path: PathStep[] = [];
  let index = position;
  for (let depth = 0; depth < levels.length - 1; depth++) {
    const level = levels[depth]!;
    const siblingIndex = index % 2 === 0 ? index + 1 : index - 1;
    const sibling = level[siblingIndex];
    // No sibling: this node was carried up unchanged.
    if (sibling) path.push({ hash: sibling.hash, sum: sibling.sum.toString(), side: index % 2 === 0 ? 'right' : 'left' });
    index = Math.floor(index / 2);
  }
  return path;
}

/** Recomputes the root from a leaf and its path; true when both hash and sum match the published root. */
export function verifyPath(leaf: LeafInput, path: PathStep[], root: { hash: string; sum: string }): boolean {
  if (!/^\d+$/.test(leaf.units)) return false;
  let node: MerkleNode = { hash: leafHash(leaf), sum: BigInt(leaf.units) };
  for (const step of path) {
    if (!/^\d+$/.test(step.sum) || !/^[0-9a-f]{64}$/.test(step.hash)) return false;
    const sibling = { hash: step.hash, sum: BigInt(step.sum) };
    node = step.side === 'left' ? parentOf(sibling, node) : parentOf(node, sibling);
  }
  return node.hash === root.hash && node.sum.toString() === root.sum;
}
