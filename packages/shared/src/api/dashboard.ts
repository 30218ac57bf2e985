import { z } from 'zod';
import { coinColumns, decimalText, isoTime, pairColumns } from './reply.js';

// The console's home figures (`GET admin/dashboard`), each computed by the server from the live tables.

/** Amounts per coin waiting for review, with their USDT value (to cents). */
export const coinAmount = z.object({
  ...coinColumns,
  count: z.number().int(),
  amount: decimalText,
  usdt: decimalText,
});
export type CoinAmount = z.infer<typeof coinAmount>;

export const pendingMoney = z.object({ count: z.number().int(), usdt: decimalText, by_coin: z.array(coinAmount) });
export type PendingMoney = z.infer<typeof pendingMoney>;

/** 24h spot volume of one pair (every pair, zero when it did not trade). */
export const spotVolume = z.object({
  ...pairColumns,
  trades: z.number().int(),
  base_volume: decimalText,
  quote_volume: decimalText,
  usdt: decimalText,
});

/** Open contract positions per pair and side (the column is text: long or short). */
export const contractsOpen = z.object({
  ...pairColumns,
  side: z.string(),
  positions: z.number().int(),
  lots: z.number(),
  notional: decimalText,
  margin: decimalText,
});

/** Open option orders per pair and coin; `max_payout` is what the house owes if every one wins. */
export const optionsOpen = z.object({
  ...pairColumns,
  ...coinColumns,
  orders: z.number().int(),
  stake: decimalText,
  max_payout: decimalText,
});

/** The house's own balances: `owner` is the system account's code ('house') or 'market_maker'. */
export const houseBalance = z.object({
  owner: z.string(),
  ...coinColumns,
  available: decimalText,
  frozen: decimalText,
  usdt: decimalText,
});

export const dashboardReply = z.object({
  generated_at: isoTime,
  demo_prices: z.boolean(),
  users: z.object({ total: z.number().int(), today: z.number().int() }),
  identity_queue: z.number().int(),
  pending_deposits: pendingMoney,
  pending_withdrawals: pendingMoney,
  spot_volume_24h: z.array(spotVolume),
  contracts_open: z.array(contractsOpen),
  options_open: z.array(optionsOpen),
  house: z.array(houseBalance),
});
export type DashboardReply = z.infer<typeof dashboardReply>;
