import { z } from 'zod';
import { amountField, idParams as coinOrPairParams, intField, optionalText } from '../fields.js';
import { approvalTicket } from './approvals.js';
import { FEED_KINDS, pairRules } from './market.js';
import { decimalText, isoTime, rowId } from './reply.js';

// Runtime configuration (console, super only): coins and their chains, pairs' rules and sizes, the
// withdrawal limit, the market maker and the feed's status; and the audit log's list of actions.

const whole = (min: number, max: number) => intField(min, max, 'field_invalid');
/** Amounts stay text until their precision is known (the server parses them). */
const amount = amountField;

/** A fee rate: a fraction below 1 ("0.001" is 0.1 %), at most 8 places. */
const feeRate = z
  .string()
  .regex(/^(0(\.\d{1,8})?)$/, { message: 'field_invalid' })
  .optional();

/** A tick or lot size: a plain positive decimal (the server checks it against the pair). */
const stepSize = z
  .string({ message: 'field_invalid' })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,18})?$/, { message: 'field_invalid' })
  .refine((v) => /[1-9]/.test(v), { message: 'field_invalid' })
  .optional();

/** On/off as the console and forms send it. */
const switchField = z.preprocess(
  (v) => (v === '1' || v === 'true' || v === 1 ? true : v === '0' || v === 'false' || v === 0 ? false : v),
  z.boolean({ message: 'field_invalid' }),
);

const chainName = z.string({ message: 'field_required' }).trim().min(1, 'field_required').max(20, 'chain_unknown');

/** The coin or pair a change is about. */
export const idParams = coinOrPairParams;

/** `GET admin/audit/actions`: the actions the audit log holds, with how many rows each. */
export const auditActionsReply = z.array(z.object({ action: z.string(), count: z.number().int() }));
export type AuditActionsReply = z.infer<typeof auditActionsReply>;

/** A coin with its money rules and chains. */
export const configCoin = z.object({
  id: rowId,
  name: z.string(),
  full_name: z.string(),
  decimals: z.number().int(),
  sort: z.number().int(),
  /** Off: no deposits or withdrawals of the coin (balances stay; pending reviews complete). */
  enabled: z.boolean(),
  deposit_min: decimalText,
  withdraw_min: decimalText,
  withdraw_fee: decimalText,
  chains: z.array(z.string()),
  /** The chains with the platform's deposit address on each (null: deposits on it show nothing). */
  chain_addresses: z.array(z.object({ id: rowId, name: z.string(), address: z.string().nullable() })),
});
export type ConfigCoin = z.infer<typeof configCoin>;

/** A pair's rules; the product switches are set on the products page and shown here for reference. */
export const configPair = z.object({
  id: rowId,
  symbol: z.string(),
  ...pairRules,
  open_coin_trade: z.boolean(),
  open_lever: z.boolean(),
  open_microtrade: z.boolean(),
  open_orders: z.number().int(),
  /** Market orders trade only within this fraction of the index price. */
  price_band: decimalText,
  /** The market maker's ladder on the pair; null: the global market-maker settings apply. */
  mm_levels: z.number().int().nullable(),
  mm_depth: decimalText.nullable(),
  mm_spread_bps: z.number().int().nullable(),
});
export type ConfigPair = z.infer<typeof configPair>;

/** The market maker's quoting parameters (camelCase, as the server's configuration names them). */
export const marketMakerParams = z.object({
  levels: z.number().int(),
  spreadBps: z.number().int(),
  stepBps: z.number().int(),
  levelQuote: decimalText,
  refreshBps: z.number().int(),
  refreshMs: z.number().int(),
  staleMs: z.number().int(),
});
export type MarketMakerParams = z.infer<typeof marketMakerParams>;

