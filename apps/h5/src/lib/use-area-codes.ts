import type { AreaCode } from '@app/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { areaCodesQuery } from './account-api';
import { defaultAreaCode } from './area-codes';

/** A phone field's area code: the list to choose from, the code chosen, and what to do with a pick. */
export type AreaChoice = {
  options: readonly AreaCode[] | undefined;
  loading: boolean;
  value: string;
  onPick: (code: AreaCode) => void;
};

/**
 * The area code choice of a phone form. When the form has none chosen yet, `onPick` receives the
 * server's first entry once the list arrives.
 */
export function useAreaCodes(current: string, onPick: (code: AreaCode) => void): AreaChoice {
  const query = useQuery(areaCodesQuery());
  const first = defaultAreaCode(query.data);
  useEffect(() => {
    if (!current && first) onPick(first);
  }, [current, first, onPick]);
  return { options: query.data, loading: query.isPending, value: current, onPick };
}
