import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Engine } from './engine.js';
import type {
  CancelReason,
  Command,
  EngineEvent,
  EngineSnapshot,
  OrderId,
  PlaceOrder,
  RejectReason,
  Side,
  StpMode,
  UserId,
} from './types.js';

/**
 * A deliberately naive reference book: resting orders in one array in arrival order; the maker for each
 * fill is found by scanning for the best price and, at that price, the earliest arrival. Nothing in it
 * shares code or data structures with the engine, so agreement on every event is evidence that the
 * engine's levels, FIFO lists and index implement price-time priority.
 */
class ReferenceBook {
  resting: { id: OrderId; userId: UserId; side: Side; price: number; qty: number; seq: number }[] = [];
  seq = 0;
  tradeId = 0;
  constructor(readonly stp: StpMode) {}

  apply(command: Command): EngineEvent[] {
    return command.op === 'place' ? this.place(command.order) : this.cancel(command.orderId);
  }

  cancel(orderId: OrderId): EngineEvent[] {
    const seq = ++this.seq;
    const index = this.resting.findIndex((o) => o.id === orderId);
    if (index < 0) {
      return [{ type: 'rejected', seq, command: 'cancel', orderId, userId: null, reason: 'unknown order' }];
    }
    const [o] = this.resting.splice(index, 1);
    return [cancelled(seq, o!.id, o!.userId, o!.side, 'user', o!.qty, null)];
  }

  place(order: PlaceOrder): EngineEvent[] {
    const seq = ++this.seq;
    const reject = (reason: RejectReason): EngineEvent[] => [
      { type: 'rejected', seq, command: 'place', orderId: order.id, userId: order.userId, reason },
    ];
    const isLimit = order.type === 'limit';
    // Only the invalid shapes the generator makes are modelled.
    if (isLimit && order.postOnly && order.timeInForce === 'IOC') return reject('invalid order');
    if (isLimit && !(order.price! > 0)) return reject('invalid price');
    if (order.quantity !== undefined && !(order.quantity > 0)) return reject('invalid quantity');
    if (order.quoteAmount !== undefined && !(order.quoteAmount > 0)) return reject('invalid quantity');
    if (this.resting.some((o) => o.id === order.id)) return reject('duplicate order id');
    const isBuy = order.side === 'buy';
    const bound = isLimit ? order.price : order.protectPrice;
    const crosses = (price: number) => bound === undefined || (isBuy ? price <= bound : price >= bound);
    const makers = () =>
      this.resting
        .filter((o) => o.side !== order.side && crosses(o.price))
        .sort((a, b) => (isBuy ? a.price - b.price : b.price - a.price) || a.seq - b.seq);
    if (order.postOnly && makers().length > 0) return reject('post-only would take');

    const events: EngineEvent[] = [
      {
        type: 'accepted',
        seq,
        orderId: order.id,
        userId: order.userId,
        side: order.side,
        orderType: order.type,
        price: isLimit ? order.price! : null,
        quantity: order.quantity ?? null,
        quoteAmount: order.quoteAmount ?? null,
      },
    ];
    const stp = order.stp ?? this.stp;
    let remaining = order.quantity ?? Number.MAX_SAFE_INTEGER;
    let budget = order.quoteAmount ?? -1;
    let stop: 'none' | 'empty' | 'band' | 'budget' | 'stp' = 'none';
    while (remaining > 0) {
      if (budget === 0) {
        stop = 'budget';
        break;
      }
      const maker = makers()[0];
      if (maker === undefined) {
        if (!this.resting.some((o) => o.side !== order.side)) stop = 'empty';
        else if (!isLimit) stop = 'band';
        break;
      }
      if (budget >= 0 && budget < maker.price) {
        stop = 'budget';
        break;
      }
      if (maker.userId === order.userId) {
        if (stp === 'cancel-taker') {
          stop = 'stp';
          break;
        }
        this.resting.splice(this.resting.indexOf(maker), 1);
        events.push(cancelled(seq, maker.id, maker.userId, maker.side, 'self-trade', maker.qty, null));
        if (stp === 'cancel-both') {
          stop = 'stp';
          break;
        }
        continue;
      }
      let fill = Math.min(maker.qty, remaining);
      if (budget >= 0) fill = Math.min(fill, Math.floor(budget / maker.price));
      budget = budget >= 0 ? budget - fill * maker.price : budget;
      remaining -= fill;
      maker.qty -= fill;
      events.push({
        type: 'trade',
        seq,
        tradeId: ++this.tradeId,
        price: maker.price,
        qty: fill,
        takerSide: order.side,
        makerId: maker.id,
        takerId: order.id,
        makerUserId: maker.userId,
        takerUserId: order.userId,
      });
      if (maker.qty === 0) {
        this.resting.splice(this.resting.indexOf(maker), 1);
        events.push(done(seq, maker.id, maker.userId, maker.side, null));
      }
    }
    const quoteLeft = order.quoteAmount === undefined ? null : budget;
    const qtyLeft = order.quantity === undefined ? null : remaining;
    if (remaining === 0) events.push(done(seq, order.id, order.userId, order.side, quoteLeft));
    else if (stop === 'stp') events.push(cancelled(seq, order.id, order.userId, order.side, 'self-trade', qtyLeft, quoteLeft));
    else if (!isLimit && stop === 'budget' && qtyLeft === null)
      events.push(done(seq, order.id, order.userId, order.side, quoteLeft));
    else if (!isLimit && stop === 'budget') {
      events.push(cancelled(seq, order.id, order.userId, order.side, 'quote exhausted', qtyLeft, quoteLeft));
    } else if (!isLimit && stop === 'band') {
      events.push(cancelled(seq, order.id, order.userId, order.side, 'price band', qtyLeft, quoteLeft));
    } else if (!isLimit) events.push(cancelled(seq, order.id, order.userId, order.side, 'no liquidity', qtyLeft, quoteLeft));
    else if (order.timeInForce === 'IOC') events.push(cancelled(seq, order.id, order.userId, order.side, 'ioc', remaining, null));
    else this.resting.push({ id: order.id, userId: order.userId, side: order.side, price: order.price!, qty: remaining, seq });
    return events;
  }

