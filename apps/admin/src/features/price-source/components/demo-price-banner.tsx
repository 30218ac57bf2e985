import { Alert } from 'antd';
import { type PriceSource, usePriceSource } from '../api/price-source';

/**
 * What the banner says about a price source, or nothing for a real one. Demo prices are made up, yet
 * options, contracts and the market maker settle on them: every console page says so, and the banner
 * cannot be closed.
 */
export function DemoPriceBannerView({ source }: { source: PriceSource | undefined }) {
  if (!source?.demo) return null;
  const off = source.feed === 'off';
  return (
    <Alert
      banner
      type="warning"
      showIcon
      data-testid="demo-price-banner"
      style={{ position: 'sticky', top: 0, zIndex: 1000 }}
      title={off ? 'No price source: the market feed is off' : 'Demo price source'}
      description={
        off
          ? 'No pair has an index price: options, contracts and the market maker cannot price anything.'
          : 'Index prices come from the built-in simulated feed, not from any market, yet options, contracts and the ' +
            'market maker settle on them. Set MARKET_FEED to a real source to leave the demo.'
      }
    />
  );
}

/** The banner as the console shows it, above every page (signed in or not). */
export function DemoPriceBanner() {
  const { data } = usePriceSource();
  return <DemoPriceBannerView source={data} />;
}