/** `GET admin/config`: what the configuration page shows, read fresh from the database and the services. */
export const configReply = z.object({
  coins: z.array(configCoin),
  pairs: z.array(configPair),
  withdraw_daily_limit: z.number().int(),
  market_maker: marketMakerParams.extend({ enabled: z.boolean(), quoting: z.boolean() }),
  feed: z.object({
    kind: z.enum(FEED_KINDS),
    connected: z.boolean(),
    demo: z.boolean(),
    pairs: z.array(
      z.object({ pair_id: rowId, symbol: z.string(), price: decimalText.nullable(), last_tick_at: isoTime.nullable() }),
    ),
  }),
});
export type ConfigReply = z.infer<typeof configReply>;

/** `POST admin/config/coins/:id`: display name and order. */
export const coinBody = z.object({ full_name: optionalText(60), sort: whole(0, 100_000).optional() });
export const coinReply = z.object({ id: rowId, full_name: z.string(), sort: z.number().int() });

/** `POST admin/config/pairs/:id`: fee rates, minimum order, price band and market-maker ladder. */
export const pairRulesBody = z.object({
  min_amount: amount.optional(),
  maker_fee_rate: feeRate,
  taker_fee_rate: feeRate,
  // A fraction of the index price, above 0 and at most 0.5 (the server checks the range).
  price_band: feeRate,
  mm_levels: whole(1, 50).optional(),
  mm_depth: amount.optional(),
  mm_spread_bps: whole(1, 1000).optional(),
});
export type PairRulesBody = z.infer<typeof pairRulesBody>;
export const pairRulesReply = configPair.pick({
  id: true,
  symbol: true,
  min_amount: true,
  maker_fee_rate: true,
  taker_fee_rate: true,
  price_band: true,
  mm_levels: true,
  mm_depth: true,
  mm_spread_bps: true,
});
export type PairRulesReply = z.infer<typeof pairRulesReply>;

/** `POST admin/config/coins/:id/enabled` */
export const coinEnabledBody = z.object({ enabled: switchField });
export const coinEnabledReply = z.object({ id: rowId, name: z.string(), enabled: z.boolean() });

/**
 * `POST admin/config/coins/:id/chains`: a new chain brings a deposit address, so it waits for a second
 * super; the reply is the waiting request.
 */
export const addChainBody = z.object({
  name: chainName,
  address: z.string({ message: 'field_required' }).trim().min(1, 'field_required').max(128, 'address_invalid'),
});
export const addChainReply = approvalTicket;

/** `POST admin/config/coins/:id/chains/remove`: the coin's chains afterwards. */
export const removeChainBody = z.object({ name: chainName });
export const removeChainReply = z.object({ id: rowId, name: z.string(), chains: z.array(z.string()) });

/** `POST admin/config/pairs/:id/sizes`: tick and/or lot size; the market maker's quotes that no longer fit are cancelled. */
export const pairSizesBody = z.object({ tick_size: stepSize, lot_size: stepSize });
export const pairSizesReply = z.object({
  id: rowId,
  symbol: z.string(),
  tick_size: decimalText,
  lot_size: decimalText,
  cancelled_quotes: z.number().int(),
});
export type PairSizesReply = z.infer<typeof pairSizesReply>;

/** `POST admin/config/market-maker`: answers the parameters now in force. */
export const marketMakerBody = z.object({
  levels: whole(1, 50).optional(),
  spreadBps: whole(1, 5000).optional(),
  stepBps: whole(1, 5000).optional(),
  levelQuote: amount.optional(),
  refreshBps: whole(1, 5000).optional(),
  refreshMs: whole(250, 3_600_000).optional(),
  staleMs: whole(1000, 3_600_000).optional(),
});
export const marketMakerReply = marketMakerParams;

/** `POST admin/config/withdraw-limit`: withdrawals a user may request per day. */
export const withdrawLimitBody = z.object({ withdraw_daily_limit: whole(0, 1000) });
export const withdrawLimitReply = z.object({ withdraw_daily_limit: z.number().int() });
