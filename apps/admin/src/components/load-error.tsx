import { Alert, Button } from 'antd';

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
