import { PRODUCTS, type Product, type ProductSwitches } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from './api-query';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/**
 * Which products this deployment offers (`GET products`). A switched-off product vanishes from the
 * app: its tab, its entries and its pages. Each reply is remembered on the device: until the next
 * reply arrives the entries follow the last one (every product on when there is none yet), so the tab
 * bar does not jump on a normal start and a product the operator switched off does not flash in.
 */
export const productsQuery = () =>
  apiQuery<ProductSwitches>(['products'] as const, 'get', 'products', {
    staleTime: 60_000,
    onReply: (switches) => {
      writeJson(STORAGE_KEYS.products, switches);
      remembered = switches;
    },
  });

/** The device's last reply as read once per start (and replaced by each new reply). */
let remembered: Partial<ProductSwitches> | undefined;

/** Storage read and parsed once per start, not on every render while the reply is on its way. */
function rememberedOnce(): Partial<ProductSwitches> {
  remembered ??= rememberedSwitches();
  return remembered;
}

/** The last reply kept on the device, only its known products, or nothing. */
export function rememberedSwitches(raw: unknown = readJson(STORAGE_KEYS.products)): Partial<ProductSwitches> {
  if (!raw || typeof raw !== 'object') return {};
  const kept: Partial<ProductSwitches> = {};
  for (const p of PRODUCTS) {
    const value = (raw as Record<string, unknown>)[p];
    if (typeof value === 'boolean') kept[p] = value;
  }
  return kept;
}

/**
 * The switches for the entries: the reply, else the remembered one, else on. `loaded`: this start's
 * reply is here; `settled`: it is here or the call failed (then the entries keep the remembered
 * switches; the server refuses a switched-off product's calls anyway). Pages that say "not available"
 * wait for `settled`, so they never judge from a remembered reply alone.
 */
export function useProducts(): ProductSwitches & { loaded: boolean; settled: boolean } {
  const { data, isError } = useQuery(productsQuery());
  const fallback = data ? {} : rememberedOnce();
  const switches = Object.fromEntries(PRODUCTS.map((p) => [p, data?.[p] ?? fallback[p] ?? true])) as ProductSwitches;
  return { ...switches, loaded: data !== undefined, settled: data !== undefined || isError };
}

export function useProductEnabled(product: Product): boolean {
  return useProducts()[product];
}
