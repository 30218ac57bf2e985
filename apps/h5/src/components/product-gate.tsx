import type { Product } from '@app/shared';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProducts } from '../lib/products';
import { Page } from './page';
import { PageLoader } from './page-loader';
import { EmptyState } from './state-view';
import { TabHeader } from './tab-header';

type GateProps = {
  product: Product;
  /** The page's title (a locale key), kept on the switched-off page so the user knows where they are. */
  titleKey: string;
  /** A tab's root page (no back arrow) rather than a page with one. */
  tab?: boolean;
  children: ReactNode;
};

/**
 * A switched-off product's page opened directly (a bookmark, an old link, a shared URL): it says the
 * service is not available instead of showing a page whose every call the server refuses. The entries
 * leading here are hidden while the product is off; this covers the way in that cannot be hidden.
 */
export function ProductGate({ product, titleKey, tab = false, children }: GateProps) {
  const { t } = useTranslation();
  const products = useProducts();
  // Wait for the switches (usually cached already): the page's own calls would only be refused.
  if (!products.settled)
    return tab ? (
      <div className="tab-page">
        <PageLoader />
      </div>
    ) : (
      <PageLoader />
    );
  if (products[product]) return children;
  const off = <EmptyState text={t('errors.product_disabled')} testId={`${product}-disabled`} />;
  return tab ? (
    <div className="tab-page" data-testid={`${product}-disabled-page`}>
      <TabHeader title={t(titleKey)} />
      {off}
    </div>
  ) : (
    <Page title={t(titleKey)} testId={`${product}-disabled-page`}>
      {off}
    </Page>
  );
}

/**
 * Wraps a product's page in its gate, where the pages are exported (the router is untouched).
 * `frame` gives the title key and whether it is a tab, from the page's props.
 */
export function withProductGate<P extends object>(
  product: Product,
  Component: ComponentType<P>,
  frame: (props: P) => { titleKey: string; tab?: boolean },
) {
  function Gated(props: P) {
    const { titleKey, tab } = frame(props);
    return (
      <ProductGate product={product} titleKey={titleKey} tab={tab}>
        <Component {...props} />
      </ProductGate>
    );
  }
  Gated.displayName = `ProductGate(${product})`;
  return Gated;
}
