import { BookSide, Level, OrderNode } from './book.js';
import type {
  CancelReason,
  Command,
  Depth,
  EngineConfig,
  EngineEvent,
  EngineSnapshot,
  OrderId,
  OrderView,
  PlaceOrder,
  RejectReason,
  Side,
  SnapshotLevel,
  StpMode,
  UserId,
} from './types.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const STP_CANCEL_MAKER = 0;
const STP_CANCEL_TAKER = 1;
const STP_CANCEL_BOTH = 2;
const STP_MODES: readonly StpMode[] = ['cancel-maker', 'cancel-taker', 'cancel-both'];

/** Why matching stopped with quantity left. */
const STOP_PRICE = 0; // the next level does not cross the limit price (or nothing left to fill)
const STOP_EMPTY = 1; // the other side of the book is empty
const STOP_BUDGET = 2; // a quote-bounded market buy cannot afford one more lot
const STOP_STP = 3; // self-trade prevention cancelled the taker

/** A command's `seq` was not the next one: the log has a gap or a repeat. Nothing was changed. */
export class SequenceError extends Error {
  readonly expected: number;
  readonly received: number;
  constructor(expected: number, received: number) {
    super(`command seq ${received} is out of order: expected ${expected}`);
    this.name = 'SequenceError';
    this.expected = expected;
    this.received = received;
  }
}

const isPositiveInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

const isId = (value: unknown): value is OrderId =>
  (typeof value === 'string' && value.length > 0) || (typeof value === 'number' && Number.isSafeInteger(value));

const stpCode = (mode: unknown): number => {
  if (mode === 'cancel-maker') return STP_CANCEL_MAKER;
  if (mode === 'cancel-taker') return STP_CANCEL_TAKER;
  if (mode === 'cancel-both') return STP_CANCEL_BOTH;
  return -1;
};

/** Why an order cannot be accepted at all, before looking at the book (null: it is well-formed). */
function invalidReason(order: PlaceOrder): RejectReason | null {
  if (order === null || typeof order !== 'object') return 'invalid order';
  if (!isId(order.id) || !isId(order.userId)) return 'invalid order';
  if (order.side !== 'buy' && order.side !== 'sell') return 'invalid order';
  if (order.stp != null && stpCode(order.stp) < 0) return 'invalid order';
  const { quantity, quoteAmount, timeInForce, postOnly } = order;
  if (postOnly != null && typeof postOnly !== 'boolean') return 'invalid order';
  if (order.type === 'limit') {
    if (quoteAmount != null || order.protectPrice != null) return 'invalid order';
    if (timeInForce != null && timeInForce !== 'GTC' && timeInForce !== 'IOC') return 'invalid order';
    if (postOnly === true && timeInForce === 'IOC') return 'invalid order';
    if (!isPositiveInt(order.price)) return 'invalid price';
    if (!isPositiveInt(quantity)) return 'invalid quantity';
    return null;
  }
  if (order.type === 'market') {
    if (order.price != null || postOnly === true) return 'invalid order';
    if (timeInForce != null && timeInForce !== 'IOC') return 'invalid order';
    if (order.protectPrice != null && !isPositiveInt(order.protectPrice)) return 'invalid price';
    if (order.side === 'sell') {
      if (quoteAmount != null) return 'invalid order';
      return isPositiveInt(quantity) ? null : 'invalid quantity';
    }
    if (quantity == null && quoteAmount == null) return 'invalid quantity';
    if (quantity != null && !isPositiveInt(quantity)) return 'invalid quantity';
    if (quoteAmount != null && !isPositiveInt(quoteAmount)) return 'invalid quantity';
    return null;
  }
  return 'invalid order';
}

/**
 * The order book and matching engine of one market. Single-threaded, no I/O, no clock, no randomness:
 * the same commands from the same state give the same events and the same state.
 *
 * Prices are integer ticks, quantities integer lots, quote amounts integer quote units (tick × lot);
 * all are safe integers (≤ 2^53 − 1), so every sum and product the engine forms is exact.
 */
