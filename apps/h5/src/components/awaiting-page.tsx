import { Page, type PageProps } from './page';
import { ErrorState } from './state-view';

/** A read the page is drawn from (a react-query result). */
type Needed = { isPending: boolean; refetch: () => unknown };

/**
 * A page whose read has no reply yet: the loader while it loads, the error state with a retry once it
 * failed. Its own module, so the pages that never show it do not carry the error state.
 */
export function AwaitingPage({ query, ...page }: Omit<PageProps, 'children' | 'loading'> & { query: Needed }) {
  return (
    <Page {...page} loading={query.isPending}>
      <ErrorState onRetry={() => void query.refetch()} />
    </Page>
  );
}
