import useSWR from 'swr';
import type { QuickStartResponse, QuickStartStepId } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const QUICK_START_KEY = '/bff/api/overview/quick-start';

/** Which first steps the company has done (`GET /api/overview/quick-start`); undefined while it loads. */
export function useQuickStartProgress(): Partial<Record<QuickStartStepId, boolean>> | undefined {
  // Always asked afresh when the page opens: a QR code downloaded a minute ago should count.
  const { data } = useSWR<QuickStartResponse>(QUICK_START_KEY, apiFetcher, { revalidateOnMount: true });
  if (!data) return undefined;
  return Object.fromEntries(data.result.steps.map((step) => [step.id, step.done]));
}