export class Engine {
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly orders = new Map<OrderId, OrderNode>();
  private readonly stpDefault: number;
  private lastSeq = 0;
  private lastTradeId = 0;
  /** Nodes of filled and cancelled orders, reused for new resting orders (linked through `next`). */
  private free: OrderNode | null = null;

  // Results of match(), kept on the instance instead of a result object per call.
  private matchRemaining = 0;
  private matchQuote = -1;
  private matchStop = STOP_PRICE;

  constructor(config: EngineConfig = {}) {
    const stp = config.stp ?? 'cancel-maker';
    const code = stpCode(stp);
    if (code < 0) throw new TypeError(`unknown self-trade prevention mode: ${String(stp)}`);
    this.stpDefault = code;
  }

  /** The sequence number of the last command applied (0 before the first). */
  get seq(): number {
    return this.lastSeq;
  }

  /** The last trade id issued (0 before the first trade). */
  get tradeId(): number {
    return this.lastTradeId;
  }

  /** Number of resting orders. */
  get size(): number {
    return this.orders.size;
  }

  get stpMode(): StpMode {
    return STP_MODES[this.stpDefault]!;
  }

  private claimSeq(seq: number | undefined | null): number {
    const next = this.lastSeq + 1;
    if (seq != null && seq !== next) throw new SequenceError(next, seq);
    this.lastSeq = next;
    return next;
  }

  /** Applies one command from a log (or built by the caller). */
  apply(command: Command): EngineEvent[] {
    if (command !== null && typeof command === 'object') {
      if (command.op === 'place') return this.place(command.order, command.seq);
      if (command.op === 'cancel') return this.cancel(command.orderId, { userId: command.userId, seq: command.seq });
    }
    throw new TypeError('a command is { op: "place", order } or { op: "cancel", orderId }');
  }

  /** Applies commands in order and returns all their events, as the original run produced them. */
  replay(commands: Iterable<Command>): EngineEvent[] {
    const all: EngineEvent[] = [];
    for (const command of commands) {
      const events = this.apply(command);
      for (let i = 0; i < events.length; i++) all.push(events[i]!);
    }
    return all;
  }

