/**
 * Checks a proof-of-liabilities leaf in the browser with Web Crypto (SHA-256), independently of the
 * server: the user's leaf is rebuilt from their id, nonce, coin and balance, hashed up its path, and
 * the result compared with the published root and total. The hashing is the server's
 * (apps/server/src/modules/proof/merkle.ts, docs/security.md):
 *   leaf = SHA-256(0x00 ‖ "<user_id>:<nonce>:<currency_id>:<units>")
 *   node = SHA-256(0x01 ‖ "<left hash>:<left sum>:<right hash>:<right sum>"), sum = left + right.
 */

export type PathStep = { hash: string; sum: string; side: 'left' | 'right' };
export type LeafProof = { user_id: number; nonce: string; currency_id: number; units: string; path: PathStep[] };
export type VerifyResult = { ok: boolean; leafHash: string; computedRoot: string; computedSum: string };

const encoder = new TextEncoder();

async function sha256hex(prefix: number, text: string): Promise<string> {
  const body = encoder.encode(text);
  const bytes = new Uint8Array(body.length + 1);
  bytes[0] = prefix;
  bytes.set(body, 1);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Verifies `leaf` against the published `root` (hash) and `total` (sum of every leaf, in units). */
export async function verifyLeaf(leaf: LeafProof, root: string, total: string): Promise<VerifyResult> {
  const leafHash = await sha256hex(0x00, `${leaf.user_id}:${leaf.nonce}:${leaf.currency_id}:${leaf.units}`);
  if (!/^\d+$/.test(leaf.units)) return { ok: false, leafHash, computedRoot: '', computedSum: '' };
  let hash = leafHash;
  let sum = BigInt(leaf.units);
  for (const step of leaf.path) {
    if (!/^\d+$/.test(step.sum) || !/^[0-9a-f]{64}$/.test(step.hash))
      return { ok: false, leafHash, computedRoot: '', computedSum: '' };
    const sibling = BigInt(step.sum);
    hash =
      step.side === 'left'
        ? await sha256hex(0x01, `${step.hash}:${sibling}:${hash}:${sum}`)
        : await sha256hex(0x01, `${hash}:${sum}:${step.hash}:${sibling}`);
    sum += sibling;
  }
  return { ok: hash === root && sum.toString() === total, leafHash, computedRoot: hash, computedSum: sum.toString() };
}
