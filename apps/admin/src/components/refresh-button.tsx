import { Button } from 'antd';

/** Re-reads a list from the server now, spinning while the read is under way. */
export function RefreshButton({
  query,
  testId,
}: {
  query: { refetch: () => Promise<unknown>; isFetching: boolean };
  testId?: string;
}) {
  return (
    <Button onClick={() => void query.refetch()} loading={query.isFetching} data-testid={testId}>
      Refresh
    </Button>
  );
}
