import { describe, expect, it } from 'vitest';
import { Engine, SequenceError } from './engine.js';
import type { EngineEvent, EngineSnapshot, PlaceOrder, TradeEvent } from './types.js';

const limit = (id: string, userId: string, side: 'buy' | 'sell', price: number, quantity: number, extra = {}): PlaceOrder => ({
  id,
  userId,
  side,
  type: 'limit',
  price,
  quantity,
  ...extra,
});

const trades = (events: EngineEvent[]) => events.filter((e): e is TradeEvent => e.type === 'trade');
const types = (events: EngineEvent[]) => events.map((e) => (e.type === 'cancelled' ? `cancelled:${e.reason}` : e.type));
const last = (events: EngineEvent[]) => events[events.length - 1]!;

/** An engine with asks 101×5 (a1), 101×5 (a2), 102×10 (a3) and bids 99×5 (b1), 98×10 (b2), all from maker users. */
function seeded(config = {}) {
  const engine = new Engine(config);
  engine.place(limit('a1', 'm1', 'sell', 101, 5));
  engine.place(limit('a2', 'm2', 'sell', 101, 5));
  engine.place(limit('a3', 'm3', 'sell', 102, 10));
  engine.place(limit('b1', 'm4', 'buy', 99, 5));
  engine.place(limit('b2', 'm5', 'buy', 98, 10));
  return engine;
}

describe('limit orders', () => {
  it('rest when they do not cross, aggregated by price, best first', () => {
    const engine = seeded();
    expect(engine.bestBid()).toBe(99);
    expect(engine.bestAsk()).toBe(101);
    expect(engine.depth()).toEqual({
      bids: [
        [99, 5],
        [98, 10],
      ],
      asks: [
        [101, 10],
        [102, 10],
      ],
    });
    expect(engine.depth(1)).toEqual({ bids: [[99, 5]], asks: [[101, 10]] });
    expect(engine.depth(0)).toEqual({ bids: [], asks: [] });
    expect(engine.size).toBe(5);
    expect(engine.getOrder('a2')).toEqual({ id: 'a2', userId: 'm2', side: 'sell', price: 101, qty: 5, seq: 2 });
  });

  it('emits accepted and nothing else when resting', () => {
    const engine = new Engine();
    expect(engine.place(limit('x', 'u', 'buy', 100, 3))).toEqual([
      {
        type: 'accepted',
        seq: 1,
        orderId: 'x',
        userId: 'u',
        side: 'buy',
        orderType: 'limit',
        price: 100,
        quantity: 3,
        quoteAmount: null,
      },
    ]);
  });

  it('trade at the maker’s price, oldest first within a price, better prices first, and rest the remainder', () => {
    const engine = seeded();
    const events = engine.place(limit('t', 'u', 'buy', 102, 13));
    expect(trades(events).map((t) => [t.makerId, t.price, t.qty])).toEqual([
      ['a1', 101, 5],
      ['a2', 101, 5],
      ['a3', 102, 3],
    ]);
    expect(types(events)).toEqual(['accepted', 'trade', 'done', 'trade', 'done', 'trade', 'done']);
    expect(trades(events)[0]).toEqual({
      type: 'trade',
      seq: 6,
      tradeId: 1,
      price: 101,
      qty: 5,
      takerSide: 'buy',
      makerId: 'a1',
      takerId: 't',
      makerUserId: 'm1',
      takerUserId: 'u',
    });
    expect(engine.getOrder('a3')?.qty).toBe(7);
    expect(engine.getOrder('t')).toBeUndefined(); // fully filled
    expect(engine.depth().asks).toEqual([[102, 7]]);
    expect(engine.tradeId).toBe(3);
  });

  it('a better price improves the taker: a buy at 105 pays the resting 101', () => {
    const engine = seeded();
    const events = engine.place(limit('t', 'u', 'buy', 105, 2));
    expect(trades(events)[0]?.price).toBe(101);
    expect(last(events)).toMatchObject({ type: 'done', orderId: 't', reason: 'filled', quoteRemaining: null });
  });

  it('rest the unfilled remainder at its own limit price', () => {
    const engine = seeded();
    engine.place(limit('t', 'u', 'sell', 99, 8));
    expect(engine.getOrder('t')).toMatchObject({ price: 99, qty: 3, side: 'sell' });
    expect(engine.bestAsk()).toBe(99);
    expect(engine.bestBid()).toBe(98);
  });

  it('IOC trades what it can and cancels the rest', () => {
    const engine = seeded();
    const events = engine.place(limit('t', 'u', 'buy', 101, 12, { timeInForce: 'IOC' }));
    expect(trades(events).map((t) => t.qty)).toEqual([5, 5]);
    expect(last(events)).toMatchObject({ type: 'cancelled', orderId: 't', reason: 'ioc', qty: 2 });
    expect(engine.getOrder('t')).toBeUndefined();
    const none = engine.place(limit('t2', 'u', 'buy', 100, 4, { timeInForce: 'IOC' }));
    expect(types(none)).toEqual(['accepted', 'cancelled:ioc']);
    expect(last(none)).toMatchObject({ qty: 4 });
  });

  it('post-only rests when it would not trade and is rejected, changing nothing, when it would', () => {
    const engine = seeded();
    expect(types(engine.place(limit('p1', 'u', 'buy', 100, 1, { postOnly: true })))).toEqual(['accepted']);
    const before = engine.snapshot();
    const events = engine.place(limit('p2', 'u', 'buy', 101, 1, { postOnly: true }));
    expect(events).toEqual([
      { type: 'rejected', seq: 7, command: 'place', orderId: 'p2', userId: 'u', reason: 'post-only would take' },
    ]);
    expect(engine.snapshot()).toEqual({ ...before, seq: 7 });
    expect(types(engine.place(limit('p3', 'u', 'sell', 100, 1, { postOnly: true })))).toEqual(['rejected']);
  });
});

