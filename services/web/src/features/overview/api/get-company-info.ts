import useSWR from 'swr';
import type { Company } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';
import { COMPANY_INFO_KEY } from '@/lib/company-info';

/** Cached under one key for the whole console, like the spec's 'companyInfo' cache. */
export { COMPANY_INFO_KEY };

export function useCompanyInfo() {
  return useSWR<{ result: Company }>(COMPANY_INFO_KEY, apiFetcher);
}
