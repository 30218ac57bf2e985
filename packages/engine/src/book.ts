import type { OrderId, UserId } from './types.js';

/**
 * One resting order: a node of its price level's intrusive FIFO list (O(1) append, O(1) unlink by node,
 * found through the engine's id → node map).
 */
export class OrderNode {
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
  constructor(
    public id: OrderId,
    public userId: UserId,
    public isBuy: boolean,
    public price: number,
    public remaining: number,
    public seq: number,
    public level: Level,
  ) {}
}

export class Level {
  /** Sum of the remaining lots of the orders at this level. */
  total = 0;
  count = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  constructor(
    readonly price: number,
    /** Sort key: price for bids, −price for asks, so that on both sides a larger key is a better price. */
    readonly key: number,
  ) {}

  append(node: OrderNode): void {
    const tail = this.tail;
    node.prev = tail;
    if (tail === null) this.head = node;
    else tail.next = node;
    this.tail = node;
    this.count++;
    this.total += node.remaining;
  }

  unlink(node: OrderNode): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    this.count--;
    this.total -= node.remaining;
  }
}

/**
 * One side of the book: price levels in an array sorted worst → best, so the best level is the last
 * element (matching pops from the end, and most new orders arrive at or near the touch, which is an
 * append or a short move). Lookup of another price is a binary search. A tree would bound the worst case
 * of inserting a new level deep in a very wide book (O(levels) moves); a few hundred levels near the
 * touch is the normal shape of a book and an array beats a tree there.
 */
export class BookSide {
  readonly levels: Level[] = [];
  constructor(readonly isBid: boolean) {}

  best(): Level | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Index of the first level whose key is ≥ `key` (levels.length if none). */
  private lowerBound(key: number): number {
    const levels = this.levels;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (levels[mid]!.key < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  find(price: number): Level | undefined {
    const key = this.isBid ? price : -price;
    const levels = this.levels;
    const n = levels.length;
    if (n > 0 && levels[n - 1]!.key === key) return levels[n - 1];
    const level = levels[this.lowerBound(key)];
    return level !== undefined && level.key === key ? level : undefined;
  }

  /** The level at `price`, created (empty) if there is none. */
  levelFor(price: number): Level {
    const key = this.isBid ? price : -price;
    const levels = this.levels;
    const n = levels.length;
    if (n === 0 || levels[n - 1]!.key < key) {
      const level = new Level(price, key);
      levels.push(level);
      return level;
    }
    if (levels[n - 1]!.key === key) return levels[n - 1]!;
    const index = this.lowerBound(key);
    const found = levels[index]!;
    if (found.key === key) return found;
    const level = new Level(price, key);
    levels.splice(index, 0, level);
    return level;
  }

  removeLevel(level: Level): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] === level) {
      levels.pop();
      return;
    }
    const index = this.lowerBound(level.key);
    if (levels[index] === level) levels.splice(index, 1);
  }
}