  depth() {
    const side = (s: Side) => {
      const totals = new Map<number, number>();
      for (const o of this.resting) if (o.side === s) totals.set(o.price, (totals.get(o.price) ?? 0) + o.qty);
      return [...totals].sort((a, b) => (s === 'buy' ? b[0] - a[0] : a[0] - b[0]));
    };
    return { bids: side('buy'), asks: side('sell') };
  }
}

const done = (seq: number, orderId: OrderId, userId: UserId, side: Side, quoteRemaining: number | null): EngineEvent => ({
  type: 'done',
  seq,
  orderId,
  userId,
  side,
  reason: 'filled',
  quoteRemaining,
});

const cancelled = (
  seq: number,
  orderId: OrderId,
  userId: UserId,
  side: Side,
  reason: CancelReason,
  qty: number | null,
  quoteRemaining: number | null,
): EngineEvent => ({ type: 'cancelled', seq, orderId, userId, side, reason, qty, quoteRemaining });

// ---------------------------------------------------------------------------------------------------
// Generators: a small price range, few users (so self-trades happen) and cancels of earlier orders.

const STP_MODES: StpMode[] = ['cancel-maker', 'cancel-taker', 'cancel-both'];

type Step =
  | {
      kind: 'limit';
      side: Side;
      price: number;
      qty: number;
      user: number;
      tif?: 'GTC' | 'IOC';
      postOnly?: boolean;
      stp?: StpMode;
    }
  | { kind: 'market'; side: Side; qty?: number; budget?: number; band?: number; user: number; stp?: StpMode }
  | { kind: 'cancel'; target: number }
  | { kind: 'reuse'; target: number; side: Side; price: number; qty: number; user: number };

const side = fc.constantFrom<Side>('buy', 'sell');
const user = fc.integer({ min: 1, max: 3 });
const stp = fc.option(fc.constantFrom(...STP_MODES), { nil: undefined });

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      price: fc.oneof({ weight: 30, arbitrary: fc.integer({ min: 95, max: 105 }) }, { weight: 1, arbitrary: fc.constant(0) }),
      qty: fc.oneof(
        { weight: 30, arbitrary: fc.integer({ min: 1, max: 20 }) },
        { weight: 1, arbitrary: fc.integer({ min: -2, max: 0 }) },
      ),
      user,
      tif: fc.option(fc.constantFrom<'GTC' | 'IOC'>('GTC', 'IOC'), { nil: undefined, freq: 2 }),
      postOnly: fc.option(fc.boolean(), { nil: undefined, freq: 2 }),
      stp,
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        kind: fc.constant('market' as const),
        side,
        qty: fc.option(fc.integer({ min: 0, max: 40 }), { nil: undefined, freq: 4 }),
        budget: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: undefined, freq: 2 }),
        // The price band: a bound inside, at the edge of or off the generated book.
        band: fc.option(fc.integer({ min: 94, max: 106 }), { nil: undefined, freq: 2 }),
        user,
        stp,
      })
      .map((s) =>
        s.side === 'sell'
          ? { ...s, budget: undefined, qty: s.qty ?? 1 }
          : s.qty === undefined && s.budget === undefined
            ? { ...s, qty: 1 }
            : s,
      ),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), target: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reuse' as const),
      target: fc.nat(),
      side,
      price: fc.integer({ min: 95, max: 105 }),
      qty: fc.integer({ min: 1, max: 20 }),
      user,
    }),
  },
);

