import { z } from 'zod';
import { amountText, intId } from '../fields.js';
import { pairIdentity } from './market.js';
import { coinColumns, decimalText, isoTime, pageFields, pageReply, pairColumns, rowId } from './reply.js';

// Perpetual contracts (`lever/*`, docs/api-contracts.md) and the console's rules per pair and list of
// positions. Money and prices are decimal text; money is in the pair's quote coin.

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const need = (iss: { input?: unknown }) => (iss.input === undefined ? 'field_required' : 'field_invalid');
const coinId = intId('pair_unknown');
const pairFields = { legal_id: z.preprocess(blank, coinId.optional()), currency_id: z.preprocess(blank, coinId.optional()) };
/** Numbers stay text until the pair's rules check them, so "1.5" lots is lots_invalid, not a cast. */
const numberText = amountText('field_invalid').optional();

/** 1 or "long", 2 or "short". */
const side = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined) return undefined;
    if (t === '1' || t === 1 || t === 'long' || t === 'buy') return 'long';
    if (t === '2' || t === 2 || t === 'short' || t === 'sell') return 'short';
    return 'unknown';
  },
  z.enum(['long', 'short'], { error: need }),
);
/** `status` of lever/submit: 1 market (default), 0 limit. */
const entry = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined || t === '1' || t === 1 || t === 'market') return 'market';
    if (t === '0' || t === 0 || t === 'limit') return 'limit';
    return 'unknown';
  },
  z.enum(['market', 'limit'], { message: 'field_invalid' }),
);
/** A position's states by name (`status_name`). */
export const POSITION_STATUSES = ['entrusted', 'holding', 'closed', 'cancelled'] as const;
/** `status` of lever/my_trade: 0 entrusted, 1 holding, 3 closed, 4 cancelled (names accepted too). */
const STATUS_BY_CODE: Record<string, (typeof POSITION_STATUSES)[number]> = {
  '0': 'entrusted',
  '1': 'holding',
  '3': 'closed',
  '4': 'cancelled',
  entrusted: 'entrusted',
  holding: 'holding',
  closed: 'closed',
  cancelled: 'cancelled',
};
const status = z.preprocess((v) => {
  const t = lower(blank(v));
  return t === undefined ? undefined : (STATUS_BY_CODE[String(t)] ?? 'unknown');
}, z.enum(POSITION_STATUSES, { message: 'field_invalid' }).optional());
/** close_all `type`: 0/empty all, 1 longs, 2 shorts. */
const closeSide = z.preprocess(
  (v) => {
    const t = lower(blank(v));
    if (t === undefined || t === '0' || t === 0 || t === 'all') return 'all';
    if (t === '1' || t === 1 || t === 'long') return 'long';
    if (t === '2' || t === 2 || t === 'short') return 'short';
    return 'unknown';
  },
  z.enum(['all', 'long', 'short'], { message: 'field_invalid' }),
);
const idBody = z.object({ id: intId('not_found') });

// ── replies

/** A position as the API and the `lever_trade` event show it: live figures at the current index while open. */
export const position = z.object({
  id: rowId,
  /** Empty, and the coin ids 0, only for a pair no longer listed. */
  symbol: z.string(),
  pair_id: rowId,
  legal_id: z.number().int(),
  currency_id: z.number().int(),
  /** 1 long, 2 short. */
  type: z.union([z.literal(1), z.literal(2)]),
  side: z.enum(['long', 'short']),
  /** 0 entrusted, 1 holding, 3 closed, 4 cancelled. */
  status: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]),
  status_name: z.enum(POSITION_STATUSES),
  /** How it was entered: at the index ('market') or at a limit price ('limit'). */
  entry: z.enum(['market', 'limit']),
  /** Lots. */
  share: z.number().int(),
  multiple: z.number().int(),
  /** Contract size of one lot, in the base coin. */
  lever_share_num: decimalText,
  /** The limit price of a limit entry. */
  target_price: decimalText.nullable(),
  /** Entry price and the moment of the index sample it came from (ms); null while entrusted. */
  open_price: decimalText.nullable(),
  open_price_time: z.number().int().nullable(),
  /** Index price now (open positions) or the exit price (closed). */
  current_price: decimalText.nullable(),
  /** Notional at the current price. */
  market_value: decimalText.nullable(),
  margin: decimalText,
  /** Opening fee. */
  fee: decimalText,
  close_fee: decimalText.nullable(),
  /** Unrealised PnL (holding) or realised PnL (closed; never below −margin); fees not included. */
  profits: decimalText.nullable(),
  /** Equity / margin in percent. */
  risk_rate: decimalText.nullable(),
  maintenance_margin: decimalText.nullable(),
  /** The price at which the position is liquidated; null when it cannot be reached. */
  liquidation_price: decimalText.nullable(),
  target_profit_price: decimalText.nullable(),
  stop_loss_price: decimalText.nullable(),
  close_price: decimalText.nullable(),
  close_price_time: z.number().int().nullable(),
  close_reason: z.enum(['user', 'stop_profit', 'stop_loss', 'liquidation']).nullable(),
  created_at: isoTime,
  opened_at: isoTime.nullable(),
  closed_at: isoTime.nullable(),
});
export type Position = z.infer<typeof position>;