  place(order: PlaceOrder, seq?: number): EngineEvent[] {
    const s = this.claimSeq(seq);
    const invalid = invalidReason(order);
    if (invalid !== null) return this.reject(s, order, invalid);
    const { id, userId, side } = order;
    if (this.orders.has(id)) return this.reject(s, order, 'duplicate order id');
    const isBuy = side === 'buy';
    const isLimit = order.type === 'limit';
    const price = isLimit ? (order.price as number) : 0;
    // A market order's band is matched like a limit price; nothing of it ever rests.
    const bound = isLimit ? price : (order.protectPrice ?? 0);
    if (isLimit && order.postOnly === true) {
      const best = (isBuy ? this.asks : this.bids).best();
      if (best !== undefined && (isBuy ? best.price <= price : best.price >= price)) {
        return this.reject(s, order, 'post-only would take');
      }
    }
    const quantity = order.quantity ?? null;
    const quoteAmount = isBuy && !isLimit ? (order.quoteAmount ?? null) : null;
    const events: EngineEvent[] = [
      {
        type: 'accepted',
        seq: s,
        orderId: id,
        userId,
        side,
        orderType: order.type,
        price: isLimit ? price : null,
        quantity,
        quoteAmount,
      },
    ];

    const stp = order.stp == null ? this.stpDefault : stpCode(order.stp);
    this.match(events, s, id, userId, side, isBuy, bound, quantity ?? MAX_SAFE, quoteAmount ?? -1, stp);
    const remaining = this.matchRemaining;
    const quoteLeft = quoteAmount === null ? null : this.matchQuote;
    const stop = this.matchStop;

    if (remaining === 0) {
      events.push(this.done(s, id, userId, side, quoteLeft));
    } else if (stop === STOP_STP) {
      events.push(this.cancelled(s, id, userId, side, 'self-trade', quantity === null ? null : remaining, quoteLeft));
    } else if (!isLimit) {
      if (stop === STOP_PRICE) {
        events.push(this.cancelled(s, id, userId, side, 'price band', quantity === null ? null : remaining, quoteLeft));
      } else if (stop !== STOP_BUDGET) {
        events.push(this.cancelled(s, id, userId, side, 'no liquidity', quantity === null ? null : remaining, quoteLeft));
      } else if (quantity === null) events.push(this.done(s, id, userId, side, quoteLeft));
      else events.push(this.cancelled(s, id, userId, side, 'quote exhausted', remaining, quoteLeft));
    } else if (order.timeInForce === 'IOC') {
      events.push(this.cancelled(s, id, userId, side, 'ioc', remaining, null));
    } else {
      const level = (isBuy ? this.bids : this.asks).levelFor(price);
      if (level.total > MAX_SAFE - remaining) {
        // Unreachable in practice (2^53 lots at one price); refuse rather than lose exactness.
        events.push(this.cancelled(s, id, userId, side, 'quantity limit', remaining, null));
      } else {
        let node = this.free;
        if (node === null) node = new OrderNode(id, userId, isBuy, price, remaining, s, level);
        else {
          this.free = node.next;
          node.next = null;
          node.id = id;
          node.userId = userId;
          node.isBuy = isBuy;
          node.price = price;
          node.remaining = remaining;
          node.seq = s;
          node.level = level;
        }
        level.append(node);
        this.orders.set(id, node);
      }
    }
    return events;
  }

  /** Cancels the resting remainder of an order. With `userId`, another user's order counts as unknown. */
  cancel(orderId: OrderId, options?: { userId?: UserId | undefined; seq?: number | undefined }): EngineEvent[] {
    const s = this.claimSeq(options?.seq);
    const node = this.orders.get(orderId);
    const userId = options?.userId;
    if (node === undefined || (userId != null && node.userId !== userId)) {
      return [
        {
          type: 'rejected',
          seq: s,
          command: 'cancel',
          orderId: isId(orderId) ? orderId : null,
          userId: isId(userId) ? userId : null,
          reason: 'unknown order',
        },
      ];
    }
    const events: EngineEvent[] = [
      this.cancelled(s, node.id, node.userId, node.isBuy ? 'buy' : 'sell', 'user', node.remaining, null),
    ];
    this.remove(node.isBuy ? this.bids : this.asks, node);
    return events;
  }