/** Turns generated steps into a command log with explicit sequence numbers and ids o1, o2 … */
function toCommands(steps: Step[]): Command[] {
  const commands: Command[] = [];
  let placed = 0;
  for (const s of steps) {
    const seq = commands.length + 1;
    const earlier = (target: number) => `o${placed === 0 ? 1 : (target % (placed + 1)) + 1}`; // sometimes unknown
    if (s.kind === 'cancel') {
      commands.push({ op: 'cancel', seq, orderId: earlier(s.target) });
      continue;
    }
    let order: PlaceOrder;
    if (s.kind === 'reuse') {
      // An id that may still be live (duplicate) or may have left the book (allowed again).
      order = { id: earlier(s.target), userId: `u${s.user}`, side: s.side, type: 'limit', price: s.price, quantity: s.qty };
    } else {
      placed++;
      const id = `o${placed}`;
      order =
        s.kind === 'limit'
          ? { id, userId: `u${s.user}`, side: s.side, type: 'limit', price: s.price, quantity: s.qty }
          : { id, userId: `u${s.user}`, side: s.side, type: 'market' };
      if (s.kind === 'limit') {
        if (s.tif !== undefined) order.timeInForce = s.tif;
        if (s.postOnly !== undefined) order.postOnly = s.postOnly;
      } else {
        if (s.qty !== undefined) order.quantity = s.qty;
        if (s.budget !== undefined) order.quoteAmount = s.budget;
        if (s.band !== undefined) order.protectPrice = s.band;
      }
      if (s.stp !== undefined) order.stp = s.stp;
    }
    commands.push({ op: 'place', seq, order });
  }
  return commands;
}

const scenario = fc.record({
  stp: fc.constantFrom(...STP_MODES),
  commands: fc.array(step, { maxLength: 160, size: 'max' }).map(toCommands),
});

const json = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;
const RUNS = { numRuns: 300 };

