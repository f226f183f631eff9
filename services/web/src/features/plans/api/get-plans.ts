import useSWR from 'swr';
import type { PricingPlan } from '@product-console/shared';
import { api, apiFetcher } from '@/lib/api-client';

export const PLAN_LIST_KEY = '/bff/api/service/plan/list';

/** Every plan with its services and limits; the company's current one is marked. */
export function usePlans() {
  return useSWR<{ result: PricingPlan[] }>(PLAN_LIST_KEY, apiFetcher);
}

/** `POST /api/service/plan/request`: asks the operators for the plan; `requested: false` when already asked today. */
export async function requestPlan(planId: number, idempotencyKey?: string): Promise<{ requested: boolean }> {
  return (await api.post<{ result: { requested: boolean } }>('/bff/api/service/plan/request', { planId }, { idempotencyKey })).result;
}
