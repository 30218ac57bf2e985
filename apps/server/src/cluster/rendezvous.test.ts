import { describe, expect, it } from 'vitest';
import { desiredOwner, ranking, weight } from './rendezvous.js';

const pairs = Array.from({ length: 3_000 }, (_, i) => i + 1);
const assign = (nodes: string[]) => new Map(pairs.map((p) => [p, desiredOwner(p, nodes)!]));

describe('rendezvous hashing of pairs over nodes', () => {
  it('is deterministic and independent of the order the nodes are listed in', () => {
    expect(weight('node-a', 7)).toBe(weight('node-a', 7));
    expect(weight('node-a', 7)).not.toBe(weight('node-b', 7));
    expect(assign(['a', 'b', 'c'])).toEqual(assign(['c', 'a', 'b']));
    expect(ranking(5, ['x', 'y', 'z']).sort()).toEqual(['x', 'y', 'z']);
    expect(desiredOwner(1, [])).toBeUndefined();
  });

  it('spreads many pairs evenly over the nodes', () => {
    for (const nodes of [
      ['n1', 'n2'],
      ['n1', 'n2', 'n3'],
      ['orders-1', 'orders-2', 'orders-3', 'orders-4', 'orders-5'],
    ]) {
      const counts = new Map<string, number>();
      for (const owner of assign(nodes).values()) counts.set(owner, (counts.get(owner) ?? 0) + 1);
      const fair = pairs.length / nodes.length;
      expect([...counts.keys()].sort()).toEqual([...nodes].sort());
      for (const count of counts.values()) expect(Math.abs(count - fair) / fair).toBeLessThan(0.1);
    }
  });

  it('moves only the pairs the joining node now wins (about 1/N) when a node joins', () => {
    const before = assign(['n1', 'n2', 'n3']);
    const after = assign(['n1', 'n2', 'n3', 'n4']);
    const moved = pairs.filter((p) => before.get(p) !== after.get(p));
    // Every moved pair went to the new node; nothing moved between the old ones.
    expect(moved.every((p) => after.get(p) === 'n4')).toBe(true);
    expect(Math.abs(moved.length / pairs.length - 1 / 4)).toBeLessThan(0.03);
  });

  it("gives only the leaving node's pairs away, each to its runner-up, when a node leaves", () => {
    const before = assign(['n1', 'n2', 'n3']);
    const after = assign(['n1', 'n3']);
    for (const p of pairs) {
      if (before.get(p) !== 'n2') expect(after.get(p)).toBe(before.get(p));
      else expect(after.get(p)).toBe(ranking(p, ['n1', 'n2', 'n3'])[1]);
    }
  });
});