  /**
   * Trades the taker against the other side of the book, best price first and, within a price, oldest
   * first. `limit` 0 means a market order. `quote` −1 means no quote budget. Leaves the remaining lots,
   * the remaining budget and why it stopped in matchRemaining / matchQuote / matchStop.
   */
  private match(
    events: EngineEvent[],
    seq: number,
    takerId: OrderId,
    takerUserId: UserId,
    takerSide: Side,
    isBuy: boolean,
    limit: number,
    quantity: number,
    quote: number,
    stp: number,
  ): void {
    const book = isBuy ? this.asks : this.bids;
    const levels = book.levels;
    let remaining = quantity;
    let quoteLeft = quote;
    let stop = STOP_PRICE;
    outer: while (remaining > 0) {
      if (quoteLeft === 0) {
        stop = STOP_BUDGET;
        break;
      }
      const top = levels.length - 1;
      if (top < 0) {
        stop = STOP_EMPTY;
        break;
      }
      const level = levels[top]!;
      const price = level.price;
      if (limit !== 0 && (isBuy ? price > limit : price < limit)) break;
      let node = level.head;
      while (node !== null) {
        if (quoteLeft >= 0 && quoteLeft < price) {
          stop = STOP_BUDGET;
          break outer;
        }
        const next = node.next;
        if (node.userId === takerUserId) {
          if (stp === STP_CANCEL_TAKER) {
            stop = STOP_STP;
            break outer;
          }
          events.push(this.cancelled(seq, node.id, node.userId, isBuy ? 'sell' : 'buy', 'self-trade', node.remaining, null));
          this.remove(book, node);
          if (stp === STP_CANCEL_BOTH) {
            stop = STOP_STP;
            break outer;
          }
          node = next;
          continue;
        }
        let fill = Math.min(node.remaining, remaining);
        if (quoteLeft >= 0) {
          // Exact integer division: % on integers is exact in IEEE arithmetic, and so is dividing an exact multiple.
          const affordable = (quoteLeft - (quoteLeft % price)) / price;
          if (affordable < fill) fill = affordable;
          quoteLeft -= fill * price;
        }
        remaining -= fill;
        node.remaining -= fill;
        level.total -= fill;
        events.push({
          type: 'trade',
          seq,
          tradeId: ++this.lastTradeId,
          price,
          qty: fill,
          takerSide,
          makerId: node.id,
          takerId,
          makerUserId: node.userId,
          takerUserId,
        });
        if (node.remaining === 0) {
          events.push(this.done(seq, node.id, node.userId, isBuy ? 'sell' : 'buy', null));
          this.remove(book, node);
        }
        if (remaining === 0) break outer;
        node = next;
      }
    }
    this.matchRemaining = remaining;
    this.matchQuote = quoteLeft;
    this.matchStop = stop;
  }

  /** Takes a resting order out of the book (its level too, once empty). */
  private remove(book: BookSide, node: OrderNode): void {
    const level = node.level;
    level.unlink(node);
    this.orders.delete(node.id);
    if (level.count === 0) book.removeLevel(level);
    node.next = this.free;
    this.free = node;
  }

  private done(seq: number, orderId: OrderId, userId: UserId, side: Side, quoteRemaining: number | null): EngineEvent {
    return { type: 'done', seq, orderId, userId, side, reason: 'filled', quoteRemaining };
  }

  private cancelled(
    seq: number,
    orderId: OrderId,
    userId: UserId,
    side: Side,
    reason: CancelReason,
    qty: number | null,
    quoteRemaining: number | null,
  ): EngineEvent {
    return { type: 'cancelled', seq, orderId, userId, side, reason, qty, quoteRemaining };
  }

  private reject(seq: number, order: PlaceOrder, reason: RejectReason): EngineEvent[] {
    const valid = order !== null && typeof order === 'object';
    return [
      {
        type: 'rejected',
        seq,
        command: 'place',
        orderId: valid && isId(order.id) ? order.id : null,
        userId: valid && isId(order.userId) ? order.userId : null,
        reason,
      },
    ];
  }

  bestBid(): number | null {
    return this.bids.best()?.price ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.price ?? null;
  }

  /** Aggregated quantity per price, best first, at most `levels` per side (all when omitted). */
  depth(levels?: number): Depth {
    const side = (book: BookSide): [number, number][] => {
      const out: [number, number][] = [];
      const all = book.levels;
      const stop = levels === undefined ? 0 : Math.max(0, all.length - Math.max(0, Math.floor(levels)));
      for (let i = all.length - 1; i >= stop; i--) out.push([all[i]!.price, all[i]!.total]);
      return out;
    };
    return { bids: side(this.bids), asks: side(this.asks) };
  }

  /** A resting order, or undefined once it is filled, cancelled or never rested. */
  getOrder(orderId: OrderId): OrderView | undefined {
    const node = this.orders.get(orderId);
    if (node === undefined) return undefined;
    return {
      id: node.id,
      userId: node.userId,
      side: node.isBuy ? 'buy' : 'sell',
      price: node.price,
      qty: node.remaining,
      seq: node.seq,
    };
  }

