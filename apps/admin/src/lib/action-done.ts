import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { message } from 'antd';

/**
 * What follows a successful action on a list's rows: the toast saying what was done (the drawer or
 * dialog has closed, so it is the operator's receipt), then every list under `queryKey` re-read,
 * since the row may have moved between its filters.
 */
export function useActionDone(queryKey: QueryKey) {
  const client = useQueryClient();
  return (text: string) => {
    void message.success(text);
    return client.invalidateQueries({ queryKey });
  };
}