export const pairInfo = z.object({
  ...pairIdentity,
  price_decimals: z.number().int(),
  tick_size: decimalText,
  now_price: decimalText.nullable(),
});
export type PairInfo = z.infer<typeof pairInfo>;

/** `GET|POST lever/deal`: the pair named by legal_id + currency_id, or the first open for contracts. */
export const dealFields = z.object(pairFields);
export const dealReply = z.object({
  pair: pairInfo,
  /** Every pair open for contracts (the pair switcher). */
  pairs: z.array(pairInfo),
  /** Allowed multiples and lot presets. */
  multiple: z.array(z.number().int()),
  lots: z.array(z.number().int()),
  max_lots: z.number().int(),
  lever_share_num: decimalText,
  open_fee_rate: decimalText,
  close_fee_rate: decimalText,
  maintenance_margin_rate: decimalText,
  last_price: decimalText.nullable(),
  price_time: z.number().int().nullable(),
  demo: z.boolean(),
  /** The contract account in the quote coin; `decimals`: the places money is kept in. */
  balance: z.object({
    ...coinColumns,
    decimals: z.number().int(),
    available: decimalText,
    frozen: decimalText,
  }),
  positions: z.array(position),
});
export type DealReply = z.infer<typeof dealReply>;

/** `POST lever/submit`: open a long or short; replies the position. */
export const submitBody = z.object({
  legal_id: coinId,
  currency_id: coinId,
  type: side.describe('1 long, 2 short'),
  status: entry.describe('1 market (default), 0 limit'),
  share: numberText.describe('lots: a whole number ≥ 1'),
  multiple: numberText.describe('one of the pair’s allowed multiples'),
  target_price: numberText.describe('limit entries: the price, on the pair tick'),
  target_profit_price: numberText.describe('optional stop-profit price'),
  stop_loss_price: numberText.describe('optional stop-loss price'),
});

/** `GET|POST lever/my_trade`: the user's positions, with the PnL total and risk rate of the holding ones. */
export const myTradeFields = z.object({ ...pairFields, status, ...pageFields });
export type MyTradeFields = z.infer<typeof myTradeFields>;
export const myTradeReply = pageReply(position).extend({
  /** Σ unrealised PnL of the user's holding positions (in the filter's pair, or all). */
  profits_total: decimalText,
  /** Σ equity / Σ margin of those positions, in percent; null without any. */
  hazard_rate: decimalText.nullable(),
});
export type MyTradeReply = z.infer<typeof myTradeReply>;

/** `POST lever/close`, `lever/cancel`: one position; replies it as it now is. */
export const closeBody = idBody;
export const cancelBody = idBody;
export const positionReply = position;

/** `POST lever/close_all`: the positions that closed. */
export const closeAllBody = z.object({ type: closeSide, ...pairFields });
export const closeAllReply = z.object({ closed: z.array(position) });
export type CloseAllReply = z.infer<typeof closeAllReply>;

/** `POST lever/setstop`: both stops are replaced; at least one is required. */
export const setStopBody = z.object({ id: intId('not_found'), target_profit_price: numberText, stop_loss_price: numberText });

// ── console

/** A pair's contract rules as the console edits them. */
export const settings = z.object({
  contract_size: decimalText,
  multiples: z.array(z.number().int()),
  lot_presets: z.array(z.number().int()),
  open_fee_rate: decimalText,
  close_fee_rate: decimalText,
  maintenance_margin_rate: decimalText,
  max_lots: z.number().int(),
});
export type Settings = z.infer<typeof settings>;
/** A pair with its rules (null: none, so the pair is not open for contracts) and its open positions' count. */
export const settingsRow = z.object({
  ...pairColumns,
  open_lever: z.boolean(),
  open_positions: z.number().int(),
  settings: settings.nullable(),
});
export type SettingsRow = z.infer<typeof settingsRow>;

/** `GET admin/contracts/settings` */
export const settingsReply = z.array(settingsRow);

/** `POST admin/contracts/settings`: fields left out keep their value; replies the pair's row. */
export const setSettingsBody = z.object({
  pair_id: coinId,
  contract_size: numberText,
  multiples: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
  lot_presets: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
  open_fee_rate: numberText,
  close_fee_rate: numberText,
  maintenance_margin_rate: numberText,
  max_lots: numberText,
});
export const setSettingsReply = settingsRow;

/** `GET admin/contracts/positions`: open positions unless a status is asked for. */
export const positionsQuery = z.object({
  pair_id: z.preprocess(blank, coinId.optional()),
  user_id: z.preprocess(blank, coinId.optional()),
  status,
  ...pageFields,
});
export const consolePosition = position.extend({ user_id: rowId });
export type ConsolePosition = z.infer<typeof consolePosition>;
export const positionsReply = pageReply(consolePosition);
