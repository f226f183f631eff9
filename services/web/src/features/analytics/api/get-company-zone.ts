import useSWR from 'swr';
import type { Company } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';
import { COMPANY_INFO_KEY } from '@/lib/company-info';

/** The console's one 'companyInfo' cache key (spec point 2). */


/** The company's time zone, in which the screen counts days; UTC until the company sets one. */
export function useCompanyTimeZone(): { timeZone: string | undefined; error: unknown; retry: () => void } {
  const company = useSWR<{ result: Company }>(COMPANY_INFO_KEY, apiFetcher);
  const timeZone = company.data ? company.data.result.timeZone || 'UTC' : undefined;
  return { timeZone, error: company.error, retry: () => void company.mutate() };
}