describe('market orders', () => {
  it('against an empty book fill nothing and cancel with reason "no liquidity"', () => {
    const engine = new Engine();
    const events = engine.place({ id: 'm', userId: 'u', side: 'buy', type: 'market', quantity: 5 });
    expect(events).toEqual([
      {
        type: 'accepted',
        seq: 1,
        orderId: 'm',
        userId: 'u',
        side: 'buy',
        orderType: 'market',
        price: null,
        quantity: 5,
        quoteAmount: null,
      },
      {
        type: 'cancelled',
        seq: 1,
        orderId: 'm',
        userId: 'u',
        side: 'buy',
        reason: 'no liquidity',
        qty: 5,
        quoteRemaining: null,
      },
    ]);
    const sell = engine.place({ id: 's', userId: 'u', side: 'sell', type: 'market', quantity: 5 });
    expect(types(sell)).toEqual(['accepted', 'cancelled:no liquidity']);
    expect(engine.size).toBe(0);
  });

  it('sell by quantity walks the bids best first and never rests', () => {
    const engine = seeded();
    const events = engine.place({ id: 'm', userId: 'u', side: 'sell', type: 'market', quantity: 7 });
    expect(trades(events).map((t) => [t.makerId, t.price, t.qty])).toEqual([
      ['b1', 99, 5],
      ['b2', 98, 2],
    ]);
    expect(last(events)).toMatchObject({ type: 'done', orderId: 'm', reason: 'filled' });
    expect(engine.depth().bids).toEqual([[98, 8]]);
  });

  it('trade what there is and cancel the rest when the book runs out', () => {
    const engine = seeded();
    const events = engine.place({ id: 'm', userId: 'u', side: 'buy', type: 'market', quantity: 25 });
    expect(trades(events).reduce((sum, t) => sum + t.qty, 0)).toBe(20);
    expect(last(events)).toMatchObject({ type: 'cancelled', reason: 'no liquidity', qty: 5 });
    expect(engine.bestAsk()).toBeNull();
  });

  it('with a protection price trade only within it and cancel the rest with reason "price band"', () => {
    const engine = seeded();
    engine.place(limit('stray', 'm6', 'buy', 10, 3));
    const sell = engine.place({ id: 's', userId: 'u', side: 'sell', type: 'market', quantity: 30, protectPrice: 98 });
    // 5 at 99 and 10 at 98 (the band's edge is inside it); never the stray bid at 10.
    expect(trades(sell).map((t) => [t.price, t.qty])).toEqual([
      [99, 5],
      [98, 10],
    ]);
    expect(last(sell)).toMatchObject({ type: 'cancelled', reason: 'price band', qty: 15 });
    expect(engine.depth().bids).toEqual([[10, 3]]);
    const buy = engine.place({ id: 'b', userId: 'u', side: 'buy', type: 'market', quoteAmount: 5000, protectPrice: 101 });
    expect(trades(buy).map((t) => t.price)).toEqual([101, 101]);
    expect(last(buy)).toMatchObject({ type: 'cancelled', reason: 'price band', qty: null, quoteRemaining: 5000 - 1010 });
    expect(engine.depth().asks).toEqual([[102, 10]]);
  });

  it('refuse a protection price that is not a positive integer, or on a limit order', () => {
    const engine = seeded();
    expect(engine.place({ id: 'x', userId: 'u', side: 'sell', type: 'market', quantity: 1, protectPrice: 0 })).toMatchObject([
      { type: 'rejected', reason: 'invalid price' },
    ]);
    expect(engine.place({ ...limit('y', 'u', 'buy', 99, 1), protectPrice: 99 })).toMatchObject([
      { type: 'rejected', reason: 'invalid order' },
    ]);
  });

  it('buy bounded by a quote amount spends at most the budget, in whole lots', () => {
    const engine = seeded();
    // 10 lots at 101 = 1010, then 2 lots at 102 = 204 → 1214; 1250 − 1214 = 36 < 102 left over
    const events = engine.place({ id: 'm', userId: 'u', side: 'buy', type: 'market', quoteAmount: 1250 });
    expect(trades(events).map((t) => [t.price, t.qty])).toEqual([
      [101, 5],
      [101, 5],
      [102, 2],
    ]);
    expect(events[0]).toMatchObject({ type: 'accepted', quantity: null, quoteAmount: 1250 });
    expect(last(events)).toMatchObject({ type: 'done', orderId: 'm', reason: 'filled', quoteRemaining: 36 });
    expect(engine.getOrder('a3')?.qty).toBe(8);
  });

  it('buy with a budget too small for one lot trades nothing and is done with the whole budget left', () => {
    const engine = seeded();
    const events = engine.place({ id: 'm', userId: 'u', side: 'buy', type: 'market', quoteAmount: 100 });
    expect(types(events)).toEqual(['accepted', 'done']);
    expect(last(events)).toMatchObject({ quoteRemaining: 100 });
  });

  it('buy with a budget larger than the book cancels for no liquidity with the unspent budget', () => {
    const engine = seeded();
    const events = engine.place({ id: 'm', userId: 'u', side: 'buy', type: 'market', quoteAmount: 5000 });
    expect(last(events)).toEqual({
      type: 'cancelled',
      seq: 6,
      orderId: 'm',
      userId: 'u',
      side: 'buy',
      reason: 'no liquidity',
      qty: null,
      quoteRemaining: 5000 - 1010 - 1020,
    });
  });

  it('buy with both a quantity and a budget stops at whichever comes first', () => {
    const engine = seeded();
    const byQty = engine.place({ id: 'm1', userId: 'u', side: 'buy', type: 'market', quantity: 3, quoteAmount: 10_000 });
    expect(last(byQty)).toMatchObject({ type: 'done', quoteRemaining: 10_000 - 303 });
    const byBudget = engine.place({ id: 'm2', userId: 'u', side: 'buy', type: 'market', quantity: 10, quoteAmount: 303 });
    expect(trades(byBudget).map((t) => t.qty)).toEqual([2, 1]);
    expect(last(byBudget)).toMatchObject({ type: 'cancelled', reason: 'quote exhausted', qty: 7, quoteRemaining: 0 });
  });
});

