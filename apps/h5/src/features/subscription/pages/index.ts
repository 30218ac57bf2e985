/** The new-coin subscription pages, one chunk: the list (with my subscriptions), a project, subscribing. */
import { withProductGate } from '../../../components/product-gate';
import { PublicationDetailsPage as DetailsPage } from './details-page';
import { PublicationPage as ListPage } from './publication-page';
import { PublicationPurchasePage as PurchasePage } from './purchase-page';

// products (switches): while `subscription` is switched off, a page opened directly says so.
export const PublicationDetailsPage = withProductGate('subscription', DetailsPage, () => ({ titleKey: 'publication.details' }));
export const PublicationPage = withProductGate('subscription', ListPage, () => ({ titleKey: 'sections.publication' }));
export const PublicationPurchasePage = withProductGate('subscription', PurchasePage, () => ({
  titleKey: 'publication.purchase',
}));
