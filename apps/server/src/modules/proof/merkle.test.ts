import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildLevels, type LeafInput, leafHash, parentOf, pathOf, rootOf, verifyPath } from './merkle.js';

const leaves = (n: number): LeafInput[] =>
  Array.from({ length: n }, (_, i) => ({
    userId: i + 1,
    nonce: `${i}`.padStart(32, 'a'),
    currencyId: 3,
    units: String((i + 1) * 1000),
  }));
const nodes = (list: LeafInput[]) => list.map((l) => ({ hash: leafHash(l), sum: BigInt(l.units) }));

describe('proof-of-liabilities Merkle sum tree', () => {
  it('hashes a leaf exactly as documented', () => {
    const leaf = { userId: 7, nonce: '0123456789abcdef0123456789abcdef', currencyId: 1, units: '150000000' };
    const expected = createHash('sha256')
      .update(Buffer.concat([Buffer.from([0]), Buffer.from('7:0123456789abcdef0123456789abcdef:1:150000000')]))
      .digest('hex');
    expect(leafHash(leaf)).toBe(expected);
    const a = { hash: 'a'.repeat(64), sum: 1n };
    const b = { hash: 'b'.repeat(64), sum: 2n };
    const node = createHash('sha256')
      .update(Buffer.concat([Buffer.from([1]), Buffer.from(`${'a'.repeat(64)}:1:${'b'.repeat(64)}:2`)]))
      .digest('hex');
    expect(parentOf(a, b)).toEqual({ hash: node, sum: 3n });
    // The vector the H5 app's Web Crypto check is tested with (apps/h5/src/features/proof/verify.test.ts).
    const l1 = { userId: 1, nonce: 'a'.repeat(32), currencyId: 3, units: '1500000' };
    const l2 = { userId: 2, nonce: 'b'.repeat(32), currencyId: 3, units: '250' };
    expect(rootOf(buildLevels(nodes([l1, l2])))!.hash).toBe('0d0aa60f6a6f8a23a09ff892f87fd113ed121393c65ed3751f15e818982da481');
  });

  it('verifies the path of every leaf for trees of 1 to 9 leaves, and the root sums every balance', () => {
    for (let n = 1; n <= 9; n++) {
      const list = leaves(n);
      const levels = buildLevels(nodes(list));
      const root = rootOf(levels)!;
      expect(root.sum).toBe(list.reduce((s, l) => s + BigInt(l.units), 0n));
      list.forEach((leaf, i) => {
        expect(verifyPath(leaf, pathOf(levels, i), { hash: root.hash, sum: root.sum.toString() }), `n=${n} i=${i}`).toBe(true);
      });
    }
  });

  it('fails a tampered path, leaf, balance or root', () => {
    const list = leaves(6);
    const levels = buildLevels(nodes(list));
    const root = rootOf(levels)!;
    const published = { hash: root.hash, sum: root.sum.toString() };
    const path = pathOf(levels, 2);
    expect(verifyPath(list[2]!, path, published)).toBe(true);
    // A sibling's hash changed.
    const flipped = path.map((s, i) => (i === 0 ? { ...s, hash: s.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) } : s));
    expect(verifyPath(list[2]!, flipped, published)).toBe(false);
    // A sibling's sum lowered (hiding liabilities).
    expect(
      verifyPath(
        list[2]!,
        path.map((s, i) => (i === 1 ? { ...s, sum: '0' } : s)),
        published,
      ),
    ).toBe(false);
    // Sides swapped.
    expect(
      verifyPath(
        list[2]!,
        path.map((s) => ({ ...s, side: s.side === 'left' ? 'right' : 'left' })),
        published,
      ),
    ).toBe(false);
    // Another balance, nonce or user for the same path.
    expect(verifyPath({ ...list[2]!, units: '1' }, path, published)).toBe(false);
    expect(verifyPath({ ...list[2]!, nonce: 'b'.repeat(32) }, path, published)).toBe(false);
    expect(verifyPath({ ...list[2]!, userId: 99 }, path, published)).toBe(false);
    // A step dropped, or the wrong root.
    expect(verifyPath(list[2]!, path.slice(1), published)).toBe(false);
    expect(verifyPath(list[2]!, path, { ...published, sum: (root.sum - 1n).toString() })).toBe(false);
    // Malformed input is refused, not thrown.
    expect(verifyPath(list[2]!, [{ hash: 'zz', sum: '1', side: 'left' }], published)).toBe(false);
  });

  it('carries an odd node up instead of duplicating it', () => {
    const three = buildLevels(nodes(leaves(3)));
    expect(three.map((l) => l.length)).toEqual([3, 2, 1]);
    expect(three[1]![1]).toEqual(three[0]![2]);
    // Duplicating the last leaf would give a different root (and a different total).
    const four = buildLevels(nodes([...leaves(3), leaves(3)[2]!]));
    expect(rootOf(four)!.hash).not.toBe(rootOf(three)!.hash);
  });
});