describe('cancel', () => {
  it('removes only the resting remainder', () => {
    const engine = seeded();
    engine.place(limit('t', 'u', 'buy', 101, 3));
    const events = engine.cancel('a1');
    expect(events).toEqual([
      { type: 'cancelled', seq: 7, orderId: 'a1', userId: 'm1', side: 'sell', reason: 'user', qty: 2, quoteRemaining: null },
    ]);
    expect(engine.depth().asks[0]).toEqual([101, 5]);
    expect(engine.getOrder('a1')).toBeUndefined();
  });

  it('removes an emptied level and keeps the others', () => {
    const engine = seeded();
    engine.cancel('b1');
    expect(engine.bestBid()).toBe(98);
    engine.cancel('a3');
    expect(engine.depth().asks).toEqual([[101, 10]]);
    engine.cancel('a1');
    engine.cancel('a2');
    expect(engine.bestAsk()).toBeNull();
  });

  it('rejects unknown, already filled and other users’ orders', () => {
    const engine = seeded();
    expect(engine.cancel('nope')).toEqual([
      { type: 'rejected', seq: 6, command: 'cancel', orderId: 'nope', userId: null, reason: 'unknown order' },
    ]);
    engine.place(limit('t', 'u', 'buy', 101, 5));
    expect(last(engine.cancel('a1'))).toMatchObject({ type: 'rejected', reason: 'unknown order' });
    expect(last(engine.cancel('a2', { userId: 'someone-else' }))).toMatchObject({
      type: 'rejected',
      reason: 'unknown order',
      userId: 'someone-else',
    });
    expect(last(engine.cancel('a2', { userId: 'm2' }))).toMatchObject({ type: 'cancelled', reason: 'user', qty: 5 });
    expect(last(engine.cancel('a2'))).toMatchObject({ type: 'rejected' });
  });

  it('frees the id: an order id can be used again once its order has left the book', () => {
    const engine = seeded();
    engine.cancel('a1');
    expect(types(engine.place(limit('a1', 'x', 'sell', 103, 1)))).toEqual(['accepted']);
  });
});

