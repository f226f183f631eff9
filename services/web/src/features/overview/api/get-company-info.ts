import useSWR from 'swr';
import type { Company } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** Cached under one key for the whole console, like the spec's 'companyInfo' cache. */
export const COMPANY_INFO_KEY = '/bff/api/auth/me/company-info';

export function useCompanyInfo() {
  return useSWR<{ result: Company }>(COMPANY_INFO_KEY, apiFetcher);
}
