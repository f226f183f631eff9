import useSWR from 'swr';
import type { Plan } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** The company's plan: its services gate features (DPP gates Traceability). */
export const PLAN_INFO_KEY = '/bff/api/service/plan/info';

export function usePlanInfo() {
  return useSWR<{ result: Plan }>(PLAN_INFO_KEY, apiFetcher);
}
