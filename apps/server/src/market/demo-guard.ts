import type { Config } from '../config.js';

/**
 * The simulated feed makes up its prices. Options, contracts and the market maker settle on real
 * balances against the index, so a production server must not run on made-up prices by accident:
 * it refuses to start on the simulated feed unless the operators say so (ALLOW_DEMO_PRICES=1), for
 * a public demo. Returns the reason to refuse, or undefined when the start may go on.
 */
export function demoPricesRefusal(config: Pick<Config, 'production' | 'marketFeed' | 'allowDemoPrices'>): string | undefined {
  if (!config.production || config.marketFeed !== 'simulated' || config.allowDemoPrices) return undefined;
  return (
    'Refusing to start: NODE_ENV=production with MARKET_FEED=simulated (the default). The simulated feed makes up ' +
    'its prices (demo data), yet options, contracts and the market maker would settle real balances on them. ' +
    'Set MARKET_FEED to a real price source, or ALLOW_DEMO_PRICES=1 to run a labelled demo on purpose.'
  );
}
