import useSWR from 'swr';
import type { RedirectRule } from '@product-console/shared';
import { apiFetcher } from '@/lib/api-client';

export const productRulesKey = (productId: number, linkType: string) =>
  `/bff/api/entry/links/rules?${new URLSearchParams({ productId: String(productId), linkType })}`;
export const companyRulesKey = (linkType: string) => `/bff/api/service/redirect-rules?${new URLSearchParams({ linkType })}`;

/** The product's redirect rules of one link type, in their order (`GET /api/entry/links/rules`); null key: not loaded. */
export function useProductRules(productId: number | undefined, linkType: string | undefined) {
  return useSWR<{ result: RedirectRule[] }>(productId && linkType ? productRulesKey(productId, linkType) : null, apiFetcher);
}

/** The company's default redirect rules of one link type (`GET /api/service/redirect-rules`). */
export function useCompanyRules(linkType: string | undefined) {
  return useSWR<{ result: RedirectRule[] }>(linkType ? companyRulesKey(linkType) : null, apiFetcher);
}
