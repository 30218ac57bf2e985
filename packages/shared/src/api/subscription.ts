import { z } from 'zod';
import { amountField, idField, idParams, intField, intId, omittedIfEmpty, optionalText } from '../fields.js';
import { LANGS } from '../langs.js';
import { decimalText, isoTime, pageFields, pageReply, rowId, userRef } from './reply.js';

// New-coin subscription: `lh/send/*` for users (projects, subscribing, the user's orders and returns)
// and `admin/subscription/*` for operators (define, edit, close, allocate, launch).

/**
 * What users see of a project, derived from what operators did and the clock: upcoming (before the
 * window), subscribing, sold_out (demand reached the offering; orders still taken, scaled down
 * pro-rata), under_review (window over, waiting for allocation), passed (allocated), launched.
 */
export const PHASES = ['upcoming', 'subscribing', 'sold_out', 'under_review', 'passed', 'launched'] as const;
export type Phase = (typeof PHASES)[number];

/** What operators did with a project. */
export const PROJECT_STATES = ['open', 'closed', 'allocated', 'launched'] as const;
export type ProjectState = (typeof PROJECT_STATES)[number];

/** A subscription order's own progress (also the filter of the user's list). */
export const ORDER_STATES = ['pending', 'allocated', 'launched'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** `market`: the new pair's price once launched; `issue`: the issue price. */
const priceSource = z.enum(['market', 'issue']);

/** A project as `lh/send/config`, `get_recommend` and `product_info` show it. */
export const projectRow = z.object({
  id: rowId,
  new_currency_name: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  subscribe_currency_id: rowId,
  subscribe_currency_name: z.string(),
  subscribe_decimals: z.number().int(),
  change_rate: decimalText,
  issue_price: decimalText,
  num: decimalText,
  last_num: decimalText,
  offering_value: decimalText,
  subscribed_amount: decimalText,
  subscribed_ratio: decimalText,
  subscribers: z.number().int(),
  oversubscribed: z.boolean(),
  min_amount: decimalText,
  max_amount: decimalText,
  day: z.number().int(),
  lock_days: z.number().int(),
  start_at: isoTime,
  end_at: isoTime,
  online_time: isoTime,
  launch_at: isoTime,
  launched_at: isoTime.nullable(),
  completion_time: isoTime,
  introduction: z.string(),
  /** The language of `introduction`: the reader's, or `en` as the fallback; null when there is none. */
  introduction_lang: z.string().nullable(),
  phase: z.enum(PHASES),
  status: z.enum(PROJECT_STATES),
  currency_id: rowId.nullable(),
  pair_id: rowId.nullable(),
  price: decimalText,
  price_source: priceSource,
  demo_prices: z.boolean(),
  server_time: isoTime,
});
export type ProjectRow = z.infer<typeof projectRow>;

/** `GET lh/send/config`: every project; `GET lh/send/get_recommend`: up to three of them. */
export const configReply = z.array(projectRow);
export const recommendReply = z.array(projectRow);

/** `GET lh/send/product_info`: one project; `mine` is null unless signed in. */
export const productInfoQuery = idParams;
export const productInfoReply = projectRow.extend({
  mine: z.object({ subscribed: decimalText, remaining: decimalText, available: decimalText }).nullable(),
});
export type ProductInfoReply = z.infer<typeof productInfoReply>;

/** One of the user's subscriptions with its returns. */
export const orderRow = z.object({
  id: rowId,
  config_id: rowId,
  new_currency_name: z.string(),
  name: z.string(),
  subscribe_currency_name: z.string(),
  amount: decimalText,
  status: z.enum(ORDER_STATES),
  exam_status: z.enum(PHASES),
  allocated: z.boolean(),
  quantity: decimalText,
  cost: decimalText,
  refund: decimalText.nullable(),
  issue_price: decimalText,
  price: decimalText,
  price_source: priceSource,
  demo_prices: z.boolean(),
  expected_gross_return: decimalText,
  accumulated_return: decimalText,
  total_return_rate: decimalText,
  lock_days: z.number().int(),
  completion_time: isoTime,
  locked: z.boolean(),
  unlocked_at: isoTime.nullable(),
  created_at: isoTime,
});
export type OrderRow = z.infer<typeof orderRow>;

/** `POST lh/send/order`: subscribe `amount` of the subscription currency; replies the order. */
export const orderBody = z.object({ config_id: idField, amount: amountField });
export const orderReply = orderRow;

/** `GET lh/send/order_list`: the user's subscriptions, newest first. */
export const orderListQuery = z.object({
  status: omittedIfEmpty(z.enum(ORDER_STATES, { message: 'field_invalid' })),
  ...pageFields,
});
export const orderListReply = pageReply(orderRow);

// ── Console ──

/** A time as ISO 8601 text (or unix milliseconds); anything else is `field_invalid` on that field. */
const timeField = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return undefined;
  const d = typeof v === 'number' || /^\d+$/.test(String(v)) ? new Date(Number(v)) : new Date(String(v));
  return Number.isNaN(d.getTime()) ? 'invalid' : d;
}, z.date({ message: 'field_invalid' }).optional());
const countField = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), intField(0, max, 'field_invalid').optional());
/** The introduction per language: `{en: "...", zh: "..."}` (JSON), or form fields `introduction_en` … */
const introductionField = z
  .object(Object.fromEntries(LANGS.map((l) => [l, z.string({ message: 'field_invalid' }).max(5000, 'field_invalid').optional()])))
  .partial()
  .optional();