describe('engine properties (random sequences of place / cancel)', () => {
  it('agrees event for event with a naive price-time reference book', () => {
    fc.assert(
      fc.property(scenario, ({ stp, commands }) => {
        const engine = new Engine({ stp });
        const reference = new ReferenceBook(stp);
        for (const command of commands) {
          expect(engine.apply(command)).toEqual(reference.apply(command));
          expect(engine.depth()).toEqual(reference.depth());
        }
      }),
      RUNS,
    );
  });

  it('never leaves the book crossed, never trades a user with themselves, fills better prices first and same prices in arrival order', () => {
    fc.assert(
      fc.property(scenario, ({ stp, commands }) => {
        const engine = new Engine({ stp });
        const arrival = new Map<OrderId, number>(); // seq of the live order with that id
        for (const command of commands) {
          const before = engine.snapshot();
          const events = engine.apply(command);
          const bid = engine.bestBid();
          const ask = engine.bestAsk();
          if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);

          const fills = events.filter((e) => e.type === 'trade');
          let previous: { price: number; makerSeq: number } | undefined;
          for (const t of fills) {
            expect(t.makerUserId).not.toBe(t.takerUserId);
            const makerSeq = arrival.get(t.makerId)!;
            if (previous !== undefined) {
              // prices never get worse for the taker…
              if (t.takerSide === 'buy') expect(t.price).toBeGreaterThanOrEqual(previous.price);
              else expect(t.price).toBeLessThanOrEqual(previous.price);
              // …and at one price, makers fill in the order they arrived
              if (t.price === previous.price) expect(makerSeq).toBeGreaterThan(previous.makerSeq);
            }
            previous = { price: t.price, makerSeq };
          }
          if (previous !== undefined) {
            // Every maker at a better price than the last fill was used up (traded or removed by STP).
            const takerSide = fills[0]!.takerSide;
            const levels = takerSide === 'buy' ? before.asks : before.bids;
            const better = levels.filter((l) => (takerSide === 'buy' ? l.price < previous!.price : l.price > previous!.price));
            for (const level of better) for (const o of level.orders) expect(engine.getOrder(o.id)).toBeUndefined();
          }
          for (const e of events) if (e.type === 'accepted') arrival.set(e.orderId, e.seq);
        }
      }),
      RUNS,
    );
  });

  it('conserves quantity: placed = filled (maker and taker sides) + resting + cancelled, per order and in total', () => {
    fc.assert(
      fc.property(scenario, ({ stp, commands }) => {
        const engine = new Engine({ stp });
        type Tally = {
          quantity: number | null;
          quote: number | null;
          filled: number;
          spent: number;
          cancelled: number;
          closed: number;
        };
        const orders: Tally[] = [];
        const live = new Map<OrderId, Tally>(); // accepted orders not yet done/cancelled
        let traded = 0;
        for (const command of commands) {
          for (const e of engine.apply(command)) {
            if (e.type === 'accepted') {
              const tally = { quantity: e.quantity, quote: e.quoteAmount, filled: 0, spent: 0, cancelled: 0, closed: 0 };
              orders.push(tally);
              live.set(e.orderId, tally);
            } else if (e.type === 'trade') {
              traded += e.qty;
              for (const id of [e.makerId, e.takerId]) {
                const tally = live.get(id)!;
                tally.filled += e.qty;
                if (id === e.takerId) tally.spent += e.price * e.qty;
              }
            } else if (e.type === 'done' || e.type === 'cancelled') {
              const tally = live.get(e.orderId)!;
              tally.closed++;
              if (e.type === 'cancelled') tally.cancelled += e.qty ?? 0;
              if (tally.quote !== null) expect(tally.spent + e.quoteRemaining!).toBe(tally.quote);
              live.delete(e.orderId);
            }
          }
        }
        // Orders still live are exactly the resting ones, with what is left of them.
        expect(live.size).toBe(engine.size);
        const resting = new Map<OrderId, number>();
        for (const [id, tally] of live) {
          const order = engine.getOrder(id);
          expect(order).toBeDefined();
          resting.set(id, order!.qty);
          expect(tally.quantity).toBe(tally.filled + order!.qty);
        }
        let placed = 0;
        let filledBothSides = 0;
        let cancelledTotal = 0;
        let quoteOnlyFills = 0;
        for (const tally of orders) {
          expect(tally.closed).toBeLessThanOrEqual(1);
          filledBothSides += tally.filled;
          cancelledTotal += tally.cancelled;
          if (tally.quantity === null)
            quoteOnlyFills += tally.filled; // market buys bounded only by budget
          else placed += tally.quantity;
          if (tally.closed === 1 && tally.quantity !== null) expect(tally.filled + tally.cancelled).toBe(tally.quantity);
        }
        const restingTotal = [...resting.values()].reduce((a, b) => a + b, 0);
        const depth = engine.depth();
        expect([...depth.bids, ...depth.asks].reduce((a, [, q]) => a + q, 0)).toBe(restingTotal);
        expect(filledBothSides).toBe(2 * traded);
        expect(placed).toBe(2 * traded - quoteOnlyFills + restingTotal + cancelledTotal);
      }),
      RUNS,
    );
  });

  it('replaying the command log gives the same events and the same snapshot', () => {
    fc.assert(
      fc.property(scenario, ({ stp, commands }) => {
        const engine = new Engine({ stp });
        const events = commands.flatMap((c) => engine.apply(c));
        const replayed = new Engine({ stp });
        expect(replayed.replay(json(commands))).toEqual(events);
        expect(replayed.snapshot()).toEqual(engine.snapshot());
      }),
      RUNS,
    );
  });

  it('snapshot → JSON → restore, then continuing, gives what not snapshotting gives', () => {
    fc.assert(
      fc.property(scenario, fc.nat(), ({ stp, commands }, cut) => {
        const at = commands.length === 0 ? 0 : cut % (commands.length + 1);
        const straight = new Engine({ stp });
        const eventsStraight = commands.flatMap((c) => straight.apply(c));

        const first = new Engine({ stp });
        const eventsBefore = commands.slice(0, at).flatMap((c) => first.apply(c));
        const snapshot = json(first.snapshot());
        const restored = Engine.restore(snapshot as EngineSnapshot);
        expect(restored.snapshot()).toEqual(snapshot);
        const eventsAfter = restored.replay(commands.slice(at));
        expect([...eventsBefore, ...eventsAfter]).toEqual(eventsStraight);
        expect(restored.snapshot()).toEqual(straight.snapshot());
      }),
      RUNS,
    );
  });
});
