import type { contractsApi } from '@app/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api';
import type { Paged } from '../../../lib/paging';

/** Contract rules of one pair (null: the pair has none and is not open for contracts). */
export type ContractSettings = contractsApi.Settings;
export type ContractPairRow = contractsApi.SettingsRow;
export type ConsolePosition = contractsApi.ConsolePosition;

export const contractSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'contracts', 'settings'] as const,
    queryFn: ({ signal }) => apiGet<ContractPairRow[]>('/admin/contracts/settings', undefined, signal),
    // An editing form must not be reset under the operator by a background refetch.
    staleTime: Number.POSITIVE_INFINITY,
  });

export type PositionFilter = { pair_id?: string; user_id?: string; status?: string; page: number; limit: number };

export const consolePositionsQuery = (filter: PositionFilter) =>
  queryOptions({
    queryKey: ['admin', 'contracts', 'positions', filter] as const,
    queryFn: ({ signal }) => apiGet<Paged<ConsolePosition>>('/admin/contracts/positions', filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 5000,
  });

export type ContractSettingsInput = { pair_id: number } & Partial<
  Record<
    'contract_size' | 'multiples' | 'lot_presets' | 'open_fee_rate' | 'close_fee_rate' | 'maintenance_margin_rate' | 'max_lots',
    string
  >
>;

/** Saves one pair's rules (audited as contract_settings.set; open positions keep their terms). */
export function useSaveContractSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ContractSettingsInput) => apiPost<ContractPairRow>('/admin/contracts/settings', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'contracts', 'settings'] }),
  });
}
