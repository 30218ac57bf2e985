import { beforeAll, describe, expect, it } from 'vitest';
import { verifyLeaf } from './verify';

// A two-leaf tree built by hand, exactly as docs/security.md describes it (prefix byte, then the text).
async function h(prefix: number, text: string): Promise<string> {
  const body = new TextEncoder().encode(text);
  const bytes = new Uint8Array([prefix, ...body]);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (x) => x.toString(16).padStart(2, '0')).join('');
}
const a = { user_id: 1, nonce: 'a'.repeat(32), currency_id: 3, units: '1500000' };
const b = { user_id: 2, nonce: 'b'.repeat(32), currency_id: 3, units: '250' };
let ha = '';
let hb = '';
let root = '';
beforeAll(async () => {
  ha = await h(0, `1:${a.nonce}:3:1500000`);
  hb = await h(0, `2:${b.nonce}:3:250`);
  root = await h(1, `${ha}:1500000:${hb}:250`);
  // The same root as node:crypto computes with the server's hashing (apps/server/src/modules/proof/merkle.ts).
  expect(root).toBe('0d0aa60f6a6f8a23a09ff892f87fd113ed121393c65ed3751f15e818982da481');
});

describe('proof-of-liabilities verification in the browser', () => {
  it('accepts a correct path from either side', async () => {
    expect((await verifyLeaf({ ...a, path: [{ hash: hb, sum: '250', side: 'right' }] }, root, '1500250')).ok).toBe(true);
    const result = await verifyLeaf({ ...b, path: [{ hash: ha, sum: '1500000', side: 'left' }] }, root, '1500250');
    expect(result).toMatchObject({ ok: true, leafHash: hb, computedRoot: root, computedSum: '1500250' });
  });

  it('rejects a tampered path, balance or total', async () => {
    expect((await verifyLeaf({ ...a, path: [{ hash: hb, sum: '0', side: 'right' }] }, root, '1500250')).ok).toBe(false);
    expect((await verifyLeaf({ ...a, path: [{ hash: hb, sum: '250', side: 'left' }] }, root, '1500250')).ok).toBe(false);
    expect((await verifyLeaf({ ...a, units: '1', path: [{ hash: hb, sum: '250', side: 'right' }] }, root, '1500250')).ok).toBe(
      false,
    );
    expect((await verifyLeaf({ ...a, path: [{ hash: hb, sum: '250', side: 'right' }] }, root, '1500251')).ok).toBe(false);
    expect((await verifyLeaf({ ...a, path: [{ hash: 'xyz', sum: '250', side: 'right' }] }, root, '1500250')).ok).toBe(false);
  });
});
