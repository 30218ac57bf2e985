/** Types of venue-standins.mjs (plain JavaScript, shared with bench/index-latency.mjs). */
export type StandinVenue = 'binance' | 'okx' | 'coinbase' | 'kraken' | 'bybit';
export declare const STANDIN_VENUES: StandinVenue[];
export type KlineRows = Record<string, Partial<Record<'1m' | '1d', unknown[][]>>>;
export type VenueStandins = {
  urls: Record<StandinVenue, { ws: string; rest: string }>;
  requests: { venue: StandinVenue; url: URL }[];
  trade(venue: StandinVenue, market: string, price: string, options?: { quantity?: string; time?: number }): number;
  subscribed(venue: StandinVenue): string[];
  connections(venue: StandinVenue): number;
  refused(venue: StandinVenue): number;
  stall(venue: StandinVenue): void;
  resume(venue: StandinVenue): void;
  drop(venue: StandinVenue, options?: { refuse?: boolean }): void;
  restore(venue: StandinVenue): void;
  env(): Record<string, string>;
  close(): Promise<void>;
};
export declare function startVenueStandins(options?: {
  venues?: StandinVenue[];
  clock?: { now: number };
  klines?: KlineRows;
  basePort?: number;
}): Promise<VenueStandins>;
