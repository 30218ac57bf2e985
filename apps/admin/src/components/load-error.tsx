import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** A page whose data could not be read: what failed, the server's reason, and a Retry. */
export function LoadError({ title, query }: { title: string; query: { error: Error; refetch: () => Promise<unknown> } }) {
  return (
    <Alert
      type="error"
      showIcon
      message={title}
      description={query.error.message}
      action={<Button onClick={() => void query.refetch()}>Retry</Button>}
    />
  );
}

/**
 * A page drawn from one read: a skeleton (test id `loadingTestId`) while it loads, the LoadError saying
 * `failed` if it could not be read, else `children` with the data.
 */
export function Loaded<T>(props: {
  query: UseQueryResult<T>;
  loadingTestId: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  const { query } = props;
  if (query.isPending) return <Skeleton active data-testid={props.loadingTestId} />;
  if (query.isError) return <LoadError title={props.failed} query={query} />;
  return props.children(query.data);
}
