import { z } from 'zod';
import { amountField, idField, idParams, intField, intId, omittedIfEmpty } from '../fields.js';
import { coinColumns, decimalText, isoTime, pageFields, pagePlace, pageReply, rowId } from './reply.js';

// Fixed-term financial products (`lh/deposit/*`): products on sale, purchases, the user's orders,
// early redemption and the hosting summary; and the console's products and orders. Rates are percent
// per day ("0.4" = 0.4 % a day).

/** A product's sales state: paused products sell nothing, bought orders run on. */
export const PRODUCT_STATES = ['active', 'paused'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];

/** An order's state: in hosting until maturity (completed) or early redemption (redeemed). */
export const ORDER_STATES = ['hosting', 'completed', 'redeemed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The original client names the tabs 1 hosting, 2 completed, 3 redeemed; the names are accepted too. */
const STATUS_BY_NUMBER: Record<string, OrderState> = { '1': 'hosting', '2': 'completed', '3': 'redeemed' };
const statusField = z.preprocess(
  (v) => (v === '' || v === undefined || v === null ? undefined : (STATUS_BY_NUMBER[String(v)] ?? v)),
  z.enum(ORDER_STATES, { message: 'field_invalid' }).optional(),
);

/** A ticked checkbox as forms send it: 1, true, on, yes. */
const agreeField = z.preprocess(
  (v) => (typeof v === 'string' ? ['1', 'true', 'on', 'yes'].includes(v.trim().toLowerCase()) : v === true || v === 1),
  z.boolean(),
);

const optionalNumber = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(1, max, 'field_invalid').optional());

/** A product as `lh/deposit/config` lists it (the original client's names kept). */
export const productRow = z.object({
  id: rowId,
  ...coinColumns,
  icon: z.string(),
  decimals: z.number().int(),
  day: z.number().int(),
  /** Daily yield in percent. */
  interest_rate: decimalText,
  /** Daily rate of the early-redemption damages, in percent. */
  penalty_rate: decimalText,
  /** Yield of the whole cycle and of 30 days, in percent (rate × days). */
  total_rate: decimalText,
  max_rate_30: decimalText,
  save_min: decimalText,
  save_max: decimalText,
  /** null: no cap (and then nothing `left` either). */
  total_cap: decimalText.nullable(),
  left: decimalText.nullable(),
  status: z.enum(PRODUCT_STATES),
});
export type ProductRow = z.infer<typeof productRow>;

/** `GET lh/deposit/config`: the products on sale. */
export const configReply = z.array(productRow);

/** `GET lh/deposit/product_info`: one product (paused ones too) with the user's available coin balance. */
export const productInfoQuery = idParams;
export const productInfoReply = productRow.extend({ available: decimalText });
export type ProductInfoReply = z.infer<typeof productInfoReply>;

/** An order; remaining days and the redemption quote follow the clock. */
export const orderRow = z.object({
  id: rowId,
  product_id: rowId,
  ...coinColumns,
  decimals: z.number().int(),
  amount: decimalText,
  /** USDT value of one coin at purchase. */
  price: decimalText,
  day: z.number().int(),
  day_rate: decimalText,
  penalty_rate: decimalText,
  daily_income: decimalText,
  /** Expected interest of the whole cycle. */
  total_interest: decimalText,
  /** Interest credited so far. */
  current_income: decimalText,
  days_paid: z.number().int(),
  remaining_days: z.number().int(),
  status: z.enum(ORDER_STATES),
  paid_at: isoTime,
  /** First interest day, and the maturity: the end of the last interest day (00:00 UTC after it). */
  start_at: isoTime,
  end_at: isoTime,
  completed_at: isoTime.nullable(),
  damages: decimalText.nullable(),
  refund: decimalText.nullable(),
  /** What redeeming now would cost and return (hosting orders only). */
  redeem_damages: decimalText.nullable(),
  redeem_refund: decimalText.nullable(),
});
export type OrderRow = z.infer<typeof orderRow>;

/** `POST lh/deposit`: buy a product; replies the order. */
export const buyBody = z.object({ config_id: idField, amount: amountField, agree: agreeField.optional() });
export const buyReply = orderRow;

/** `GET lh/deposit/order`: the user's orders, newest first (not in the common page shape: `order_list`). */
export const ordersQuery = z.object({ status: statusField, ...pageFields });
export const ordersReply = z.object({
  order_list: z.array(orderRow),
  ...pagePlace,
  /** Income credited so far, per coin (coins cannot be added up). */
  total_interest: z.array(z.object({ currency_id: rowId, amount: decimalText })),
});
export type OrdersReply = z.infer<typeof ordersReply>;

/** `POST lh/deposit/order/cancel`: early redemption; damages are kept, the refund returns to the coin account. */
export const redeemBody = z.object({ id: idField });
export const redeemReply = z.object({
  id: rowId,
  status: z.literal('redeemed'),
  remaining_days: z.number().int(),
  damages: decimalText,
  refund: decimalText,
});
export type RedeemReply = z.infer<typeof redeemReply>;

/** `GET lh/deposit/report`: principal in hosting, today's and cumulative income, in USDT (to cents) and per coin. */
export const reportReply = z.object({
  amount: decimalText,
  today_income: decimalText,
  total_income: decimalText,
  coins: z.array(
    z.object({
      ...coinColumns,
      hosting: decimalText,
      today_income: decimalText,
      total_income: decimalText,
    }),
  ),
  demo_prices: z.boolean(),
});
export type ReportReply = z.infer<typeof reportReply>;

// ── Console ──

/** A product as the console's create, edit and pause/resume reply with it. */
export const consoleProduct = productRow.extend({ sold: decimalText, sort: z.number().int() });
export type ConsoleProduct = z.infer<typeof consoleProduct>;

/** `GET admin/wealth/products`: every product with its orders and principal in hosting. */
export const consoleProductRow = consoleProduct.extend({
  orders: z.number().int(),
  hosting: decimalText,
  created_at: isoTime,
  updated_at: isoTime,
});
export type ConsoleProductRow = z.infer<typeof consoleProductRow>;
export const consoleProductsReply = z.array(consoleProductRow);

/** `POST admin/wealth/products` and `POST admin/wealth/products/:id` (fields left out keep their value). */
export const productBody = z.object({
  currency_id: omittedIfEmpty(intId('currency_unknown')),
  day: optionalNumber(3650),
  save_min: amountField,
  save_max: amountField,
  interest_rate: amountField,
  penalty_rate: amountField,
  /** Empty removes the cap. */
  total_cap: z.union([z.string(), z.number(), z.null()]).optional(),
  status: z.enum(PRODUCT_STATES, { message: 'field_invalid' }).optional(),
  sort: z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(0, 100_000).optional()),
});
export const productParams = idParams;
export const productReply = consoleProduct;

/** `POST admin/wealth/products/:id/status`: pause or resume sales. */
export const statusBody = z.object({ status: z.enum(PRODUCT_STATES, { message: 'field_invalid' }) });

/** `GET admin/wealth/orders`: every order, newest first (read only). */
export const consoleOrdersQuery = z.object({
  status: statusField,
  product_id: omittedIfEmpty(idField),
  ...pageFields,
});
export const consoleOrder = orderRow.extend({
  user: z.object({ id: rowId, email: z.string().nullable(), phone: z.string().nullable() }),
});
export type ConsoleOrder = z.infer<typeof consoleOrder>;
export const consoleOrdersReply = pageReply(consoleOrder);
