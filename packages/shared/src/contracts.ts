import type { DealReply, MyTradeReply, PairInfo, Position } from './api/contracts.js';

/**
 * Perpetual contracts (`lever/*`, docs/api-contracts.md): the shapes the server sends and the H5 app
 * reads. Money and prices are decimal strings; money is in the pair's quote coin.
 */

/** `type` of the original client: 1 long (buy up), 2 short (sell down). */
export const LEVER_TYPE = { long: 1, short: 2 } as const;
/** `status` of the original client: 0 entrusted (limit waiting), 1 holding, 3 closed, 4 cancelled. */
export const LEVER_STATUS = { entrusted: 0, holding: 1, closed: 3, cancelled: 4 } as const;
export type LeverStatusName = keyof typeof LEVER_STATUS;
export type LeverCloseReason = 'user' | 'stop_profit' | 'stop_loss' | 'liquidation';

/** Socket events in the user's private room. */
export const LEVER_EVENTS = {
  /** A position changed (opened, filled, stops set, closed, cancelled, liquidated): the full view. */
  trade: 'lever_trade',
  /** The index moved: current price, PnL and risk rate of the user's holding positions on one pair. */
  mark: 'lever_mark',
} as const;

/** A position (its schema: contractsApi.position). */
export type LeverPosition = Position;
export type LeverPairInfo = PairInfo;
/** `lever/deal` */
export type LeverDeal = DealReply;
/** `lever/my_trade` */
export type LeverMyTrade = MyTradeReply;

export type LeverMarkEvent = {
  pair_id: number;
  symbol: string;
  price: string;
  time: number;
  positions: { id: number; current_price: string; profits: string; risk_rate: string | null; market_value: string }[];
};