describe('self-trade prevention', () => {
  /** Ask 101 of user S (oldest), then of user M, then S again at 101. */
  const book = (config = {}) => {
    const engine = new Engine(config);
    engine.place(limit('s1', 'S', 'sell', 101, 5));
    engine.place(limit('m1', 'M', 'sell', 101, 5));
    engine.place(limit('s2', 'S', 'sell', 102, 5));
    return engine;
  };

  it('defaults to cancel-maker: the resting own order is cancelled and matching continues', () => {
    const engine = book();
    expect(engine.stpMode).toBe('cancel-maker');
    const events = engine.place(limit('t', 'S', 'buy', 102, 8));
    expect(types(events)).toEqual(['accepted', 'cancelled:self-trade', 'trade', 'done', 'cancelled:self-trade']);
    expect(events[1]).toMatchObject({ orderId: 's1', userId: 'S', side: 'sell', qty: 5 });
    expect(trades(events)).toHaveLength(1);
    expect(trades(events)[0]).toMatchObject({ makerId: 'm1', qty: 5 });
    expect(events[4]).toMatchObject({ orderId: 's2' });
    expect(engine.getOrder('t')).toMatchObject({ price: 102, qty: 3 });
    expect(engine.bestAsk()).toBeNull();
  });

  it('cancel-taker: the taker’s remainder is cancelled, the resting order stays, earlier trades stand', () => {
    const engine = new Engine({ stp: 'cancel-taker' });
    engine.place(limit('m1', 'M', 'sell', 101, 5));
    engine.place(limit('s1', 'S', 'sell', 101, 5));
    const events = engine.place(limit('t', 'S', 'buy', 102, 8));
    expect(types(events)).toEqual(['accepted', 'trade', 'done', 'cancelled:self-trade']);
    expect(last(events)).toMatchObject({ orderId: 't', qty: 3 });
    expect(engine.getOrder('s1')?.qty).toBe(5);
    expect(engine.getOrder('t')).toBeUndefined();
  });

  it('cancel-both: both the resting order and the taker’s remainder are cancelled', () => {
    const engine = book({ stp: 'cancel-both' });
    const events = engine.place(limit('t', 'S', 'buy', 102, 8));
    expect(types(events)).toEqual(['accepted', 'cancelled:self-trade', 'cancelled:self-trade']);
    expect(events[1]).toMatchObject({ orderId: 's1', qty: 5 });
    expect(events[2]).toMatchObject({ orderId: 't', qty: 8 });
    expect(engine.getOrder('m1')?.qty).toBe(5);
  });

  it('the taker’s own mode overrides the engine default', () => {
    const engine = book();
    const events = engine.place(limit('t', 'S', 'buy', 102, 8, { stp: 'cancel-taker' }));
    expect(types(events)).toEqual(['accepted', 'cancelled:self-trade']);
    expect(engine.getOrder('s1')?.qty).toBe(5);
  });

  it('applies to market orders too, and never produces a trade with oneself', () => {
    const engine = book();
    const events = engine.place({ id: 'm', userId: 'S', side: 'buy', type: 'market', quantity: 20 });
    expect(trades(events).every((t) => t.makerUserId !== t.takerUserId)).toBe(true);
    expect(last(events)).toMatchObject({ type: 'cancelled', reason: 'no liquidity', qty: 15 });
  });

  it('rejects an unknown mode', () => {
    expect(() => new Engine({ stp: 'allow' as never })).toThrow(TypeError);
  });
});

