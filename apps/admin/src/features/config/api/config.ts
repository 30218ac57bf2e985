import type { adminConfigApi } from '@app/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';

export type ConfigCoin = adminConfigApi.ConfigCoin;

/** The chains the server can check addresses of (apps/server/src/lib/chain-address.ts). */
export const CHAIN_NAMES = ['TRC20', 'ERC20', 'OMNI'] as const;

export type ConfigPair = adminConfigApi.ConfigPair;

/** A pair's rules as the configuration page saves them (`POST admin/config/pairs/:id`). */
export type PairRules = { id: number } & adminConfigApi.PairRulesBody;

export type MarketMakerParams = adminConfigApi.MarketMakerParams;

/** GET admin/config (super): what the configuration page shows, read fresh from the server. */
export type ConsoleConfig = adminConfigApi.ConfigReply;

export const configQuery = () =>
  queryOptions({
    queryKey: ['admin', 'config'] as const,
    queryFn: ({ signal }) => apiGet<ConsoleConfig>('/admin/config', undefined, signal),
  });

/** Every change goes through one POST and re-reads the page's data (the server audits each). */
function useConfigSave<I>(path: (input: I) => string, body: (input: I) => unknown) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => apiPost<unknown>(path(input), body(input)),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'config'] }),
  });
}

export const useSaveCoin = () =>
  useConfigSave<{ id: number; full_name: string; sort: number }>(
    (c) => `/admin/config/coins/${c.id}`,
    ({ full_name, sort }) => ({ full_name, sort }),
  );

export const useSavePair = () =>
  useConfigSave<PairRules>(
    (p) => `/admin/config/pairs/${p.id}`,
    ({ id: _, ...rules }) => rules,
  );

export const useSaveMarketMaker = () =>
  useConfigSave<MarketMakerParams>(
    () => '/admin/config/market-maker',
    (p) => p,
  );

export const useSaveWithdrawLimit = () =>
  useConfigSave<number>(
    () => '/admin/config/withdraw-limit',
    (limit) => ({ withdraw_daily_limit: limit }),
  );

export const useSetCoinEnabled = () =>
  useConfigSave<{ id: number; enabled: boolean }>(
    (c) => `/admin/config/coins/${c.id}/enabled`,
    ({ enabled }) => ({ enabled }),
  );

export const useAddChain = () =>
  useConfigSave<{ id: number; name: string; address: string }>(
    (c) => `/admin/config/coins/${c.id}/chains`,
    ({ name, address }) => ({ name, address }),
  );

export const useRemoveChain = () =>
  useConfigSave<{ id: number; name: string }>(
    (c) => `/admin/config/coins/${c.id}/chains/remove`,
    ({ name }) => ({ name }),
  );

/** Tick and lot size: the server refuses while users' resting orders do not fit them. */
export const useSavePairSizes = () =>
  useConfigSave<{ id: number; tick_size: string; lot_size: string }>(
    (p) => `/admin/config/pairs/${p.id}/sizes`,
    ({ id: _, ...sizes }) => sizes,
  );
