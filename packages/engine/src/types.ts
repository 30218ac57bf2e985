/**
 * Commands in, events out. Every number here is an integer: prices in ticks, quantities in lots, quote
 * amounts in quote units (tick × lot); see units.ts for the exact conversions.
 */

export type Side = 'buy' | 'sell';
export type OrderType = 'limit' | 'market';
/** GTC rests the unfilled remainder; IOC cancels it. Market orders are always IOC. */
export type TimeInForce = 'GTC' | 'IOC';
/**
 * What happens when a taker would trade with a resting order of the same user (the taker's mode applies):
 * - `cancel-maker` (default): cancel the resting order and keep matching: the newer intent wins
 *   ("cancel oldest", Binance's EXPIRE_MAKER);
 * - `cancel-taker`: stop matching and cancel the taker's remainder; trades already made stand;
 * - `cancel-both`: cancel the resting order and the taker's remainder.
 * There is no mode that lets a user trade with themselves.
 */
export type StpMode = 'cancel-maker' | 'cancel-taker' | 'cancel-both';

/** Order ids must be unique among live orders; use one type (string or number) throughout: 1 ≠ '1'. */
export type OrderId = string | number;
export type UserId = string | number;

export interface PlaceOrder {
  id: OrderId;
  userId: UserId;
  side: Side;
  type: OrderType;
  /** Limit price in ticks; limit orders only. */
  price?: number;
  /** Lots. Required for limit orders and market sells; a market buy needs `quantity`, `quoteAmount` or both. */
  quantity?: number;
  /**
   * Market buys only: the most quote units to spend. With `quantity` as well, whichever bound is hit
   * first; if the budget runs out first, the rest of the quantity is cancelled ('quote exhausted').
   */
  quoteAmount?: number;
  /** Limit orders only; default GTC. */
  timeInForce?: TimeInForce;
  /**
   * Market orders only: the worst price (ticks) it may trade at — a buy takes no ask above it, a sell
   * no bid below it. What the band leaves unfilled is cancelled ('price band'). Omitted: no bound.
   */
  protectPrice?: number;
  /** Limit GTC only: reject instead of trading if the order would cross the book. */
  postOnly?: boolean;
  /** Overrides the engine's default self-trade prevention for this order (as the taker). */
  stp?: StpMode;
}

export interface PlaceCommand {
  op: 'place';
  /** Must be the engine's `seq + 1` when given; assigned when omitted. */
  seq?: number;
  order: PlaceOrder;
}

export interface CancelCommand {
  op: 'cancel';
  seq?: number;
  orderId: OrderId;
  /** When given, an order of another user is treated as unknown. */
  userId?: UserId;
}

export type Command = PlaceCommand | CancelCommand;

export type CancelReason =
  /** cancelled by its owner (a cancel command) */
  | 'user'
  /** a market order found no (more) resting orders to trade with */
  | 'no liquidity'
  /** a market order's next resting order is beyond its `protectPrice` */
  | 'price band'
  /** a market buy with both `quantity` and `quoteAmount` spent its budget before its quantity */
  | 'quote exhausted'
  /** the unfilled remainder of an IOC limit order */
  | 'ioc'
  /** self-trade prevention */
  | 'self-trade'
  /** resting the remainder would take a price level's total past 2^53 − 1 lots */
  | 'quantity limit';

export type RejectReason =
  | 'invalid order'
  | 'invalid price'
  | 'invalid quantity'
  | 'duplicate order id'
  | 'post-only would take'
  | 'unknown order';

export interface AcceptedEvent {
  type: 'accepted';
  seq: number;
  orderId: OrderId;
  userId: UserId;
  side: Side;
  orderType: OrderType;
  price: number | null;
  quantity: number | null;
  quoteAmount: number | null;
}

export interface TradeEvent {
  type: 'trade';
  seq: number;
  /** 1, 2, 3 … per engine, part of the state (survives snapshot/restore). */
  tradeId: number;
  /** The maker's price, in ticks. */
  price: number;
  /** Lots. The quote amount is exactly price × qty quote units. */
  qty: number;
  takerSide: Side;
  makerId: OrderId;
  takerId: OrderId;
  makerUserId: UserId;
  takerUserId: UserId;
}

/**
 * The order is complete: all its quantity traded, or, for a market buy with `quoteAmount` and no
 * `quantity`, its budget is spent (what is left cannot buy one lot at the next price).
 */
export interface DoneEvent {
  type: 'done';
  seq: number;
  orderId: OrderId;
  userId: UserId;
  side: Side;
  reason: 'filled';
  /** Quote-bounded market buys: the unspent budget (less than one lot at the next price); otherwise null. */
  quoteRemaining: number | null;
}

/** The order's unfilled remainder (`qty` lots) leaves the book, or never enters it. */
export interface CancelledEvent {
  type: 'cancelled';
  seq: number;
  orderId: OrderId;
  userId: UserId;
  side: Side;
  reason: CancelReason;
  /** Lots cancelled; null for a market buy bounded only by `quoteAmount`. */
  qty: number | null;
  /** Quote-bounded market buys: the unspent budget; otherwise null. */
  quoteRemaining: number | null;
}

/** The command changed nothing (apart from consuming its sequence number). */
export interface RejectedEvent {
  type: 'rejected';
  seq: number;
  command: 'place' | 'cancel';
  orderId: OrderId | null;
  userId: UserId | null;
  reason: RejectReason;
}

export type EngineEvent = AcceptedEvent | TradeEvent | DoneEvent | CancelledEvent | RejectedEvent;

export interface EngineConfig {
  /** Default self-trade prevention mode; `cancel-maker` when omitted. */
  stp?: StpMode;
}

export interface SnapshotOrder {
  id: OrderId;
  userId: UserId;
  /** Remaining lots. */
  qty: number;
  /** The sequence number of the command that placed it (its time priority). */
  seq: number;
}

export interface SnapshotLevel {
  price: number;
  /** Oldest first. */
  orders: SnapshotOrder[];
}

/** Plain JSON: the whole state of one market's engine. */
export interface EngineSnapshot {
  version: 1;
  config: { stp: StpMode };
  /** The last applied command's sequence number. */
  seq: number;
  /** The last trade id issued. */
  tradeId: number;
  /** Best price first. */
  bids: SnapshotLevel[];
  asks: SnapshotLevel[];
}

export interface Depth {
  /** [priceTicks, qtyLots], best first */
  bids: [number, number][];
  asks: [number, number][];
}

export interface OrderView {
  id: OrderId;
  userId: UserId;
  side: Side;
  price: number;
  /** Remaining lots. */
  qty: number;
  seq: number;
}