describe('rejections change nothing but the sequence number', () => {
  const cases: [string, unknown, string][] = [
    ['zero quantity', limit('x', 'u', 'buy', 100, 0), 'invalid quantity'],
    ['negative quantity', limit('x', 'u', 'buy', 100, -5), 'invalid quantity'],
    ['fractional quantity (off the lot grid)', limit('x', 'u', 'buy', 100, 1.5), 'invalid quantity'],
    ['NaN quantity', limit('x', 'u', 'buy', 100, Number.NaN), 'invalid quantity'],
    ['unsafe quantity', limit('x', 'u', 'buy', 100, 2 ** 53), 'invalid quantity'],
    ['quantity as a string', limit('x', 'u', 'buy', 100, '5' as never), 'invalid quantity'],
    ['zero price', limit('x', 'u', 'buy', 0, 5), 'invalid price'],
    ['negative price', limit('x', 'u', 'buy', -100, 5), 'invalid price'],
    ['fractional price (off the tick grid)', limit('x', 'u', 'buy', 100.5, 5), 'invalid price'],
    ['infinite price', limit('x', 'u', 'buy', Number.POSITIVE_INFINITY, 5), 'invalid price'],
    ['missing price', { id: 'x', userId: 'u', side: 'buy', type: 'limit', quantity: 5 }, 'invalid price'],
    ['market sell without quantity', { id: 'x', userId: 'u', side: 'sell', type: 'market' }, 'invalid quantity'],
    ['market buy without quantity or budget', { id: 'x', userId: 'u', side: 'buy', type: 'market' }, 'invalid quantity'],
    ['market buy with zero budget', { id: 'x', userId: 'u', side: 'buy', type: 'market', quoteAmount: 0 }, 'invalid quantity'],
    ['market sell with a budget', { id: 'x', userId: 'u', side: 'sell', type: 'market', quoteAmount: 5 }, 'invalid order'],
    ['market with a price', { id: 'x', userId: 'u', side: 'buy', type: 'market', quantity: 1, price: 100 }, 'invalid order'],
    ['market post-only', { id: 'x', userId: 'u', side: 'buy', type: 'market', quantity: 1, postOnly: true }, 'invalid order'],
    ['limit with a budget', limit('x', 'u', 'buy', 100, 5, { quoteAmount: 500 }), 'invalid order'],
    ['post-only IOC', limit('x', 'u', 'buy', 100, 5, { postOnly: true, timeInForce: 'IOC' }), 'invalid order'],
    ['unknown time in force', limit('x', 'u', 'buy', 100, 5, { timeInForce: 'FOK' }), 'invalid order'],
    ['unknown STP mode', limit('x', 'u', 'buy', 100, 5, { stp: 'none' }), 'invalid order'],
    ['unknown side', limit('x', 'u', 'long' as never, 100, 5), 'invalid order'],
    ['unknown type', { id: 'x', userId: 'u', side: 'buy', type: 'stop', price: 100, quantity: 5 }, 'invalid order'],
    ['empty id', limit('', 'u', 'buy', 100, 5), 'invalid order'],
    ['missing user', { id: 'x', side: 'buy', type: 'limit', price: 100, quantity: 5 }, 'invalid order'],
    ['not an object', null, 'invalid order'],
    ['duplicate live id', limit('a1', 'u', 'buy', 100, 5), 'duplicate order id'],
  ];

  it.each(cases)('%s', (_name, order, reason) => {
    const engine = seeded();
    const before = engine.snapshot();
    const events = engine.place(order as PlaceOrder);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'rejected', seq: 6, command: 'place', reason });
    expect(engine.snapshot()).toEqual({ ...before, seq: 6 });
  });
});

