import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { PageLoader } from '../../../components/page-loader';
import { PagedList } from '../../../components/paged-list';
import { PullRefresh } from '../../../components/pull-refresh';
import { Segmented } from '../../../components/segmented';
import { EmptyState, ErrorState } from '../../../components/state-view';
import { PATHS } from '../../../lib/paths';
import { myOrdersQuery, projectsQuery } from '../api/subscription-api';
import { OrderCard } from '../components/order-card';
import { ProjectCard } from '../components/project-card';
import '../subscription.css';

const PUBLICATION_TABS = { projects: 'publication.projects', mine: 'publication.mine' } as const;
type Tab = keyof typeof PUBLICATION_TABS;

/**
 * New-coin subscription (spec: /pages/publication/index): the projects, open ones first, and the
 * user's own subscriptions ("my subscription", `?tab=mine`) with their state and returns.
 */
export function PublicationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'projects';
  const projects = useQuery({ ...projectsQuery(), enabled: tab === 'projects' });
  const orders = useInfiniteQuery({ ...myOrdersQuery(), enabled: tab === 'mine' });

  return (
    <Page title={t('sections.publication')} testId="publication-page">
      <div className="publication-tabs">
        <Segmented
          labels={PUBLICATION_TABS}
          value={tab}
          onChange={(v) => setParams(v === 'mine' ? { tab: 'mine' } : {}, { replace: true })}
          testId="publication-tab"
          variant="tabs"
        />
      </div>
      <PullRefresh onRefresh={() => (tab === 'projects' ? projects.refetch() : orders.refetch())}>
        {tab === 'projects' ? (
          projects.isPending ? (
            <PageLoader inline />
          ) : !projects.data ? (
            <ErrorState onRetry={() => void projects.refetch()} />
          ) : projects.data.length === 0 ? (
            <EmptyState text={t('publication.no_projects')} testId="publication-empty" />
          ) : (
            <div className="publication-list" data-testid="publication-projects">
              {projects.data.map((p) => (
                <ProjectCard key={p.id} project={p} onOpen={() => navigate(`${PATHS.publicationDetails}?id=${p.id}`)} />
              ))}
            </div>
          )
        ) : (
          <PagedList query={orders} item={OrderCard} emptyText={t('publication.no_orders')} testId="publication-orders" />
        )}
      </PullRefresh>
    </Page>
  );
}
