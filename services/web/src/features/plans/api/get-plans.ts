import useSWR from 'swr';
import type { PricingPlan } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const PLAN_LIST_KEY = '/bff/api/service/plan/list';

/** Every plan with its services and limits; the company's current one is marked. */
export function usePlans() {
  return useSWR<{ result: PricingPlan[] }>(PLAN_LIST_KEY, apiFetcher);
}