describe('sequence numbers, snapshot, restore, replay', () => {
  it('numbers commands 1, 2, 3 … and refuses a gap or a repeat without changing anything', () => {
    const engine = new Engine();
    expect(engine.place(limit('a', 'u', 'buy', 100, 1), 1)[0]?.seq).toBe(1);
    expect(engine.cancel('zz', { seq: 2 })[0]?.seq).toBe(2);
    const before = engine.snapshot();
    expect(() => engine.place(limit('b', 'u', 'buy', 100, 1), 4)).toThrow(SequenceError);
    expect(() => engine.apply({ op: 'cancel', seq: 2, orderId: 'a' })).toThrow(SequenceError);
    expect(engine.snapshot()).toEqual(before);
    expect(engine.apply({ op: 'cancel', seq: 3, orderId: 'a' })[0]).toMatchObject({ type: 'cancelled', seq: 3 });
    expect(() => engine.apply({ op: 'modify' } as never)).toThrow(TypeError);
    expect(engine.seq).toBe(3);
  });

  it('snapshots to plain JSON and restores to the same state, trade ids included', () => {
    const engine = seeded({ stp: 'cancel-both' });
    engine.place(limit('t', 'u', 'buy', 101, 7));
    const snapshot = engine.snapshot();
    expect(snapshot).toEqual({
      version: 1,
      config: { stp: 'cancel-both' },
      seq: 6,
      tradeId: 2,
      bids: [
        { price: 99, orders: [{ id: 'b1', userId: 'm4', qty: 5, seq: 4 }] },
        { price: 98, orders: [{ id: 'b2', userId: 'm5', qty: 10, seq: 5 }] },
      ],
      asks: [
        { price: 101, orders: [{ id: 'a2', userId: 'm2', qty: 3, seq: 2 }] },
        { price: 102, orders: [{ id: 'a3', userId: 'm3', qty: 10, seq: 3 }] },
      ],
    });
    const restored = Engine.restore(JSON.parse(JSON.stringify(snapshot)) as EngineSnapshot);
    expect(restored.snapshot()).toEqual(snapshot);
    expect(restored.stpMode).toBe('cancel-both');
    const next = limit('n', 'v', 'buy', 102, 20);
    expect(restored.place(next)).toEqual(engine.place(next));
  });

  it('refuses malformed snapshots', () => {
    const good = seeded().snapshot();
    const bad: [string, unknown][] = [
      ['version', { ...good, version: 2 }],
      ['stp', { ...good, config: { stp: 'none' } }],
      ['seq', { ...good, seq: -1 }],
      ['crossed', { ...good, bids: [{ price: 101, orders: [{ id: 'x', userId: 'u', qty: 1, seq: 1 }] }] }],
      ['unsorted', { ...good, asks: [...good.asks].reverse() }],
      ['empty level', { ...good, asks: [{ price: 150, orders: [] }] }],
      ['duplicate id', { ...good, asks: [{ price: 150, orders: [{ id: 'b1', userId: 'u', qty: 1, seq: 1 }] }] }],
      ['zero qty', { ...good, asks: [{ price: 150, orders: [{ id: 'z', userId: 'u', qty: 0, seq: 1 }] }] }],
      ['future seq', { ...good, asks: [{ price: 150, orders: [{ id: 'z', userId: 'u', qty: 1, seq: 99 }] }] }],
      [
        'time priority',
        {
          ...good,
          asks: [
            {
              price: 150,
              orders: [
                { id: 'y', userId: 'u', qty: 1, seq: 3 },
                { id: 'z', userId: 'u', qty: 1, seq: 2 },
              ],
            },
          ],
        },
      ],
      ['not an object', null],
    ];
    for (const [name, snapshot] of bad) {
      expect(() => Engine.restore(snapshot as EngineSnapshot), name).toThrow(TypeError);
    }
  });

  it('replays a command log to the same events and state', () => {
    const engine = new Engine();
    const log = [
      { op: 'place', seq: 1, order: limit('a', 'u1', 'sell', 101, 5) },
      { op: 'place', seq: 2, order: limit('b', 'u2', 'buy', 101, 2) },
      { op: 'cancel', seq: 3, orderId: 'a' },
      { op: 'place', seq: 4, order: { id: 'm', userId: 'u2', side: 'buy', type: 'market', quoteAmount: 1000 } },
    ] as const;
    const events = log.flatMap((command) => engine.apply(command));
    const replayed = new Engine();
    expect(replayed.replay(log)).toEqual(events);
    expect(replayed.snapshot()).toEqual(engine.snapshot());
  });

  it('accepts numeric ids and user ids', () => {
    const engine = new Engine();
    engine.place({ id: 1, userId: 7, side: 'sell', type: 'limit', price: 10, quantity: 1 });
    const events = engine.place({ id: 2, userId: 8, side: 'buy', type: 'limit', price: 10, quantity: 1 });
    expect(trades(events)[0]).toMatchObject({ makerId: 1, takerId: 2, makerUserId: 7, takerUserId: 8 });
    expect(engine.place({ id: 3, userId: 7, side: 'sell', type: 'limit', price: 1.5, quantity: 1 })[0]).toMatchObject({
      reason: 'invalid price',
    });
  });
});
