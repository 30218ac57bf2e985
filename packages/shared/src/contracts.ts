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

export type LeverPosition = {
  id: number;
  symbol: string;
  pair_id: number;
  legal_id: number;
  currency_id: number;
  /** 1 long, 2 short. */
  type: 1 | 2;
  side: 'long' | 'short';
  /** 0 entrusted, 1 holding, 3 closed, 4 cancelled. */
  status: 0 | 1 | 3 | 4;
  status_name: LeverStatusName;
  /** How it was entered: at the index ('market') or at a limit price ('limit'). */
  entry: 'market' | 'limit';
  /** Lots. */
  share: number;
  multiple: number;
  /** Contract size of one lot, in the base coin. */
  lever_share_num: string;
  /** The limit price of a limit entry. */
  target_price: string | null;
  /** Entry price and the moment of the index sample it came from (ms); null while entrusted. */
  open_price: string | null;
  open_price_time: number | null;
  /** Index price now (open positions) or the exit price (closed). */
  current_price: string | null;
  /** Notional at the current price. */
  market_value: string | null;
  margin: string;
  /** Opening fee. */
  fee: string;
  close_fee: string | null;
  /** Unrealised PnL (holding) or realised PnL (closed; never below −margin); fees not included. */
  profits: string | null;
  /** Equity / margin in percent. */
  risk_rate: string | null;
  maintenance_margin: string | null;
  /** The price at which the position is liquidated; null when it cannot be reached. */
  liquidation_price: string | null;
  target_profit_price: string | null;
  stop_loss_price: string | null;
  close_price: string | null;
  close_price_time: number | null;
  close_reason: LeverCloseReason | null;
  created_at: string;
  opened_at: string | null;
  closed_at: string | null;
};

export type LeverPairInfo = {
  id: number;
  symbol: string;
  legal_id: number;
  currency_id: number;
  legal_name: string;
  currency_name: string;
  price_decimals: number;
  tick_size: string;
  now_price: string | null;
};

export type LeverDeal = {
  pair: LeverPairInfo;
  /** Every pair open for contracts (the pair switcher). */
  pairs: LeverPairInfo[];
  /** Allowed multiples and lot presets. */
  multiple: number[];
  lots: number[];
  max_lots: number;
  lever_share_num: string;
  open_fee_rate: string;
  close_fee_rate: string;
  maintenance_margin_rate: string;
  last_price: string | null;
  price_time: number | null;
  demo: boolean;
  /** The contract account in the quote coin; `decimals`: the places money is kept in. */
  balance: { currency_id: number; currency_name: string; decimals: number; available: string; frozen: string };
  positions: LeverPosition[];
};

export type LeverMyTrade = {
  list: LeverPosition[];
  total: number;
  page: number;
  limit: number;
  /** Σ unrealised PnL of the user's holding positions (in the filter's pair, or all). */
  profits_total: string;
  /** Σ equity / Σ margin of those positions, in percent; null without any. */
  hazard_rate: string | null;
};

export type LeverMarkEvent = {
  pair_id: number;
  symbol: string;
  price: string;
  time: number;
  positions: { id: number; current_price: string; profits: string; risk_rate: string | null; market_value: string }[];
};