/** `POST admin/subscription/projects` and `POST admin/subscription/projects/:id` (fields left out keep their value). */
export const projectBody = z.object({
  code: optionalText(10),
  name: optionalText(60),
  decimals: countField(8),
  subscribe_currency_id: omittedIfEmpty(intId('currency_unknown')),
  issue_price: amountField,
  total_supply: amountField,
  min_amount: amountField,
  max_amount: amountField,
  start_at: timeField,
  end_at: timeField,
  launch_at: timeField,
  lock_days: countField(3650),
  introduction: introductionField,
  ...Object.fromEntries(LANGS.map((l) => [`introduction_${l}`, z.string().max(5000, 'field_invalid').optional()])),
});
export type ProjectBody = z.infer<typeof projectBody>;
export const projectParams = idParams;

/** A project as stored, in the API's words (create, edit and close reply with it). */
export const consoleProject = z.object({
  id: rowId,
  code: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  subscribe_currency_id: rowId,
  issue_price: decimalText,
  total_supply: decimalText,
  min_amount: decimalText,
  max_amount: decimalText,
  start_at: isoTime,
  end_at: isoTime,
  launch_at: isoTime,
  lock_days: z.number().int(),
  /** Text per language. */
  introduction: z.record(z.string(), z.string()),
  status: z.enum(PROJECT_STATES),
  closed_at: isoTime.nullable(),
  allocated_at: isoTime.nullable(),
  launched_at: isoTime.nullable(),
  currency_id: rowId.nullable(),
  pair_id: rowId.nullable(),
  launch_price: decimalText.nullable(),
});
export type ConsoleProject = z.infer<typeof consoleProject>;
export const projectReply = consoleProject;

/** `GET admin/subscription/projects`: projects with their demand, newest start first. */
export const projectsQuery = z.object(pageFields);
export const consoleProjectRow = consoleProject.extend({
  subscribe_currency_name: z.string(),
  phase: z.enum(PHASES),
  demand: decimalText,
  orders: z.number().int(),
  subscribers: z.number().int(),
});
export type ConsoleProjectRow = z.infer<typeof consoleProjectRow>;
export const projectsReply = pageReply(consoleProjectRow);

/** `GET admin/subscription/projects/:id/orders`: a project's subscriptions. */
export const projectOrdersQuery = z.object(pageFields);
export const consoleOrder = z.object({
  id: rowId,
  user: userRef,
  amount: decimalText,
  status: z.enum(ORDER_STATES),
  quantity: decimalText.nullable(),
  cost: decimalText.nullable(),
  refund: decimalText.nullable(),
  unlock_at: isoTime.nullable(),
  unlocked_at: isoTime.nullable(),
  created_at: isoTime,
});
export type ConsoleOrder = z.infer<typeof consoleOrder>;
export const projectOrdersReply = pageReply(consoleOrder);

/** `POST admin/subscription/projects/:id/close`: ends the window now; replies the project. */
export const closeReply = consoleProject;

/** What an allocation did (also its audit row). */
export const allocationSummary = z.object({
  status: z.string(),
  orders: z.number().int(),
  demand: decimalText,
  oversubscribed: z.boolean(),
  allocated: decimalText,
  unallocated: decimalText,
  proceeds: decimalText,
  refunded: decimalText,
});
export type AllocationSummary = z.infer<typeof allocationSummary>;

/** `POST admin/subscription/projects/:id/allocate` */
export const allocateReply = z.object({ project: consoleProject, allocation: allocationSummary });
export type AllocateReply = z.infer<typeof allocateReply>;

/** `POST admin/subscription/projects/:id/launch`: `listed` false when listing the pair failed (launch again retries). */
export const launchBody = z.object({ price: amountField }).optional();
export const launchReply = z.object({ project: consoleProject, listed: z.boolean() });
export type LaunchReply = z.infer<typeof launchReply>;
