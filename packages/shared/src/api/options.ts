import { z } from 'zod';
import { amountText, idField, idParams, intField, intId, MAX_INT32, omittedIfEmpty } from '../fields.js';
import { coinColumns, decimalText, pageFields, pageReply, rowId } from './reply.js';

// Time-based options (`microtrade/*`): the delivery times operators offer, purchases and the user's
// orders; and the console's delivery-time editing and read-only order list. Times in these replies are
// milliseconds since the epoch (or whole seconds where the field says `_second`), as the client counts.

/** An order's state: `void` when a second it needed had no recorded sample (the stake came back in full). */
export const ORDER_STATES = ['open', 'settled', 'void'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Why a void order was voided. */
export const VOID_REASONS = ['no_sample_open', 'no_sample_delivery', 'source_changed'] as const;
export type VoidReason = (typeof VOID_REASONS)[number];

/** The console's ratios and limits: text, checked as plain decimals by the service. */
const secondsText = amountText('field_invalid');
const switchField = z.preprocess((v) => {
  if (v === '' || v === undefined || v === null) return undefined;
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean({ message: 'field_invalid' }).optional());

/** A delivery time: ratios in percent ("85", "12.5"), stake limits in the stake coin. */
export const secondsRow = z.object({
  id: rowId,
  seconds: z.number().int(),
  profit_ratio: decimalText,
  loss_ratio: decimalText,
  min_num: decimalText,
  max_num: decimalText,
  enabled: z.boolean(),
});
export type SecondsRow = z.infer<typeof secondsRow>;

/** `GET microtrade/seconds` (the enabled ones) and `GET admin/options/seconds` (every one), shortest first. */
export const secondsReply = z.array(secondsRow);

/** `GET microtrade/payable_currencies`: the stake coins with the user's option-account balance. */
export const payableCurrency = z.object({
  id: rowId,
  currency_id: rowId,
  name: z.string(),
  decimals: z.number().int(),
  balance: decimalText,
  frozen: decimalText,
});
export type PayableCurrency = z.infer<typeof payableCurrency>;
export const payableCurrenciesReply = z.array(payableCurrency);

/** An option order as `microtrade/*` (and its socket events) shows it. */
export const optionOrder = z.object({
  id: rowId,
  match_id: rowId,
  symbol_name: z.string(),
  ...coinColumns,
  /** 1 up, 2 down. */
  type: z.union([z.literal(1), z.literal(2)]),
  seconds: z.number().int(),
  number: decimalText,
  profit_ratio: decimalText,
  loss_ratio: decimalText,
  fee: decimalText,
  /** The recorded index sample of the purchase second: null until that second is final (or if it has none). */
  open_price: decimalText.nullable(),
  open_price_time: z.number().int().nullable(),
  open_second: z.number().int().nullable(),
  created_at: z.number().int(),
  delivery_second: z.number().int(),
  delivery_at: z.number().int(),
  remain_milli_seconds: z.number().int(),
  status: z.enum(ORDER_STATES),
  end_price: decimalText.nullable(),
  end_price_time: z.number().int().nullable(),
  end_second: z.number().int().nullable(),
  void_reason: z.enum(VOID_REASONS).nullable(),
  /** 1 win, 0 flat, -1 loss. */
  profit_result: z.union([z.literal(-1), z.literal(0), z.literal(1)]).nullable(),
  payout: decimalText.nullable(),
  fact_profits: decimalText.nullable(),
  settled_at: z.number().int().nullable(),
  demo: z.boolean(),
});
export type OptionOrder = z.infer<typeof optionOrder>;

/** `POST microtrade/submit`: buy up (type 1) or down (type 2) over a delivery time; replies the order. */
export const submitBody = z.object({
  match_id: intId('option_pair_closed'),
  currency_id: intId('currency_unknown'),
  type: z.preprocess(
    (v) => (typeof v === 'string' ? Number(v) : v),
    z.union([z.literal(1), z.literal(2)], { message: 'field_invalid' }),
  ),
  seconds: intField(1, 86_400, 'option_seconds_unknown'),
  /** Amounts stay text until the coin's precision is known. */
  number: amountText().optional(),
});
export const submitReply = optionOrder;

/** `GET microtrade/lists`: open (status=open) or delivered and void (status=delivered, settled or 2), paged. */
export const listsQuery = z.object({
  status: z.preprocess(
    (v) =>
      v === '' || v === undefined
        ? 'open'
        : v === 'delivered' || v === 'settled' || v === '2'
          ? 'settled'
          : v === '1'
            ? 'open'
            : v,
    z.enum(['open', 'settled'], { message: 'field_invalid' }),
  ),
  ...pageFields,
});
/** `now`: the server's clock when it answered (ms). */
export const listsReply = pageReply(optionOrder).extend({ now: z.number().int() });
export type ListsReply = z.infer<typeof listsReply>;

/** `POST admin/options/seconds`: add a delivery time (audited); replies it. */
export const createSecondsBody = z.object({
  seconds: intField(-MAX_INT32, MAX_INT32),
  profit_ratio: secondsText,
  loss_ratio: secondsText,
  min_num: secondsText,
  max_num: secondsText,
  enabled: switchField,
});
export const createSecondsReply = secondsRow;

/** `POST admin/options/seconds/:id`: edit a delivery time (audited); replies it. */
export const updateSecondsParams = idParams;
export const updateSecondsBody = z.object({
  seconds: intField(-MAX_INT32, MAX_INT32).optional(),
  profit_ratio: secondsText.optional(),
  loss_ratio: secondsText.optional(),
  min_num: secondsText.optional(),
  max_num: secondsText.optional(),
  enabled: switchField,
});
export const updateSecondsReply = secondsRow;

/** `GET admin/options/orders`: every user's orders (read-only), newest first. */
export const consoleOrdersQuery = z.object({
  status: omittedIfEmpty(z.enum(['open', 'settled'], { message: 'field_invalid' })),
  user_id: omittedIfEmpty(idField),
  match_id: omittedIfEmpty(idField),
  ...pageFields,
});
/** `account`: the user's email, else phone (null when neither). */
export const consoleOrder = optionOrder.extend({ user_id: rowId, account: z.string().nullable() });
export type ConsoleOrder = z.infer<typeof consoleOrder>;
export const consoleOrdersReply = pageReply(consoleOrder);
