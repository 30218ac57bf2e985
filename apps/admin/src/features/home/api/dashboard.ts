import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api';

type CoinAmount = { currency_id: number; currency_name: string; count: number; amount: string; usdt: string };
type PendingMoney = { count: number; usdt: string; by_coin: CoinAmount[] };

/** GET admin/dashboard (super, finance): the console's home figures, computed by the server. */
export type Dashboard = {
  generated_at: string;
  demo_prices: boolean;
  users: { total: number; today: number };
  identity_queue: number;
  pending_deposits: PendingMoney;
  pending_withdrawals: PendingMoney;
  spot_volume_24h: { pair_id: number; symbol: string; trades: number; base_volume: string; quote_volume: string; usdt: string }[];
  contracts_open: {
    pair_id: number;
    symbol: string;
    side: string;
    positions: number;
    lots: number;
    notional: string;
    margin: string;
  }[];
  options_open: {
    pair_id: number;
    symbol: string;
    currency_id: number;
    currency_name: string;
    orders: number;
    stake: string;
    max_payout: string;
  }[];
  house: { owner: string; currency_id: number; currency_name: string; available: string; frozen: string; usdt: string }[];
};

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }) => apiGet<Dashboard>('/admin/dashboard', undefined, signal),
    refetchInterval: 30_000,
  });
