import { useQuery } from '@tanstack/react-query';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import QuestionCircleOutline from 'antd-mobile-icons/es/QuestionCircleOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PullRefresh } from '../../../components/pull-refresh';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { TabHeader } from '../../../components/tab-header';
import { PATHS } from '../../../lib/paths';
import { refetchAll } from '../../../lib/query-client';
import { productsQuery, reportQuery } from '../api/wealth-api';
import { ProductCard } from '../components/product-card';
import { ReportCard } from '../components/report-card';
import './finance-home-page.css';
import { IconButton } from '../../../components/icon-button';
import { LinkButtons } from '../../../components/link-buttons';

const LINKS = [
  { id: 'my-hosting', label: 'finance.my_hosting', path: PATHS.financeOrders, icon: <FileOutline fontSize={18} /> },
  { id: 'rules', label: 'finance.rules', path: PATHS.financeRules, icon: <QuestionCircleOutline fontSize={18} /> },
] as const;

/**
 * The financial products: the hosting summary, links to my hosting and the rules, and the products on
 * sale. The lock tab (`/pages/template/index`) and `/pages/finance/index` are this page, as a tab and
 * as a page with a back arrow. Pull down to refresh.
 */
export function FinanceHomePage({ tab = false }: { tab?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const products = useQuery(productsQuery());
  const report = useQuery(reportQuery());

  const ordersLink = (
    <IconButton onClick={() => navigate(PATHS.financeOrders)} label={t('finance.my_hosting')} testId="finance-orders-icon">
      <FileOutline fontSize={22} />
    </IconButton>
  );

  const body = (
    <PullRefresh onRefresh={() => refetchAll(products, report)}>
      <ReportCard report={report.data} />
      <LinkButtons
        links={LINKS}
        className="tile-grid"
        itemClassName="card-button tile-grid__tile finance-links__item"
        testIdPrefix="finance-"
      >
        {(link) => (
          <>
            {link.icon}
            <span>{t(link.label)}</span>
            <RightOutline fontSize={12} />
          </>
        )}
      </LinkButtons>
      <h2 className="finance-section-title">{t('finance.products')}</h2>
      {products.isPending ? (
        <PageLoader inline />
      ) : !products.data ? (
        <ErrorState onRetry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <EmptyState text={t('finance.no_products')} />
      ) : (
        <div data-testid="finance-products">
          {products.data.map((p) => (
            <ProductCard key={p.id} product={p} onBuy={() => navigate(`${PATHS.financeBuy}?id=${p.id}`)} />
          ))}
        </div>
      )}
      <p className="finance-footnote">{t('finance.interest_note')}</p>
    </PullRefresh>
  );

  return tab ? (
    <TabLike title={t('tabs.lock')} right={ordersLink}>
      {body}
    </TabLike>
  ) : (
    <Page title={t('finance.title')} navRight={ordersLink} testId="finance-page">
      {body}
    </Page>
  );
}

function TabLike({ title, right, children }: { title: string; right: ReactNode; children: ReactNode }) {
  return (
    <div className="tab-page finance-page" data-testid="finance-tab-page">
      <TabHeader title={title} right={right} />
      {children}
    </div>
  );
}
