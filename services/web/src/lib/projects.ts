import useSWR from 'swr';
import type { Project } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** Projects of the acting company; a sub-admin sees only the projects assigned to them. */
export const PROJECTS_KEY = '/bff/api/project/all';

export function useProjects() {
  return useSWR<{ result: Project[] }>(PROJECTS_KEY, apiFetcher);
}
