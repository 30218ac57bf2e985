import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { EmptyState, ErrorState } from '../../../components/state-view';
import type { useProjectParam } from '../use-project-param';

/** A project page before it has its project: no such project, still loading, or the load failed. */
export function ProjectUnavailable({ id, info }: ReturnType<typeof useProjectParam>) {
  const { t } = useTranslation();
  if (id === undefined) return <EmptyState text={t('publication.not_found')} />;
  if (info.isPending) return <PageLoader />;
  return <ErrorState onRetry={() => void info.refetch()} />;
}
