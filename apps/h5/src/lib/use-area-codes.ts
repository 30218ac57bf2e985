import type { AreaCode } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { areaCodesQuery } from './account-api';
import { defaultAreaCode } from './area-codes';

/**
 * The area code list of a phone form. When the form has none chosen yet, `onDefault` receives the
 * server's first entry once the list arrives.
 */
export function useAreaCodes(current: string | undefined, onDefault: (code: AreaCode) => void) {
  const query = useQuery(areaCodesQuery());
  const first = defaultAreaCode(query.data);
  useEffect(() => {
    if (!current && first) onDefault(first);
  }, [current, first, onDefault]);
  return { options: query.data, loading: query.isPending };
}
