/** The financial-product pages, one chunk: the lock tab / finance index, buy, my hosting and the rules. */
import { withProductGate } from '../../../components/product-gate';
import { FinanceBuyPage as BuyPage } from './finance-buy-page';
import { FinanceHomePage as HomePage } from './finance-home-page';
import { FinanceOrdersPage as OrdersPage } from './finance-orders-page';
import { FinanceRulePage as RulePage } from './finance-rule-page';

// products (switches): while `wealth` is switched off, a page opened directly says so.
export const FinanceBuyPage = withProductGate('wealth', BuyPage, () => ({ titleKey: 'finance.buy_title' }));
export const FinanceHomePage = withProductGate('wealth', HomePage, ({ tab }) => ({
  titleKey: tab ? 'tabs.lock' : 'finance.title',
  tab,
}));
export const FinanceOrdersPage = withProductGate('wealth', OrdersPage, () => ({ titleKey: 'finance.my_hosting' }));
export const FinanceRulePage = withProductGate('wealth', RulePage, () => ({ titleKey: 'finance.rules' }));