  /** The whole state as plain JSON-able data. */
  snapshot(): EngineSnapshot {
    const side = (book: BookSide): SnapshotLevel[] => {
      const out: SnapshotLevel[] = [];
      for (let i = book.levels.length - 1; i >= 0; i--) {
        const level = book.levels[i]!;
        const orders = [];
        for (let node = level.head; node !== null; node = node.next) {
          orders.push({ id: node.id, userId: node.userId, qty: node.remaining, seq: node.seq });
        }
        out.push({ price: level.price, orders });
      }
      return out;
    };
    return {
      version: 1,
      config: { stp: this.stpMode },
      seq: this.lastSeq,
      tradeId: this.lastTradeId,
      bids: side(this.bids),
      asks: side(this.asks),
    };
  }

  /** Rebuilds an engine from `snapshot()` output (checked: a malformed snapshot throws, it never half-loads). */
  static restore(snapshot: EngineSnapshot): Engine {
    const fail = (why: string): never => {
      throw new TypeError(`invalid engine snapshot: ${why}`);
    };
    if (snapshot === null || typeof snapshot !== 'object' || snapshot.version !== 1) fail('unknown version');
    if (snapshot.config === null || typeof snapshot.config !== 'object' || stpCode(snapshot.config.stp) < 0) {
      fail('config.stp');
    }
    const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
    if (!isCount(snapshot.seq) || !isCount(snapshot.tradeId)) fail('seq / tradeId');
    const engine = new Engine({ stp: snapshot.config.stp });
    engine.lastSeq = snapshot.seq;
    engine.lastTradeId = snapshot.tradeId;
    const load = (levels: SnapshotLevel[], book: BookSide, name: string): void => {
      if (!Array.isArray(levels)) fail(`${name} is not an array`);
      let previous: Level | undefined;
      // Built worst → best by pushing best-first entries and reversing once (no sorted inserts).
      const built: Level[] = [];
      for (const entry of levels) {
        if (entry === null || typeof entry !== 'object' || !isPositiveInt(entry.price)) fail(`${name}: bad price`);
        if (!Array.isArray(entry.orders) || entry.orders.length === 0) fail(`${name} ${entry.price}: no orders`);
        // Best first in the snapshot: each price strictly worse than the one before.
        if (previous !== undefined && (book.isBid ? entry.price >= previous.price : entry.price <= previous.price)) {
          fail(`${name} not sorted best first at ${entry.price}`);
        }
        const level = new Level(entry.price, book.isBid ? entry.price : -entry.price);
        built.push(level);
        let lastSeq = 0;
        for (const o of entry.orders) {
          if (o === null || typeof o !== 'object' || !isId(o.id) || !isId(o.userId)) fail(`${name} ${entry.price}: bad order`);
          if (!isPositiveInt(o.qty) || !isPositiveInt(o.seq)) fail(`order ${o.id}: bad qty / seq`);
          if (o.seq <= lastSeq || o.seq > snapshot.seq) fail(`order ${o.id}: seq out of time priority`);
          if (engine.orders.has(o.id)) fail(`order ${o.id} appears twice`);
          if (level.total > MAX_SAFE - o.qty) fail(`level ${entry.price} holds more than 2^53 − 1 lots`);
          lastSeq = o.seq;
          const node = new OrderNode(o.id, o.userId, book.isBid, entry.price, o.qty, o.seq, level);
          level.append(node);
          engine.orders.set(o.id, node);
        }
        previous = level;
      }
      built.reverse();
      for (const level of built) book.levels.push(level);
    };
    load(snapshot.bids, engine.bids, 'bids');
    load(snapshot.asks, engine.asks, 'asks');
    const bid = engine.bestBid();
    const ask = engine.bestAsk();
    if (bid !== null && ask !== null && bid >= ask) fail(`crossed book (bid ${bid} ≥ ask ${ask})`);
    return engine;
  }
}
