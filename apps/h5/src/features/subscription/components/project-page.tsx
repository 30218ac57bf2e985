import type { ReactNode } from 'react';
import { Page, type PageProps } from '../../../components/page';
import type { ProjectInfo } from '../api/subscription-api';
import { useProjectParam } from '../use-project-param';
import { ProjectUnavailable } from './project-unavailable';

type ProjectPageProps = Omit<PageProps, 'children' | 'loading'> & {
  /** The body once the project is read; `reload` reads it again (after the server refused something). */
  children: (project: ProjectInfo, reload: () => void) => ReactNode;
};

/**
 * A page about the project the `?id=` names: until the project is read it says why it has none
 * (no such id, loading, failed), then draws its body for it.
 */
export function ProjectPage({ children, ...page }: ProjectPageProps) {
  const { id, info } = useProjectParam();
  return (
    <Page {...page}>
      {id === undefined || !info.data ? (
        <ProjectUnavailable id={id} info={info} />
      ) : (
        children(info.data, () => void info.refetch())
      )}
    </Page>
  );
}
