import useSWR from 'swr';
import { analyticsDashboardResponseSchema, type AnalyticsDashboard } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';
import type { DayRange } from '@/features/analytics/model/date-range';

export interface DashboardParams extends DayRange {
  compare: boolean;
  projectId: number | null;
  productId: number | null;
}

export function dashboardKey({ from, to, compare, projectId, productId }: DashboardParams): string {
  const query = new URLSearchParams({ from, to, compare: String(compare) });
  if (projectId !== null) query.set('projectId', String(projectId));
  if (productId !== null) query.set('productId', String(productId));
  return `/bff/api/analytics/dashboard?${query}`;
}

async function fetchDashboard(path: string): Promise<AnalyticsDashboard> {
  return analyticsDashboardResponseSchema.parse(await apiFetcher<unknown>(path)).result;
}

/** `GET /api/analytics/dashboard`: the figures of a range in the company's time zone; null params wait (the zone is not known yet). */
export function useDashboard(params: DashboardParams | null) {
  return useSWR<AnalyticsDashboard>(params ? dashboardKey(params) : null, fetchDashboard, { keepPreviousData: true });
}
