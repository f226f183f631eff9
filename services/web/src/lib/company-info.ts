import useSWR from 'swr';
import type { Company } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

/** The spec's 'companyInfo' cache: one key for the whole console. */
export const COMPANY_INFO_KEY = '/bff/api/auth/me/company-info';

/**
 * The product's public address (the API's PUBLIC_URL origin), for the addresses the console shows
 * (access links, the capture and stream addresses): one origin everywhere, as the QR codes have;
 * the console's own origin until the company is read.
 */
export function usePublicOrigin(): string {
  return useSWR<{ result: Company }>(COMPANY_INFO_KEY, apiFetcher).data?.result.publicOrigin ?? window.location.origin;
}
