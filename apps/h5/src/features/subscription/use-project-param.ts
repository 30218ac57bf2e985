import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { projectIdParam, projectQuery } from './api/subscription-api';

/** The project the page's `?id=` names, and its query (which stays off without a valid id). */
export function useProjectParam() {
  const [params] = useSearchParams();
  const id = projectIdParam(params.get('id'));
  const info = useQuery({ ...projectQuery(id ?? 0), enabled: id !== undefined });
  return { id, info };
}
